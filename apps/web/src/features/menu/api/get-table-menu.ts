import type { MenuCategory } from "@tableorder/domain/contracts/menu";
import type { UiLanguage } from "@tableorder/domain/enums";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

/** Spec 1 §7: the menu is cached for 60 s, and fetched again on a language change. */
export const MENU_CACHE_MS = 60_000;

export function getTableMenu(tableId: number, signal?: AbortSignal): Promise<MenuCategory[]> {
  return apiGet<MenuCategory[]>(`/api/cq-table/${tableId}/menu`, { signal });
}

export function tableMenuQueryOptions(tableId: number, lang: UiLanguage, enabled = true) {
  return queryOptions({
    queryKey: ["menu", tableId, lang],
    queryFn: ({ signal }) => getTableMenu(tableId, signal),
    staleTime: MENU_CACHE_MS,
    enabled,
    // On a language switch the old texts stay on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    // A venue's menu is the same for whoever reads it, signed in, checked in or not yet.
    meta: { readByAnyone: true },
  });
}

export function useTableMenu(tableId: number, lang: UiLanguage, enabled = true) {
  return useQuery(tableMenuQueryOptions(tableId, lang, enabled));
}
