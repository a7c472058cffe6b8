import { apiFetch } from "../../../lib/api-client.ts";
import { saveCsvFile } from "../../../lib/save-file.ts";
import { type AuditFilters, auditApiQuery } from "../audit-filters.ts";

/**
 * GET api/crm/audit.csv with the screen's filters (every page), saved as a file. A link cannot
 * carry the bearer token, so the file is fetched and handed to the browser as a download.
 */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const query = auditApiQuery(filters);
  query.delete("page");
  saveCsvFile(await apiFetch<string>(`/api/crm/audit.csv?${query}`), "audit.csv");
}
