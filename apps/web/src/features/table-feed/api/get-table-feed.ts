import type { TableState } from "@tableorder/domain/contracts/table";
import type { UiLanguage } from "@tableorder/domain/enums";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

export const tableFeedQueryKey = (tableId: number, lang: UiLanguage) => ["table-feed", tableId, lang] as const;

/** The whole table's state: venue, ordered items, unpaid total, open requests. */
export function getTableFeed(tableId: number, signal?: AbortSignal): Promise<TableState> {
  return apiGet<TableState>(`/api/orders/${tableId}/feed`, { signal });
}

export function tableFeedQueryOptions(tableId: number, lang: UiLanguage, enabled: boolean) {
  return queryOptions({
    queryKey: tableFeedQueryKey(tableId, lang),
    queryFn: ({ signal }) => getTableFeed(tableId, signal),
    enabled,
    // On a language switch the old texts stay on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useTableFeed(tableId: number, lang: UiLanguage, enabled = true) {
  return useQuery(tableFeedQueryOptions(tableId, lang, enabled));
}
