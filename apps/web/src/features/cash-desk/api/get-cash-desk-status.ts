import type { CashDeskStatus } from "@tableorder/domain/contracts/cash-desk";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

export const cashDeskStatusQueryKey = ["cash-desk", "status"] as const;

/** Whether tables, take-aways or preparation areas wait on the till (the header dot, the red tabs). */
export function getCashDeskStatus(signal?: AbortSignal): Promise<CashDeskStatus> {
  // Quiet: a dot that cannot be read is no reason to toast on every admin screen.
  return apiGet<CashDeskStatus>("/api/cash-desk/cash-desk-status", { signal, quiet: true });
}

export const cashDeskStatusQueryOptions = () =>
  queryOptions({ queryKey: cashDeskStatusQueryKey, queryFn: ({ signal }) => getCashDeskStatus(signal) });

export function useCashDeskStatus() {
  return useQuery(cashDeskStatusQueryOptions());
}
