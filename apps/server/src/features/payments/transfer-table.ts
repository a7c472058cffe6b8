import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { kitchenTickets, orderProducts, orders, payments, tableSessions, waiterRequests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordAudit } from "../../lib/audit-trail.ts";
import { foldPickups } from "../../lib/delivery-tasks.ts";
import { heldUnitIds } from "../../lib/settle-payment.ts";
import type { EventBus } from "../../realtime/types.ts";
import { lockTables, openSession } from "./complete-orders.ts";

/**
 * Moves a table's open bill to another table of the venue (spec 2 §4.5): the whole session when
 * the target has none open, else the unpaid units join the target's open session and the emptied
 * source session closes. Everything else that names the table moves with it in the same
 * transaction, so nobody serves or collects at the old table:
 * - kitchen tickets of the bill's orders. A ticket follows the guests, not its pieces' payment: when
 *   only the unpaid units join the target's bill (the target was open), a ticket whose pieces are
 *   partly paid still moves whole, and its paid dishes not yet served move to the target table
 *   (their payment stays with the closed bill), because they are eaten where the guests now sit.
 *   The ticket remembers where it came from, so the cook is told;
 * - the table's active requests (payment requests, calls, pickup tasks), also those without a
 *   session; a pickup joining a table that has its own for the same area folds into it, so the
 *   waiter still sees one card per trip (foldPickups);
 * - the session's payments, when the whole session moves, so its history names one table.
 * A card payment still in flight (online or at a terminal) keeps the transfer refused with
 * active_payment_exists until it completes or lapses, as before: the guest who started it reads its
 * outcome through the table their token names, the terminal reports to the old table's topic, and
 * once the units joined another session it would settle against a session it no longer matches.
 */
export async function transferTable(options: {
  db: Db;
  events: EventBus;
  principal: Principal;
  tableId: number;
  targetTableId: number;
}) {
  const { db, principal, tableId, targetTableId } = options;
  if (tableId === targetTableId) throw new AppError("same_table_transfer", 400);
  const source = await authorizeTable(db, principal, tableId);
  const target = await authorizeTable(db, principal, targetTableId);
  // A bill moves to a table, never into a take-away.
  if (target.kind !== "TABLE") throw new AppError("table_not_found", 404);
  if (source.retailerId !== target.retailerId) throw new AppError("forbidden", 403);
  const { from, sessionId, tickets } = await db.transaction(async (tx) => {
    await lockTables(tx, [tableId, targetTableId]);
    const session = await openSession(tx, tableId);
    if (!session) throw new AppError("product_not_in_current_order", 400);
    const targetSession = await openSession(tx, targetTableId);
    const now = new Date();
    const held = await heldUnitIds(tx, tableId, now);
    if (held.size) throw new AppError("active_payment_exists", 400, { orderProductIds: [...held] });
    const unpaid = await tx
      .select()
      .from(orderProducts)
      .where(and(eq(orderProducts.sessionId, session.id), eq(orderProducts.paymentStatus, "UNPAID")));
    const unpaidCents = unpaid.reduce((sum, u) => sum + u.unitPriceCents - u.discountCents, 0);
    await recordAudit(tx, principal, {
      kind: "TABLE_TRANSFERRED",
      table: source,
      subject: target.label,
      amountBeforeCents: unpaidCents,
      amountAfterCents: unpaidCents,
      details: { targetTableId, orderProductIds: unpaid.map((u) => u.id) },
    });
    const tickets = await tx
      .update(kitchenTickets)
      .set({ tableId: targetTableId, movedFromTableId: tableId })
      .where(
        and(
          eq(kitchenTickets.tableId, tableId),
          // The tickets holding the bill's pieces: an order sent at another table whose pieces an
          // earlier transfer brought here belongs to that table's session, not to this one.
          inArray(
            kitchenTickets.id,
            tx.select({ id: orderProducts.ticketId }).from(orderProducts).where(eq(orderProducts.sessionId, session.id)),
          ),
        ),
      )
      .returning({ id: kitchenTickets.id, areaId: kitchenTickets.preparationAreaId, completedAt: kitchenTickets.completedAt });
    const activeHere = and(
      eq(waiterRequests.tableId, tableId),
      eq(waiterRequests.status, "ACTIVE"),
      or(eq(waiterRequests.sessionId, session.id), isNull(waiterRequests.sessionId)),
    );
    if (!targetSession) {
      await tx.update(tableSessions).set({ tableId: targetTableId }).where(eq(tableSessions.id, session.id));
      await tx.update(orderProducts).set({ tableId: targetTableId }).where(eq(orderProducts.sessionId, session.id));
      await tx.update(orders).set({ tableId: targetTableId }).where(eq(orders.sessionId, session.id));
      await tx.update(payments).set({ tableId: targetTableId }).where(eq(payments.sessionId, session.id));
      await tx.update(waiterRequests).set({ tableId: targetTableId }).where(activeHere);
      return { from: session.id, sessionId: session.id, tickets };
    }
    await tx
      .update(orderProducts)
      .set({ tableId: targetTableId, sessionId: targetSession.id })
      .where(and(eq(orderProducts.sessionId, session.id), eq(orderProducts.paymentStatus, "UNPAID")));
    // Dishes paid (or given) but not yet served are eaten where the guests now sit: they move to the
    // target too, while their payment stays with the closed bill, so their lines and pickups name it.
    await tx
      .update(orderProducts)
      .set({ tableId: targetTableId })
      .where(
        and(
          eq(orderProducts.sessionId, session.id),
          inArray(orderProducts.paymentStatus, ["PAID", "GIFT"]),
          ne(orderProducts.status, "COMPLETE"),
        ),
      );
    // A request without a session stays without one: only the table it names changes.
    await tx
      .update(waiterRequests)
      .set({
        tableId: targetTableId,
        sessionId: sql`case when ${waiterRequests.sessionId} is null then null else ${targetSession.id}::int end`,
      })
      .where(activeHere);
    await foldPickups(tx, targetTableId, targetSession.id);
    await tx.update(tableSessions).set({ status: "CLOSED", closedAt: now }).where(eq(tableSessions.id, session.id));
    return { from: session.id, sessionId: targetSession.id, tickets };
  });
  // The moved bill's sales, whose pieces now stand at another table.
  const moved = await db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.sessionId, [from, sessionId]));
  const orderIds = moved.map((order) => order.id);
  // Only tickets still on a screen need telling; a completed one is history.
  for (const ticket of tickets.filter((t) => t.completedAt == null)) {
    await options.events.publish({
      type: "ticket.changed",
      retailerId: source.retailerId,
      tableId: targetTableId,
      ticketId: ticket.id,
      preparationAreaId: ticket.areaId,
    });
  }
  for (const id of [tableId, targetTableId]) {
    await options.events.publish({ type: "table.changed", retailerId: source.retailerId, tableId: id, orderIds });
    await options.events.publish({ type: "waiter-tasks.changed", retailerId: source.retailerId, tableId: id });
  }
  return { tableId: targetTableId, sessionId };
}
