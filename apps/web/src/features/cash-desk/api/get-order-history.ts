import type { HistoryTicket } from "@tableorder/domain/contracts/cash-desk";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";
import { type HistoryRange, sortHistory } from "../history-range.ts";

export const orderHistoryQueryKey = (range?: HistoryRange) =>
  range ? (["cash-desk", "history", range.startDate, range.endDate] as const) : (["cash-desk", "history"] as const);

/** GET api/admin/order-history?startDate&endDate: the sales of those Athens days, newest first. */
export async function getOrderHistory(range: HistoryRange, signal?: AbortSignal): Promise<readonly HistoryTicket[]> {
  const query = new URLSearchParams({ startDate: range.startDate, endDate: range.endDate });
  return sortHistory(await apiGet<HistoryTicket[]>(`/api/admin/order-history?${query}`, { signal, quiet: true }));
}

export const orderHistoryQueryOptions = (range: HistoryRange, enabled = true) =>
  queryOptions({
    queryKey: orderHistoryQueryKey(range),
    queryFn: ({ signal }) => getOrderHistory(range, signal),
    enabled,
    // A new range keeps the old list on screen (dimmed) until its own arrives.
    placeholderData: keepPreviousData,
  });

export function useOrderHistory(range: HistoryRange, enabled = true) {
  return useQuery(orderHistoryQueryOptions(range, enabled));
}
