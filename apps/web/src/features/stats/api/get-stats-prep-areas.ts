import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

/** GET api/stats/prep-areas: the venue's preparation areas for the PREPARATION filter. */
export function useStatsPrepAreas() {
  return useQuery({
    queryKey: ["stats", "prep-areas"],
    queryFn: ({ signal }) => apiGet<{ id: number; name: string }[]>("/api/stats/prep-areas", { signal }),
    staleTime: 60_000,
  });
}
