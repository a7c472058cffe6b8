import type { TodayGlance } from "@tableorder/domain/contracts/stats";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

export const todayGlanceQueryKey = ["stats", "today"] as const;

/** GET api/stats/today: the landing page's figures. ADMIN only, so only asked for by an admin. */
export function useTodayGlance(enabled: boolean) {
  return useQuery({
    queryKey: todayGlanceQueryKey,
    queryFn: ({ signal }) => apiGet<TodayGlance>("/api/stats/today", { signal, quiet: true }),
    enabled,
    refetchInterval: 60_000,
  });
}
