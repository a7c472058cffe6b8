import type { MenuCategory } from "@tableorder/domain/contracts/menu";
import type { Language } from "@tableorder/domain/enums";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";
import { useLanguage } from "../../../lib/i18n.ts";

/** Spec 2 §7: the cook's menu is cached for 60 seconds and read again on a language change. */
export const CUISINE_MENU_STALE_MS = 60_000;

/** Every area's cached cook's menu: what a switch updates. */
export const CUISINE_MENU_KEY = ["cuisine-menu"] as const;

export const cuisineMenuQueryKey = (areaId: number | null, lang: Language) =>
  [...CUISINE_MENU_KEY, areaId ?? "own", lang] as const;

/** The area's products, switched-off ones included, for the availability editor. */
export function getCuisineMenu(areaId: number | null, signal?: AbortSignal): Promise<MenuCategory[]> {
  // Quiet: the editor shows a failed load itself, with a retry.
  return apiGet<MenuCategory[]>(`/api/cuisine/menu${areaId === null ? "" : `?areaId=${areaId}`}`, { signal, quiet: true });
}

export function useCuisineMenu(areaId: number | null = null) {
  const { site: lang } = useLanguage();
  return useQuery(
    queryOptions({
      queryKey: cuisineMenuQueryKey(areaId, lang),
      queryFn: ({ signal }) => getCuisineMenu(areaId, signal),
      staleTime: CUISINE_MENU_STALE_MS,
    }),
  );
}
