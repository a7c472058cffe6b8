import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";
import { areaKey, areaQuery, type KitchenArea, OWN_AREA } from "../kitchen-area.ts";

export const areaActiveQueryKey = (area: KitchenArea = OWN_AREA) => ["preparation-area-active", areaKey(area)] as const;

/** Whether the area is open: a closed area's products leave the guests' menus (spec 2 §4.7). */
export function getAreaActive(area: KitchenArea, signal?: AbortSignal): Promise<{ id: number; active: boolean }> {
  // Quiet: until it answers the settings show the feed's own flag.
  return apiGet<{ id: number; active: boolean }>(`/api/cuisine/preparation-area/get-active${areaQuery(area)}`, {
    signal,
    quiet: true,
  });
}

export function useAreaActive(area: KitchenArea = OWN_AREA, enabled = true) {
  return useQuery(
    queryOptions({ queryKey: areaActiveQueryKey(area), queryFn: ({ signal }) => getAreaActive(area, signal), enabled }),
  );
}
