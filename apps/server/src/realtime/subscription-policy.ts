import { eq } from "drizzle-orm";
import { isGuestAtTable } from "../auth/policies/table-access.ts";
import type { Principal } from "../auth/principal.ts";
import type { Db } from "../db/client.ts";
import { diningTables, kitchenTickets, preparationAreas } from "../db/schema.ts";
import type { SubscriptionAuthorizer } from "./types.ts";

const STAFF = new Set(["ADMIN", "CASH_DESK", "WAITER"]);
const DESK = new Set(["ADMIN", "CASH_DESK"]);

const TABLE_TOPIC = /^\/topic\/(?:customer\/(?:el|en|de|fr|it)|payment-request|waiter-call|payment-update|menu)\/(\d+)$/;

/**
 * Who may listen where (spec 1 §7, spec 2 §7, spec 3 §7.6): a guest only to the table they
 * checked in to, a cook only to their own area, staff only to their own venue. Everything not
 * named here is refused.
 */
export function createSubscriptionAuthorizer(db: Db): SubscriptionAuthorizer {
  const tableRetailer = async (tableId: number) =>
    (await db.select({ r: diningTables.retailerId }).from(diningTables).where(eq(diningTables.id, tableId)))[0]?.r;
  const areaRetailer = async (areaId: number) =>
    (await db.select({ r: preparationAreas.retailerId }).from(preparationAreas).where(eq(preparationAreas.id, areaId)))[0]?.r;

  return async (principal: Principal, destination: string) => {
    const table = TABLE_TOPIC.exec(destination);
    if (table) {
      const tableId = Number(table[1]);
      const guestTopic = !destination.startsWith("/topic/payment-update/");
      if (principal.role === "USER") return guestTopic && isGuestAtTable(db, principal.userId, tableId);
      return STAFF.has(principal.role) && (await tableRetailer(tableId)) === principal.retailerId;
    }
    if (destination === "/user/queue/kitchen") return principal.role === "COOK" && principal.prepAreaId != null;
    if (destination === "/user/queue/waiter") return principal.role === "WAITER" || principal.role === "CASH_DESK";
    if (destination.startsWith("/user/queue/admin/")) return DESK.has(principal.role);
    const kitchen = /^\/topic\/kitchen\/(\d+)$/.exec(destination);
    if (kitchen) {
      const areaId = Number(kitchen[1]);
      if (principal.role === "COOK") return principal.prepAreaId === areaId;
      return DESK.has(principal.role) && (await areaRetailer(areaId)) === principal.retailerId;
    }
    const ticket = /^\/topic\/kitchen-ticket\/(\d+)$/.exec(destination);
    if (ticket) {
      const [row] = await db
        .select({ areaId: kitchenTickets.preparationAreaId, retailerId: kitchenTickets.retailerId })
        .from(kitchenTickets)
        .where(eq(kitchenTickets.id, Number(ticket[1])));
      if (!row) return false;
      if (principal.role === "COOK") return principal.prepAreaId === row.areaId;
      return DESK.has(principal.role) && row.retailerId === principal.retailerId;
    }
    return false;
  };
}
