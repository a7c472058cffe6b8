import type { KitchenFeed } from "@tableorder/domain/contracts/kitchen";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";
import { type KitchenArea, OWN_AREA } from "../kitchen-area.ts";
import { kitchenFeedQueryKey } from "./get-kitchen-feed.ts";

/** Turns automatic printing of new tickets on or off for the area (spec 2 §4.3). */
export function setAutoPrint(area: KitchenArea, autoPrint: boolean): Promise<{ autoPrint: boolean }> {
  return apiPost<{ autoPrint: boolean }>("/api/feed/kitchen/auto-print", {
    autoPrint,
    ...(area.areaId === null ? {} : { id: area.areaId }),
  });
}

export function useSetAutoPrint(area: KitchenArea = OWN_AREA) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoPrint: boolean) => setAutoPrint(area, autoPrint),
    onSuccess: (_data, autoPrint) =>
      queryClient.setQueryData<KitchenFeed>(kitchenFeedQueryKey(area), (feed) =>
        feed ? { ...feed, hasAutoPrint: autoPrint } : feed,
      ),
  });
}
