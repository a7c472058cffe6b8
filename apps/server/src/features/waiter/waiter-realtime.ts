import type { TerminalSaleFailedMessage, WaiterFeedMessage } from "@tableorder/domain/contracts/waiter";
import { DEFAULT_LANGUAGE } from "@tableorder/domain/enums";
import { eq } from "drizzle-orm";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { cardTerminals, diningTables, payments, retailers, tableWaiters } from "../../db/schema.ts";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent } from "../../realtime/types.ts";
import { PAYMENT_UPDATED } from "../card-terminals/terminal-sales.ts";
import { loadWaiterFeed } from "./load-waiter-feed.ts";
import { loadNewOrderCards } from "./new-order-cards.ts";

export const WAITER_QUEUE = "/user/queue/waiter";

/**
 * Events after which a table's waiter tasks may differ. `ticket.changed` and `order.sent` are
 * always published together with `table.changed` for the same table, so they are not rendered a
 * second time.
 */
const TASK_EVENTS = new Set(["waiter-tasks.changed", "table.changed"]);

/**
 * Keeps every waiter's service feed in step: when a table's tasks may have changed, its current
 * active tasks go to each waiter of the venue on this instance who sees that table (a supervisor,
 * anyone when the venue lets waiters see all tables, and the cash desk). The message replaces the
 * table's tasks (and its new-order cards) on the screen, so a task one waiter handled vanishes for all. Rendered once per
 * event, and only when someone here listens.
 */
export function projectWaiterFeed(db: Db, hub: StompHub) {
  return async (event: DomainEvent) => {
    if (!TASK_EVENTS.has(event.type) || event.tableId == null) return;
    const { retailerId } = event;
    const tableId = Number(event.tableId);
    const listeners = hub.subscribers(WAITER_QUEUE, (p) => p.retailerId === retailerId);
    if (!listeners.length) return;
    const [venue] = await db.select({ all: retailers.waitersSeeAllTables }).from(retailers).where(eq(retailers.id, retailerId));
    const supervisors = new Set(
      (await db.select({ userId: tableWaiters.userId }).from(tableWaiters).where(eq(tableWaiters.tableId, tableId))).map(
        (r) => r.userId,
      ),
    );
    const sees = (p: Principal) =>
      p.retailerId === retailerId && (p.role !== "WAITER" || Boolean(venue?.all) || supervisors.has(p.userId));
    // A waiter who stopped supervising the table clears its tasks from their screen.
    const leftId = event.unassignedUserId == null ? null : Number(event.unassignedUserId);
    const left = (p: Principal) => p.userId === leftId && !sees(p);
    if (listeners.some(left)) {
      const cleared: WaiterFeedMessage = { type: "TABLE_TASKS", tableId, items: [], newOrders: [] };
      hub.sendToUsers(WAITER_QUEUE, left, cleared);
    }
    if (!listeners.some(sees)) return;
    // Staff screens are Greek (spec 2 §1); the pushed names are in Greek, like the screens.
    const [items, newOrders] = await Promise.all([
      loadWaiterFeed(db, { retailerId, lang: DEFAULT_LANGUAGE, tableIds: [tableId] }),
      loadNewOrderCards(db, { retailerId, tableIds: [tableId] }),
    ]);
    const message: WaiterFeedMessage = { type: "TABLE_TASKS", tableId, items, newOrders };
    hub.sendToUsers(WAITER_QUEUE, sees, message);
  };
}

/**
 * Tells the waiter who started a table's card sale that the terminal did not take it (declined,
 * aborted or timed out), on their own queue, so they hear it on whatever screen they are: the
 * pending screen they may have left waits no more, and the pieces are payable again.
 */
export function projectTerminalSaleFailures(db: Db, hub: StompHub) {
  return async (event: DomainEvent) => {
    if (event.type !== PAYMENT_UPDATED || event.status !== "FAILED" || event.tableId == null) return;
    const { retailerId } = event;
    if (!hub.hasSubscribers(WAITER_QUEUE, (p) => p.retailerId === retailerId)) return;
    const [sale] = await db
      .select({ payment: payments, tableLabel: diningTables.label, terminalName: cardTerminals.friendlyName })
      .from(payments)
      .innerJoin(diningTables, eq(diningTables.id, payments.tableId))
      .innerJoin(cardTerminals, eq(cardTerminals.id, payments.cardTerminalId))
      .where(eq(payments.id, Number(event.paymentId)));
    const starter = sale?.payment.startedByUserId ?? sale?.payment.collectedByUserId;
    if (!sale || starter == null || sale.payment.retailerId !== retailerId) return;
    const message: TerminalSaleFailedMessage = {
      type: "TERMINAL_SALE_FAILED",
      tableId: sale.payment.tableId as number,
      tableLabel: sale.tableLabel,
      paymentId: sale.payment.id,
      amount: sale.payment.cardCents,
      terminalName: sale.terminalName,
    };
    hub.sendToUsers(WAITER_QUEUE, (p) => p.retailerId === retailerId && p.userId === starter, message);
  };
}
