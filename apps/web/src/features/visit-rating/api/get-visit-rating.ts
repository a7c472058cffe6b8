import type { GuestRatingState } from "@tableorder/domain/contracts/ratings";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

export const visitRatingKey = (tableId: number) => ["visit-rating", tableId] as const;

/** GET api/cq-table/{tableId}/rating: the visit the guest may rate here, and their rating of it. */
export function getVisitRating(tableId: number, signal?: AbortSignal): Promise<GuestRatingState> {
  // Quiet: the rating is an optional extra on the success page; without it the page stays as it was.
  return apiGet<GuestRatingState>(`/api/cq-table/${tableId}/rating`, { signal, quiet: true });
}

export const visitRatingQueryOptions = (tableId: number) =>
  queryOptions({ queryKey: visitRatingKey(tableId), queryFn: ({ signal }) => getVisitRating(tableId, signal) });

export function useVisitRating(tableId: number) {
  return useQuery(visitRatingQueryOptions(tableId));
}
