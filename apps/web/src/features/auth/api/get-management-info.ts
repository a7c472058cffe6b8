import type { ManagementInfo } from "@tableorder/domain/contracts/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

/** Which identity providers are configured; social buttons show only for those. */
export function getManagementInfo(signal?: AbortSignal): Promise<ManagementInfo> {
  return apiGet<ManagementInfo>("/management/info", { signal });
}

export const managementInfoQueryOptions = queryOptions({
  queryKey: ["management-info"],
  queryFn: ({ signal }) => getManagementInfo(signal),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { readByAnyone: true },
});

export function useManagementInfo() {
  return useQuery(managementInfoQueryOptions);
}
