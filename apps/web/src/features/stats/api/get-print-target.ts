import type { AdminIpResponse } from "@tableorder/domain/contracts/cash-desk";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

/** GET api/admin/ip: where the venue's print agent listens, the till's printer and the venue's name. */
export function usePrintTarget() {
  return useQuery({
    queryKey: ["stats", "print-target"],
    queryFn: ({ signal }) => apiGet<AdminIpResponse>("/api/admin/ip", { signal, quiet: true }),
    staleTime: 60_000,
  });
}
