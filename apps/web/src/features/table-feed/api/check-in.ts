import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";

/**
 * Seats the guest at the table; every table call after it is allowed, before it refused (403).
 * Quiet: the table's screen explains a refusal in its place (a table out of service, say).
 */
export function checkIn(tableId: number): Promise<{ id: number }> {
  return apiPost<{ id: number }>(`/api/cq-table/check-in/${tableId}`, {}, { quiet: true });
}

// The server answers the same reservation when asked again, so this runs as a cached query.
export function checkInQueryOptions(tableId: number | undefined, accountId: number | undefined) {
  return queryOptions({
    queryKey: ["check-in", tableId, accountId],
    queryFn: () => checkIn(tableId as number),
    enabled: tableId !== undefined && accountId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useCheckIn(tableId: number | undefined, accountId: number | undefined) {
  return useQuery(checkInQueryOptions(tableId, accountId));
}
