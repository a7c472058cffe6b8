import type { KitchenFeedMessage } from "@tableorder/domain/contracts/kitchen";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { kitchenTickets } from "../../db/schema.ts";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent } from "../../realtime/types.ts";
import { loadTickets } from "./load-tickets.ts";

export const KITCHEN_QUEUE = "/user/queue/kitchen";
export const kitchenTopic = (areaId: number) => `/topic/kitchen/${areaId}`;
export const kitchenTicketTopic = (ticketId: number) => `/topic/kitchen-ticket/${ticketId}`;

function changedTicketIds(event: DomainEvent): number[] {
  if (event.type === "order.sent") return event.ticketIds as number[];
  if (event.type === "ticket.changed") return [Number(event.ticketId)];
  return [];
}

/**
 * Keeps every kitchen screen in step: a new or changed ticket goes to the cooks of its area
 * (their own queue), to the cash desk's view of that area and to anyone watching that one
 * ticket; a completed ticket leaves the feeds. Each ticket is rendered once per instance and only
 * when someone there listens.
 */
export function projectKitchenTickets(db: Db, hub: StompHub) {
  return async (event: DomainEvent) => {
    const ticketIds = changedTicketIds(event);
    if (!ticketIds.length) return;
    const rows = await db
      .select({ id: kitchenTickets.id, areaId: kitchenTickets.preparationAreaId, completedAt: kitchenTickets.completedAt })
      .from(kitchenTickets)
      .where(inArray(kitchenTickets.id, ticketIds));
    for (const { id, areaId, completedAt } of rows) {
      const toCooks = hub.subscribers(KITCHEN_QUEUE).some((p) => p.prepAreaId === areaId);
      const feedTopic = kitchenTopic(areaId);
      const ticketTopic = kitchenTicketTopic(id);
      const toDesk = hub.hasSubscribers(feedTopic);
      const toWatchers = hub.hasSubscribers(ticketTopic);
      if (!toCooks && !toDesk && !toWatchers) continue;
      const [ticket] = await loadTickets(db, { areaId, ticketIds: [id] });
      if (!ticket) continue;
      // A ticket whose every piece was cancelled leaves the feed like a completed one.
      const gone = completedAt != null || ticket.products.length === 0;
      const message: KitchenFeedMessage = gone ? { type: "TICKET_REMOVED", ticketId: id } : { type: "TICKET_UPSERT", ticket };
      if (toCooks) hub.sendToUsers(KITCHEN_QUEUE, (p) => p.prepAreaId === areaId, message);
      if (toDesk) hub.send(feedTopic, message);
      if (toWatchers) hub.send(ticketTopic, ticket);
    }
  };
}
