import type { IncomeStats, StatsRequest } from "@tableorder/domain/contracts/stats";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";

export const statsQueryKey = (request?: StatsRequest) =>
  request ? (["stats", "income", JSON.stringify(request)] as const) : (["stats", "income"] as const);

/** POST api/stats: the income stats of the filters (today, live, when there are none). */
export function getStats(request: StatsRequest, signal?: AbortSignal): Promise<IncomeStats> {
  return apiPost<IncomeStats>("/api/stats", request, { signal });
}

export const statsQueryOptions = (request: StatsRequest) =>
  queryOptions({
    queryKey: statsQueryKey(request),
    queryFn: ({ signal }) => getStats(request, signal),
    // New filters keep the old figures on screen (dimmed) until theirs arrive.
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useStats(request: StatsRequest) {
  return useQuery(statsQueryOptions(request));
}
