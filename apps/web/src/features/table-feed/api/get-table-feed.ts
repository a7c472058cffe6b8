import type { TableState } from "@tableorder/domain/contracts/table";
import type { Language } from "@tableorder/domain/enums";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

export const tableFeedQueryKey = (tableId: number, lang: Language) => ["table-feed", tableId, lang] as const;

/** The whole table's state: venue, ordered items, unpaid total, open requests. */
export function getTableFeed(tableId: number, signal?: AbortSignal): Promise<TableState> {
  return apiGet<TableState>(`/api/orders/${tableId}/feed`, { signal });
}

export function tableFeedQueryOptions(tableId: number, lang: Language, enabled: boolean) {
  return queryOptions({
    queryKey: tableFeedQueryKey(tableId, lang),
    queryFn: ({ signal }) => getTableFeed(tableId, signal),
    enabled,
    // On a language switch the old texts stay on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useTableFeed(tableId: number, lang: Language, enabled = true) {
  return useQuery(tableFeedQueryOptions(tableId, lang, enabled));
}
