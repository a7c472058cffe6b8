import type { ClosedArea } from "@tableorder/domain/contracts/menu";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";
import { MENU_CACHE_MS } from "./get-table-menu.ts";

/** The preparation areas closed now, whose dishes the menu leaves out: what the menu's notice names. */
export function getClosedAreas(tableId: number, signal?: AbortSignal): Promise<ClosedArea[]> {
  return apiGet<ClosedArea[]>(`/api/cq-table/${tableId}/closed-areas`, { signal });
}

export function closedAreasQueryOptions(tableId: number) {
  return queryOptions({
    // Under the menu's key, so whatever refetches the menu (useLiveMenu) refetches this with it.
    queryKey: ["menu", tableId, "closed-areas"],
    queryFn: ({ signal }) => getClosedAreas(tableId, signal),
    staleTime: MENU_CACHE_MS,
    meta: { readByAnyone: true },
  });
}

export function useClosedAreas(tableId: number) {
  return useQuery(closedAreasQueryOptions(tableId));
}
