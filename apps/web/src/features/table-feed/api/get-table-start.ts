import type { TableStart } from "@tableorder/domain/contracts/table";
import { apiGet } from "../../../lib/api-client.ts";

/**
 * What a guest's table page needs to start, in one answer: the table behind the code, the venue,
 * the menu in the reader's language, the closed areas, and for a guest checked in here their
 * reservation. Quiet, like the code lookup: the screen explains an unknown code itself. Its parts
 * are kept under the keys of the calls it stands in for (app/routes/customer/table-start.ts).
 */
export function getTableStart(code: string, signal?: AbortSignal): Promise<TableStart> {
  return apiGet<TableStart>(`/api/cq-table/code/${encodeURIComponent(code)}/start`, { quiet: true, signal });
}
