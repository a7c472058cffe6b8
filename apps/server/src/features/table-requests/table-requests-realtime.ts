import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { waiterRequests } from "../../db/schema.ts";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent } from "../../realtime/types.ts";
import { PAYMENT_REQUEST_TYPES } from "./table-requests.ts";

/**
 * Tells a table's guests which waiter call and payment request are open, on the spec's two small
 * topics; the whole table state travels on /topic/customer as well.
 */
export function projectTableRequests(db: Db, hub: StompHub) {
  return async (event: DomainEvent) => {
    if (event.type !== "table.changed") return;
    const tableId = Number(event.tableId);
    const callTopic = `/topic/waiter-call/${tableId}`;
    const paymentTopic = `/topic/payment-request/${tableId}`;
    if (!hub.hasSubscribers(callTopic) && !hub.hasSubscribers(paymentTopic)) return;
    const open = await db
      .select({ id: waiterRequests.id, type: waiterRequests.type })
      .from(waiterRequests)
      .where(
        and(
          eq(waiterRequests.tableId, tableId),
          eq(waiterRequests.status, "ACTIVE"),
          inArray(waiterRequests.type, ["WAITER_CALL", ...PAYMENT_REQUEST_TYPES]),
        ),
      );
    const call = open.find((r) => r.type === "WAITER_CALL");
    const payment = open.find((r) => r.type !== "WAITER_CALL");
    hub.send(callTopic, { requestId: call?.id ?? null });
    hub.send(paymentTopic, { requestId: payment?.id ?? null });
  };
}
