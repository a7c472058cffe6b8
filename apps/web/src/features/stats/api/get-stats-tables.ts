import type { StatsTable } from "@tableorder/domain/contracts/stats";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

/** GET api/stats/active-tables: the venue's tables for the TABLE filter. */
export function useStatsTables() {
  return useQuery({
    queryKey: ["stats", "tables"],
    queryFn: ({ signal }) => apiGet<StatsTable[]>("/api/stats/active-tables", { signal }),
    staleTime: 60_000,
  });
}
