import type { AuditPage } from "@tableorder/domain/contracts/audit";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";
import { type AuditFilters, auditApiQuery } from "../audit-filters.ts";

/** GET api/crm/audit: one page of the venue's audit trail, newest first. */
export function getAuditPage(filters: AuditFilters, signal?: AbortSignal): Promise<AuditPage> {
  return apiGet<AuditPage>(`/api/crm/audit?${auditApiQuery(filters)}`, { signal, quiet: true });
}

export const auditPageQueryOptions = (filters: AuditFilters, enabled = true) =>
  queryOptions({
    queryKey: ["audit", "page", filters] as const,
    queryFn: ({ signal }) => getAuditPage(filters, signal),
    enabled,
    // New filters keep the old page on screen (dimmed) until their own arrives.
    placeholderData: keepPreviousData,
  });

export function useAuditPage(filters: AuditFilters, enabled = true) {
  return useQuery(auditPageQueryOptions(filters, enabled));
}
