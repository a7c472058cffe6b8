import type { KitchenFeedMessage } from "@tableorder/domain/contracts/kitchen";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { kitchenTickets } from "../../db/schema.ts";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent } from "../../realtime/types.ts";
import { loadTickets } from "./load-tickets.ts";

export const KITCHEN_QUEUE = "/user/queue/kitchen";
export const kitchenTopic = (areaId: number) => `/topic/kitchen/${areaId}`;

/**
 * Pushes new tickets to the cooks of their area (their own queue) and to the cash desk's view
 * of that area, each ticket rendered once per instance and only when someone there listens.
 */
export function projectKitchenTickets(db: Db, hub: StompHub) {
  return async (event: DomainEvent) => {
    if (event.type !== "order.sent") return;
    const ticketIds = event.ticketIds as number[];
    if (!ticketIds.length) return;
    const rows = await db
      .select({ id: kitchenTickets.id, areaId: kitchenTickets.preparationAreaId })
      .from(kitchenTickets)
      .where(inArray(kitchenTickets.id, ticketIds));
    for (const { id, areaId } of rows) {
      const toCooks = hub.subscribers(KITCHEN_QUEUE).some((p) => p.prepAreaId === areaId);
      const topic = kitchenTopic(areaId);
      if (!toCooks && !hub.hasSubscribers(topic)) continue;
      const [ticket] = await loadTickets(db, { areaId, ticketIds: [id] });
      if (!ticket) continue;
      const message: KitchenFeedMessage = { type: "TICKET_UPSERT", ticket };
      if (toCooks) hub.sendToUsers(KITCHEN_QUEUE, (p) => p.prepAreaId === areaId, message);
      hub.send(topic, message);
    }
  };
}
