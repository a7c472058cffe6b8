import type { KitchenFeedMessage } from "@tableorder/domain/contracts/kitchen";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { kitchenTickets } from "../../db/schema.ts";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent } from "../../realtime/types.ts";
import { loadAreaSettings, loadTickets } from "./load-tickets.ts";

export const KITCHEN_QUEUE = "/user/queue/kitchen";
export const kitchenTopic = (areaId: number) => `/topic/kitchen/${areaId}`;
export const kitchenTicketTopic = (ticketId: number) => `/topic/kitchen-ticket/${ticketId}`;

interface TicketRef {
  id: number;
  areaId: number;
  completedAt: Date | string | null;
}

/** The tickets an event changed; a new order names them with their areas, so nothing is read. */
async function changedTickets(db: Db, event: DomainEvent): Promise<TicketRef[]> {
  if (event.type === "order.sent") {
    return (event.tickets as { id: number; areaId: number }[]).map((t) => ({ ...t, completedAt: null }));
  }
  if (event.type !== "ticket.changed") return [];
  return db
    .select({ id: kitchenTickets.id, areaId: kitchenTickets.preparationAreaId, completedAt: kitchenTickets.completedAt })
    .from(kitchenTickets)
    .where(eq(kitchenTickets.id, Number(event.ticketId)));
}

/**
 * Keeps every kitchen screen in step: a new or changed ticket goes to the cooks of its area
 * (their own queue), to the cash desk's view of that area and to anyone watching that one
 * ticket; a completed or emptied ticket leaves the feeds. Tickets are rendered together, once
 * per instance, and only those someone there listens to.
 */
export function projectKitchenTickets(db: Db, hub: StompHub) {
  return async (event: DomainEvent) => {
    if (event.type === "preparation-area.changed") return projectAreaSettings(db, hub, event);
    const changed = (await changedTickets(db, event)).map((ref) => ({
      ...ref,
      toCooks: hub.subscribers(KITCHEN_QUEUE).some((p) => p.prepAreaId === ref.areaId),
      toDesk: hub.hasSubscribers(kitchenTopic(ref.areaId)),
      toWatchers: hub.hasSubscribers(kitchenTicketTopic(ref.id)),
    }));
    const wanted = changed.filter((t) => t.toCooks || t.toDesk || t.toWatchers);
    if (!wanted.length) return;
    const rendered = new Map((await loadTickets(db, { ticketIds: wanted.map((t) => t.id) })).map((t) => [t.id, t]));
    for (const { id, areaId, completedAt, toCooks, toDesk, toWatchers } of wanted) {
      const ticket = rendered.get(id);
      if (!ticket) continue;
      // A ticket whose every piece was cancelled leaves the feed like a completed one.
      const gone = completedAt != null || ticket.products.length === 0;
      const message: KitchenFeedMessage = gone ? { type: "TICKET_REMOVED", ticketId: id } : { type: "TICKET_UPSERT", ticket };
      if (toCooks) hub.sendToUsers(KITCHEN_QUEUE, (p) => p.prepAreaId === areaId, message);
      if (toDesk) hub.send(kitchenTopic(areaId), message);
      if (toWatchers) hub.send(kitchenTicketTopic(id), ticket);
    }
  };
}

/** Another screen opened or closed the area or changed its printing: every screen of it follows. */
async function projectAreaSettings(db: Db, hub: StompHub, event: DomainEvent): Promise<void> {
  const areaId = Number(event.preparationAreaId);
  const toCooks = hub.subscribers(KITCHEN_QUEUE).some((p) => p.prepAreaId === areaId);
  const toDesk = hub.hasSubscribers(kitchenTopic(areaId));
  if (!toCooks && !toDesk) return;
  const message: KitchenFeedMessage = { type: "AREA_UPDATED", area: await loadAreaSettings(db, event.retailerId, areaId) };
  if (toCooks) hub.sendToUsers(KITCHEN_QUEUE, (p) => p.prepAreaId === areaId, message);
  if (toDesk) hub.send(kitchenTopic(areaId), message);
}
