import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { diningTables } from "../../db/schema.ts";
import { CATALOG_CHANGING_EVENTS } from "../../lib/venue-cache.ts";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent } from "../../realtime/types.ts";

/** Where a table's guests hear that the venue's menu changed. */
export const menuTopic = (tableId: number) => `/topic/menu/${tableId}`;

/** Events after which what a guest's menu shows may differ. */
const MENU_EVENTS = new Set([...CATALOG_CHANGING_EVENTS, "retailer.changed"]);

/**
 * Tells the guests at a venue's tables that its menu changed (a product switched off, a price
 * edited, a new dish), so open menus refetch at once instead of after their 60 s cache. The
 * message is only a signal: each guest reads the menu over HTTP in their own language, from the
 * server's cache that the same event has already dropped.
 */
export function projectMenuChanges(db: Db, hub: StompHub) {
  return async (event: DomainEvent) => {
    if (!MENU_EVENTS.has(event.type)) return;
    const tables = await db
      .select({ id: diningTables.id })
      .from(diningTables)
      .where(eq(diningTables.retailerId, event.retailerId));
    for (const { id } of tables) if (hub.hasSubscribers(menuTopic(id))) hub.send(menuTopic(id), { changed: event.type });
  };
}
