import { type KitchenFeedMessage, type KitchenTicket, ticketOnScreen } from "@tableorder/domain/contracts/kitchen";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { kitchenTickets } from "../../db/schema.ts";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent, TicketFacts } from "../../realtime/types.ts";
import { loadAreaSettings, loadTickets, renderTicket } from "./load-tickets.ts";

export const KITCHEN_QUEUE = "/user/queue/kitchen";
export const kitchenTopic = (areaId: number) => `/topic/kitchen/${areaId}`;
export const kitchenTicketTopic = (ticketId: number) => `/topic/kitchen-ticket/${ticketId}`;

interface TicketRef {
  id: number;
  areaId: number;
  completedAt: Date | string | null;
}

/** The tickets a change touched, read back to be rendered as they are now. */
async function changedTickets(db: Db, event: DomainEvent): Promise<TicketRef[]> {
  if (event.type !== "ticket.changed") return [];
  return db
    .select({ id: kitchenTickets.id, areaId: kitchenTickets.preparationAreaId, completedAt: kitchenTickets.completedAt })
    .from(kitchenTickets)
    .where(eq(kitchenTickets.id, Number(event.ticketId)));
}

interface Audience {
  toCooks: boolean;
  toDesk: boolean;
  toWatchers: boolean;
}

/** Who on this instance hears about a ticket of an area; null when nobody does. */
function audience(hub: StompHub, ticket: { id: number; areaId: number }): Audience | null {
  const to = {
    toCooks: hub.hasSubscribers(KITCHEN_QUEUE, (p) => p.prepAreaId === ticket.areaId),
    toDesk: hub.hasSubscribers(kitchenTopic(ticket.areaId)),
    toWatchers: hub.hasSubscribers(kitchenTicketTopic(ticket.id)),
  };
  return to.toCooks || to.toDesk || to.toWatchers ? to : null;
}

function deliver(hub: StompHub, areaId: number, ticket: KitchenTicket, gone: boolean, to: Audience): void {
  const message: KitchenFeedMessage = gone ? { type: "TICKET_REMOVED", ticketId: ticket.id } : { type: "TICKET_UPSERT", ticket };
  if (to.toCooks) hub.sendToUsers(KITCHEN_QUEUE, (p) => p.prepAreaId === areaId, message);
  if (to.toDesk) hub.send(kitchenTopic(areaId), message);
  if (to.toWatchers) hub.send(kitchenTicketTopic(ticket.id), ticket);
}

/**
 * Told, for each ticket of a new order that reached its area's screens here (its cooks or the cash
 * desk's view of the area), when the order was committed (epoch ms): the metrics' order→kitchen time.
 */
export type TicketDelivered = (committedAt: number) => void;

/**
 * Keeps every kitchen screen in step: a new or changed ticket goes to the cooks of its area
 * (their own queue), to the cash desk's view of that area and to anyone watching that one
 * ticket; a completed or emptied ticket leaves the feeds. A new order's tickets come with the
 * event, so the busiest path reads nothing; a changed ticket is read back, once per instance,
 * and only when someone there listens.
 */
export function projectKitchenTickets(db: Db, hub: StompHub, ticketDelivered: TicketDelivered = () => undefined) {
  return async (event: DomainEvent) => {
    if (event.type === "preparation-area.changed") return projectAreaSettings(db, hub, event);
    if (event.type === "order.sent") {
      for (const facts of event.sentTickets as TicketFacts[]) {
        const to = audience(hub, facts);
        if (!to) continue;
        deliver(hub, facts.areaId, renderTicket(facts), false, to);
        if ((to.toCooks || to.toDesk) && typeof event.committedAt === "number") ticketDelivered(event.committedAt);
      }
      return;
    }
    const wanted = (await changedTickets(db, event)).flatMap((ref) => {
      const to = audience(hub, ref);
      return to ? [{ ...ref, to }] : [];
    });
    if (!wanted.length) return;
    const rendered = new Map((await loadTickets(db, { ticketIds: wanted.map((t) => t.id) })).map((t) => [t.id, t]));
    for (const { id, areaId, completedAt, to } of wanted) {
      const ticket = rendered.get(id);
      if (!ticket) continue;
      // A ticket whose every piece was cancelled, once a cook acknowledged it, leaves the feed like
      // a completed one.
      deliver(hub, areaId, ticket, completedAt != null || !ticketOnScreen(ticket), to);
    }
  };
}

/** Another screen opened or closed the area or changed its printing: every screen of it follows. */
async function projectAreaSettings(db: Db, hub: StompHub, event: DomainEvent): Promise<void> {
  const areaId = Number(event.preparationAreaId);
  const toCooks = hub.hasSubscribers(KITCHEN_QUEUE, (p) => p.prepAreaId === areaId);
  const toDesk = hub.hasSubscribers(kitchenTopic(areaId));
  if (!toCooks && !toDesk) return;
  const message: KitchenFeedMessage = { type: "AREA_UPDATED", area: await loadAreaSettings(db, event.retailerId, areaId) };
  if (toCooks) hub.sendToUsers(KITCHEN_QUEUE, (p) => p.prepAreaId === areaId, message);
  if (toDesk) hub.send(kitchenTopic(areaId), message);
}
