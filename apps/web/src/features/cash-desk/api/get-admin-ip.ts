import type { AdminIpResponse } from "@tableorder/domain/contracts/cash-desk";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

export const adminIpQueryKey = ["admin", "ip"] as const;

/**
 * GET api/admin/ip (spec 3 §6, §7.2): the dashboard data the admin and the cash desk may both
 * read: the venue's print agent (address, ws://…), the till's printer (printerIp), its name.
 */
export function getAdminIp(signal?: AbortSignal): Promise<AdminIpResponse> {
  return apiGet<AdminIpResponse>("/api/admin/ip", { signal, quiet: true });
}

export const adminIpQueryOptions = () =>
  queryOptions({
    queryKey: adminIpQueryKey,
    queryFn: ({ signal }) => getAdminIp(signal),
    // Changed only from the shop settings; a reload or a new sign-in reads it again.
    staleTime: 5 * 60_000,
  });

export function useAdminIp(enabled = true) {
  return useQuery({ ...adminIpQueryOptions(), enabled });
}
