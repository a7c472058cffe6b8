import type { CashDeskCard } from "@tableorder/domain/contracts/cash-desk";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

/** The two card lists of the cash desk: tables and take-aways share their shape and behaviour. */
export type CardKind = "tables" | "take-away";

export const cashDeskCardsQueryKey = (kind: CardKind) => ["cash-desk", "cards", kind] as const;

/** GET api/cash-desk/tables or api/cash-desk/take-away: the open bills, as cards. */
export function getCashDeskCards(kind: CardKind, signal?: AbortSignal): Promise<CashDeskCard[]> {
  // Quiet: the tab shows a failed load itself, with a retry.
  return apiGet<CashDeskCard[]>(`/api/cash-desk/${kind}`, { signal, quiet: true });
}

export const cashDeskCardsQueryOptions = (kind: CardKind) =>
  queryOptions({ queryKey: cashDeskCardsQueryKey(kind), queryFn: ({ signal }) => getCashDeskCards(kind, signal) });

export function useCashDeskCards(kind: CardKind) {
  return useQuery(cashDeskCardsQueryOptions(kind));
}
