import type { CashDeskPrepAreaCard } from "@tableorder/domain/contracts/cash-desk";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

export const prepAreaCardsQueryKey = ["cash-desk", "prep-areas"] as const;

/** GET api/cash-desk/prep-areas: each preparation area's load and whether it has unprinted tickets. */
export function getPrepAreaCards(signal?: AbortSignal): Promise<CashDeskPrepAreaCard[]> {
  return apiGet<CashDeskPrepAreaCard[]>("/api/cash-desk/prep-areas", { signal, quiet: true });
}

export const prepAreaCardsQueryOptions = () =>
  queryOptions({ queryKey: prepAreaCardsQueryKey, queryFn: ({ signal }) => getPrepAreaCards(signal) });

export function usePrepAreaCards() {
  return useQuery(prepAreaCardsQueryOptions());
}
