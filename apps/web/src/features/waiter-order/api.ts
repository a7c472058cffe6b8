import type { MenuCategory } from "@tableorder/domain/contracts/menu";
import type { TableAssignment } from "@tableorder/domain/contracts/waiter";
import type { Language } from "@tableorder/domain/enums";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client.ts";
import { MENU_CACHE_MS } from "../menu/api/get-table-menu.ts";

/** GET api/feed/menu (spec 2 §7): the venue's menu for the waiter, cached for 60 seconds. */
export function useWaiterMenu(lang: Language) {
  return useQuery({
    queryKey: ["waiter-menu", lang],
    queryFn: ({ signal }) => apiGet<MenuCategory[]>("/api/feed/menu", { signal }),
    staleTime: MENU_CACHE_MS,
    placeholderData: keepPreviousData,
  });
}

/** The tables the waiter supervises (select-table, spec 2 §2.2). */
export function useAssignedTables() {
  return useQuery({
    queryKey: ["table-assignments", "assigned"],
    queryFn: ({ signal }) => apiGet<TableAssignment[]>("/api/feed/get-table-assignments?onlyAssigned=true", { signal }),
  });
}

/** The waiter's basket for a table: its own key, apart from any guest's basket on this device. */
export const waiterBasketCode = (tableId: number) => `waiter:${tableId}`;
