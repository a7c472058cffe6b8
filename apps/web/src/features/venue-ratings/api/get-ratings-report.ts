import type { RatingsReport } from "@tableorder/domain/contracts/ratings";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";
import { type RatingsFilters, ratingsApiQuery } from "../ratings-filters.ts";

/** GET api/crm/ratings: the venue's ratings of the range, with the averages per day and per waiter. */
export function getRatingsReport(filters: RatingsFilters, signal?: AbortSignal): Promise<RatingsReport> {
  // Not quiet: a failure is a toast (spec 1 §8), and the screen offers to try again.
  return apiGet<RatingsReport>(`/api/crm/ratings?${ratingsApiQuery(filters)}`, { signal });
}

export const ratingsReportQueryOptions = (filters: RatingsFilters, enabled = true) =>
  queryOptions({
    queryKey: ["ratings", "report", filters] as const,
    queryFn: ({ signal }) => getRatingsReport(filters, signal),
    enabled,
    // New filters keep the old report on screen (dimmed) until their own arrives.
    placeholderData: keepPreviousData,
  });

export function useRatingsReport(filters: RatingsFilters, enabled = true) {
  return useQuery(ratingsReportQueryOptions(filters, enabled));
}
