import type { tableLookup } from "@tableorder/domain/contracts/table";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiGet } from "../../../lib/api-client.ts";

export type TableLookup = z.infer<typeof tableLookup>;

/** The table behind the code printed on its device; the screen explains an unknown code itself. */
export function getTableByCode(code: string, signal?: AbortSignal): Promise<TableLookup> {
  return apiGet<TableLookup>(`/api/cq-table/code/${encodeURIComponent(code)}`, { quiet: true, signal });
}

export function tableByCodeQueryOptions(code: string, enabled: boolean) {
  return queryOptions({
    queryKey: ["table-code", code],
    queryFn: ({ signal }) => getTableByCode(code, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useTableByCode(code: string, enabled: boolean) {
  return useQuery(tableByCodeQueryOptions(code, enabled));
}
