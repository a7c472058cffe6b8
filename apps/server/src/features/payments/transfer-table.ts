import { and, eq, inArray } from "drizzle-orm";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { orderProducts, orders, tableSessions, waiterRequests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordAudit } from "../../lib/audit-trail.ts";
import { heldUnitIds } from "../../lib/settle-payment.ts";
import type { EventBus } from "../../realtime/types.ts";
import { lockTables, openSession } from "./complete-orders.ts";

/**
 * Moves a table's open bill to another table of the venue (spec 2 §4.5): the whole session when
 * the target has none open, else the unpaid units join the target's open session and the emptied
 * source session closes. Active tasks of the moved units follow them.
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
  const { from, sessionId } = await db.transaction(async (tx) => {
    await lockTables(tx, [tableId, targetTableId]);
    const session = await openSession(tx, tableId);
    if (!session) throw new AppError("product_not_in_current_order", 400);
    const targetSession = await openSession(tx, targetTableId);
    const now = new Date();
    // Pieces a card payment (online or at a terminal) holds stay where that payment expects them.
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
    if (!targetSession) {
      await tx.update(tableSessions).set({ tableId: targetTableId }).where(eq(tableSessions.id, session.id));
      await tx.update(orderProducts).set({ tableId: targetTableId }).where(eq(orderProducts.sessionId, session.id));
      await tx.update(orders).set({ tableId: targetTableId }).where(eq(orders.sessionId, session.id));
      await tx
        .update(waiterRequests)
        .set({ tableId: targetTableId })
        .where(and(eq(waiterRequests.sessionId, session.id), eq(waiterRequests.status, "ACTIVE")));
      return { from: session.id, sessionId: session.id };
    }
    await tx
      .update(orderProducts)
      .set({ tableId: targetTableId, sessionId: targetSession.id })
      .where(and(eq(orderProducts.sessionId, session.id), eq(orderProducts.paymentStatus, "UNPAID")));
    await tx
      .update(waiterRequests)
      .set({ tableId: targetTableId, sessionId: targetSession.id })
      .where(and(eq(waiterRequests.sessionId, session.id), eq(waiterRequests.status, "ACTIVE")));
    await tx.update(tableSessions).set({ status: "CLOSED", closedAt: now }).where(eq(tableSessions.id, session.id));
    return { from: session.id, sessionId: targetSession.id };
  });
  // The moved bill's sales, whose pieces now stand at another table.
  const moved = await db
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.sessionId, [from, sessionId]));
  const orderIds = moved.map((order) => order.id);
  for (const id of [tableId, targetTableId]) {
    await options.events.publish({ type: "table.changed", retailerId: source.retailerId, tableId: id, orderIds });
    await options.events.publish({ type: "waiter-tasks.changed", retailerId: source.retailerId, tableId: id });
  }
  return { tableId: targetTableId, sessionId };
}
