import type { tableLookup } from "@tableorder/domain/contracts/table";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiGet } from "../../../lib/api-client.ts";

export type TableLookup = z.infer<typeof tableLookup>;

/**
 * The table behind the code printed on its device; the screen explains an unknown code itself.
 * Anyone may look a code up, so a phone asks while its guest is still signing in.
 */
export function getTableByCode(code: string, signal?: AbortSignal): Promise<TableLookup> {
  return apiGet<TableLookup>(`/api/cq-table/code/${encodeURIComponent(code)}`, { quiet: true, signal });
}

export function tableByCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: ["table-code", code],
    queryFn: ({ signal }) => getTableByCode(code, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { readByAnyone: true },
  });
}

export function useTableByCode(code: string) {
  return useQuery(tableByCodeQueryOptions(code));
}
