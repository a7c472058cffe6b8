import type { SetupChecklist } from "@tableorder/domain/contracts/crm-retailer";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client.ts";

/**
 * The new venue's first-run guide (issue 18), read from the venue's own data. Read again whenever
 * the landing page shows or the window regains focus (the QR sheet opens in another tab), so the
 * list ticks itself as the administrator comes back from each screen.
 */
export function useSetupChecklist(enabled: boolean) {
  return useQuery({
    queryKey: ["crm", "setup-checklist"],
    queryFn: ({ signal }) => apiGet<SetupChecklist>("/api/crm/setup-checklist", { signal, quiet: true }),
    enabled,
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });
}
