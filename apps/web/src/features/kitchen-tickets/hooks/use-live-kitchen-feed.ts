import type { KitchenFeed, KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useQueryClient } from "@tanstack/react-query";
import { type RealtimeStatus, useRealtime } from "../../../lib/realtime.ts";
import { areaActiveQueryKey } from "../api/get-area-active.ts";
import { kitchenFeedQueryKey } from "../api/get-kitchen-feed.ts";
import { kitchenTicketQueryKey } from "../api/get-kitchen-ticket.ts";
import { recallableTicketsQueryKey } from "../api/get-recallable-tickets.ts";
import { applyKitchenMessage, isKitchenFeedMessage } from "../apply-kitchen-message.ts";
import { type KitchenArea, OWN_AREA } from "../kitchen-area.ts";

/** The cook's own queue (spec 2 §7): tickets of their area only. */
export const KITCHEN_QUEUE = "/user/queue/kitchen";
/** The cash desk's view of one area. */
export const kitchenTopic = (areaId: number) => `/topic/kitchen/${areaId}`;

/**
 * Keeps the ticket feed live: pushed tickets are added, replaced or taken away in place, without
 * a reload; after every (re)connection the feed is fetched again so no ticket sent meanwhile is
 * missed, and a ticket pushed twice replaces itself instead of showing twice.
 */
export function useLiveKitchenFeed(area: KitchenArea = OWN_AREA, enabled = true): RealtimeStatus {
  const queryClient = useQueryClient();
  const queryKey = kitchenFeedQueryKey(area);
  const destination = !enabled ? null : area.areaId === null ? KITCHEN_QUEUE : kitchenTopic(area.areaId);
  return useRealtime(
    destination,
    (body) => {
      if (!isKitchenFeedMessage(body)) return;
      // A fetch already under way may have read the database before this change: read again.
      if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: true });
      queryClient.setQueryData<KitchenFeed>(queryKey, (feed) => (feed ? applyKitchenMessage(feed, body) : feed));
      if (body.type === "AREA_UPDATED") {
        queryClient.setQueryData(areaActiveQueryKey(area), { id: body.area.id, active: body.area.isPreparationAreaAvailable });
      }
      // A ticket leaves the board when it is done: an open Recall list shows it at once.
      if (body.type === "TICKET_REMOVED") void queryClient.invalidateQueries({ queryKey: recallableTicketsQueryKey(area) });
      // An open ticket screen shows the same ticket: keep it in step too.
      if (body.type === "TICKET_UPSERT") {
        queryClient.setQueryData<KitchenTicket>(kitchenTicketQueryKey(body.ticket.id), (ticket) =>
          ticket ? body.ticket : ticket,
        );
      }
    },
    () => void queryClient.invalidateQueries({ queryKey }),
  );
}
