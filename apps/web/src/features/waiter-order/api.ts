import type { ClosedArea, MenuCategory } from "@tableorder/domain/contracts/menu";
import type { TableAssignment } from "@tableorder/domain/contracts/waiter";
import type { Language, ServiceMode } from "@tableorder/domain/enums";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client.ts";
import { MENU_CACHE_MS } from "../menu/api/get-table-menu.ts";

/**
 * GET api/feed/menu (spec 2 §7): the venue's menu for the waiter, cached for 60 seconds. The cash
 * desk's take-away asks for it with serviceMode=TAKE_AWAY: the same menu at take-away prices.
 */
export function useWaiterMenu(lang: Language, serviceMode: ServiceMode = "DINE_IN") {
  return useQuery({
    queryKey: [...WAITER_MENU_KEY, lang, serviceMode],
    queryFn: ({ signal }) =>
      apiGet<MenuCategory[]>(serviceMode === "DINE_IN" ? "/api/feed/menu" : `/api/feed/menu?serviceMode=${serviceMode}`, {
        signal,
      }),
    staleTime: MENU_CACHE_MS,
    placeholderData: keepPreviousData,
  });
}

/** Where the waiter's menu and what marks it live: refetching this key refreshes both. */
export const WAITER_MENU_KEY = ["waiter-menu"] as const;

/**
 * GET api/feed/closed-areas: the venue's closed preparation areas, whose dishes the waiter's menu
 * still lists (it is also the Availability tab) but marks as not orderable, as the guest's menu
 * leaves them out.
 */
export function useWaiterClosedAreas() {
  return useQuery({
    queryKey: [...WAITER_MENU_KEY, "closed-areas"],
    queryFn: ({ signal }) => apiGet<ClosedArea[]>("/api/feed/closed-areas", { signal }),
    staleTime: MENU_CACHE_MS,
  });
}

/** The tables the waiter supervises (select-table, spec 2 §2.2). */
export function useAssignedTables() {
  return useQuery({
    queryKey: ["table-assignments", "assigned"],
    queryFn: ({ signal }) => apiGet<TableAssignment[]>("/api/feed/get-table-assignments?onlyAssigned=true", { signal }),
  });
}
