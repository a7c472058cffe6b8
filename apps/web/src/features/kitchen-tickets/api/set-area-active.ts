import type { KitchenFeed } from "@tableorder/domain/contracts/kitchen";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";
import { type KitchenArea, OWN_AREA } from "../kitchen-area.ts";
import { areaActiveQueryKey } from "./get-area-active.ts";
import { kitchenFeedQueryKey } from "./get-kitchen-feed.ts";

/** Opens or closes the area (labels Ανοικτός / Κλειστός, spec 2 §4.3). */
export function setAreaActive(area: KitchenArea, active: boolean): Promise<{ id: number; active: boolean }> {
  return apiPost<{ id: number; active: boolean }>("/api/cuisine/preparation-area/set-active", {
    active,
    ...(area.areaId === null ? {} : { id: area.areaId }),
  });
}

/** The feed's own flag follows at once: the server pushes no area change to the cook's queue. */
export function useSetAreaActive(area: KitchenArea = OWN_AREA) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (active: boolean) => setAreaActive(area, active),
    onSuccess: (data) => {
      queryClient.setQueryData(areaActiveQueryKey(area), data);
      queryClient.setQueryData<KitchenFeed>(kitchenFeedQueryKey(area), (feed) =>
        feed ? { ...feed, isPreparationAreaAvailable: data.active } : feed,
      );
    },
  });
}
