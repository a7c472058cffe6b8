import { incomeStats, STATS_QUEUE, type StatsRequest } from "@tableorder/domain/contracts/stats";
import { useQueryClient } from "@tanstack/react-query";
import { useRealtime } from "../../../lib/realtime.ts";
import { statsQueryKey, useStats } from "../api/get-stats.ts";

/**
 * The stats of the filters; with none (live), today's figures are replaced by each push on the
 * owner's queue and read again after every (re)connection (issue 14).
 */
export function useLiveStats(request: StatsRequest) {
  const queryClient = useQueryClient();
  const query = useStats(request);
  const live = request.live === true;
  const realtime = useRealtime(
    live ? STATS_QUEUE : null,
    (body) => {
      const parsed = incomeStats.safeParse(body);
      if (parsed.success) queryClient.setQueryData(statsQueryKey(request), parsed.data);
    },
    () => void queryClient.invalidateQueries({ queryKey: statsQueryKey(request) }),
  );
  return { ...query, realtime: live ? realtime : null };
}
