import { type CancelReason, cancelNeedsReason, needsCancelReason } from "@tableorder/domain/cancel-reason";
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { staffRetailerId } from "../../auth/guards.ts";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orderProducts, waiterRequests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { describeUnits, recordAudit } from "../../lib/audit-trail.ts";
import { correctOrderSlips } from "../../lib/correct-order-slips.ts";
import { handOverToWaiters, lockDeliveries } from "../../lib/delivery-tasks.ts";
import { holdCancellationsForKitchen } from "../../lib/kitchen-cancel-notice.ts";
import { assertNotHeld, lockTables, settlePaymentRequests } from "../../lib/settle-payment.ts";
import type { EventBus } from "../../realtime/types.ts";
import { DELIVERY_TYPES, pendingUnits } from "./presenters.ts";

type UnitRow = typeof orderProducts.$inferSelect;

interface StatusChangeOptions {
  db: Db;
  events: EventBus;
  principal: Principal;
  orderProductIds: number[];
}

/**
 * The named units of the caller's venue, row-locked so two waiters tapping the same task queue
 * here and the second one reads what the first one did. Another venue's id is a 404, like an
 * unknown one.
 */
async function lockVenueUnits(tx: Tx, retailerId: number, ids: number[]): Promise<UnitRow[]> {
  const wanted = [...new Set(ids)];
  const units = await tx
    .select()
    .from(orderProducts)
    .where(and(inArray(orderProducts.id, wanted), eq(orderProducts.retailerId, retailerId)))
    .for("update");
  if (units.length !== wanted.length) throw new AppError("not_found", 404, { entity: "orderProduct" });
  return units;
}

/** Moves units from one status to the next, only while they are still in the status read. */
async function moveUnits(tx: Tx, units: readonly UnitRow[], from: string, to: string): Promise<number[]> {
  if (!units.length) return [];
  const moved = await tx
    .update(orderProducts)
    .set({ status: to, statusChangedAt: new Date() })
    .where(
      and(
        inArray(
          orderProducts.id,
          units.map((u) => u.id),
        ),
        eq(orderProducts.status, from),
        ne(orderProducts.paymentStatus, "CANCELLED"),
      ),
    )
    .returning({ id: orderProducts.id });
  return moved.map((m) => m.id);
}

/** Completes the delivery tasks of these tables that have nothing left to carry. */
async function settleDeliveryTasks(tx: Tx, tableIds: number[], userId: number): Promise<void> {
  const tasks = await tx
    .select()
    .from(waiterRequests)
    .where(
      and(
        inArray(waiterRequests.tableId, tableIds),
        eq(waiterRequests.status, "ACTIVE"),
        inArray(waiterRequests.type, DELIVERY_TYPES),
      ),
    )
    .for("update");
  const unitIds = [...new Set(tasks.flatMap((t) => t.items.map((i) => i.orderProductId)))];
  if (!unitIds.length) return;
  const units = await tx.select().from(orderProducts).where(inArray(orderProducts.id, unitIds));
  const done = tasks
    .filter((task) => {
      const ids = new Set(task.items.map((i) => i.orderProductId));
      return (
        pendingUnits(
          task.type,
          units.filter((u) => ids.has(u.id)),
        ).length === 0
      );
    })
    .map((t) => t.id);
  if (!done.length) return;
  await tx
    .update(waiterRequests)
    .set({ status: "COMPLETED", completedByUserId: userId, completedAt: new Date() })
    .where(and(inArray(waiterRequests.id, done), eq(waiterRequests.status, "ACTIVE")));
}

/**
 * Puts units back on the waiters' feed after an undo. A unit whose card is still open needs
 * nothing; one whose card was completed joins the open card of its table and area when there is
 * one (one card per trip), else its old card opens again with its age (its other, delivered pieces
 * stay hidden); a unit that never had a card gets one (handOverToWaiters).
 */
async function reopenDeliveryTasks(tx: Tx, units: readonly UnitRow[]): Promise<void> {
  const sessionIds = [...new Set(units.map((u) => u.sessionId))];
  await lockDeliveries(tx, sessionIds);
  const tasks = await tx
    .select()
    .from(waiterRequests)
    .where(and(inArray(waiterRequests.sessionId, sessionIds), inArray(waiterRequests.type, DELIVERY_TYPES)))
    .orderBy(desc(waiterRequests.id))
    .for("update");
  const reopen = new Set<number>();
  const handOver: UnitRow[] = [];
  for (const unit of units) {
    const task = tasks.find((t) => t.status !== "CANCELLED" && t.items.some((i) => i.orderProductId === unit.id));
    if (task?.status === "ACTIVE") continue;
    const open = tasks.some(
      (t) =>
        t.status === "ACTIVE" &&
        t.tableId === unit.tableId &&
        t.sessionId === unit.sessionId &&
        t.preparationAreaId === unit.preparationAreaId,
    );
    if (task && !open) reopen.add(task.id);
    else handOver.push(unit);
  }
  if (reopen.size) {
    await tx
      .update(waiterRequests)
      .set({ status: "ACTIVE", completedByUserId: null, completedAt: null })
      .where(inArray(waiterRequests.id, [...reopen]));
  }
  await handOverToWaiters(tx, handOver);
}

/** Tells every screen of the touched tables and kitchen tickets that units moved. */
async function publishUnitChanges(events: EventBus, units: readonly UnitRow[]): Promise<void> {
  const tickets = new Map<number, UnitRow>();
  for (const unit of units) if (unit.ticketId != null) tickets.set(unit.ticketId, unit);
  for (const [ticketId, unit] of tickets) {
    await events.publish({
      type: "ticket.changed",
      retailerId: unit.retailerId,
      tableId: unit.tableId,
      ticketId,
      preparationAreaId: unit.preparationAreaId,
    });
  }
  const tables = new Map(units.map((u) => [u.tableId, u.retailerId]));
  for (const [tableId, retailerId] of tables) {
    const orderIds = [...new Set(units.filter((u) => u.tableId === tableId).map((u) => u.orderId))];
    await events.publish({ type: "table.changed", retailerId, tableId, orderIds });
    await events.publish({ type: "waiter-tasks.changed", retailerId, tableId });
  }
}

/**
 * The waiter's check button on a delivery task (spec 2 §4.4): a prepared piece is delivered, and
 * so is a piece the waiter serves straight (no preparation area): there is nothing to prepare, so
 * the one tap that says delivered makes it delivered. A task whose pieces are all delivered
 * completes. Each unit moves only from the status it was read in, so of two waiters delivering the
 * same pieces at once one moves them and the other is told request_already_handled.
 */
export async function advanceOrderProducts(options: StatusChangeOptions): Promise<{ orderProductIds: number[] }> {
  const retailerId = staffRetailerId(options.principal);
  const { moved, units } = await options.db.transaction(async (tx) => {
    const units = await lockVenueUnits(tx, retailerId, options.orderProductIds);
    const live = units.filter((u) => u.paymentStatus !== "CANCELLED");
    const delivered = await moveUnits(
      tx,
      live.filter((u) => u.status === "PREPARED"),
      "PREPARED",
      "COMPLETE",
    );
    const served = await moveUnits(
      tx,
      live.filter((u) => u.status === "SENT" && u.preparationAreaId == null),
      "SENT",
      "COMPLETE",
    );
    const moved = [...delivered, ...served];
    if (!moved.length) throw new AppError("request_already_handled", 400);
    await settleDeliveryTasks(tx, [...new Set(units.map((u) => u.tableId))], options.principal.userId);
    return { moved, units: units.filter((u) => moved.includes(u.id)) };
  });
  await publishUnitChanges(options.events, units);
  return { orderProductIds: moved.sort((a, b) => a - b) };
}

/**
 * 'Complete orders' (spec 2 §4.4): the named units count as delivered at once, whatever status they
 * were in; cancelled ones stay cancelled. Nothing left to complete is request_already_handled.
 */
export async function completeOrderProducts(options: StatusChangeOptions): Promise<{ orderProductIds: number[] }> {
  const retailerId = staffRetailerId(options.principal);
  const { moved, units } = await options.db.transaction(async (tx) => {
    const units = await lockVenueUnits(tx, retailerId, options.orderProductIds);
    const live = units.filter((u) => u.paymentStatus !== "CANCELLED");
    const moved = [
      ...(await moveUnits(
        tx,
        live.filter((u) => u.status === "SENT"),
        "SENT",
        "COMPLETE",
      )),
      ...(await moveUnits(
        tx,
        live.filter((u) => u.status === "PREPARED"),
        "PREPARED",
        "COMPLETE",
      )),
    ];
    if (!moved.length) throw new AppError("request_already_handled", 400);
    await settleDeliveryTasks(tx, [...new Set(units.map((u) => u.tableId))], options.principal.userId);
    return { moved, units: units.filter((u) => moved.includes(u.id)) };
  });
  await publishUnitChanges(options.events, units);
  return { orderProductIds: moved.sort((a, b) => a - b) };
}

/**
 * The waiter's undo (spec 2 §4.4): each unit goes one step back. A delivered kitchen dish is
 * prepared again and its delivery task comes back to the feed; a piece the waiter serves straight
 * goes back to sent, as one tap delivered it; a kitchen's prepared piece goes back only through
 * the kitchen's undo.
 */
export async function undoOrderProductStatus(options: StatusChangeOptions): Promise<{ orderProductIds: number[] }> {
  const retailerId = staffRetailerId(options.principal);
  const { moved, units } = await options.db.transaction(async (tx) => {
    const units = await lockVenueUnits(tx, retailerId, options.orderProductIds);
    const live = units.filter((u) => u.paymentStatus !== "CANCELLED");
    const served = live.filter((u) => u.preparationAreaId == null);
    const moved = [
      ...(await moveUnits(
        tx,
        live.filter((u) => u.status === "COMPLETE" && u.preparationAreaId != null),
        "COMPLETE",
        "PREPARED",
      )),
      ...(await moveUnits(
        tx,
        served.filter((u) => u.status === "COMPLETE"),
        "COMPLETE",
        "SENT",
      )),
      // Pieces a waiter marked prepared before one tap delivered them.
      ...(await moveUnits(
        tx,
        served.filter((u) => u.status === "PREPARED"),
        "PREPARED",
        "SENT",
      )),
    ];
    if (!moved.length) throw new AppError("nothing_to_undo", 400);
    const movedUnits = units.filter((u) => moved.includes(u.id));
    await reopenDeliveryTasks(tx, movedUnits);
    return { moved, units: movedUnits };
  });
  await publishUnitChanges(options.events, units);
  return { orderProductIds: moved.sort((a, b) => a - b) };
}

/**
 * The waiter takes unpaid pieces off a table's bill from the table feed (spec 2 §2.4, §5), in any
 * preparation status: under the table's and the units' locks, every named unit must be of this
 * table and still unpaid (else product_not_in_current_order, nothing changes), none may be held by
 * a payment in progress. The pieces stay on the bill as cancelled, leave the kitchen's tickets (an
 * open ticket shows them as a cancellation until a cook acknowledges it), and delivery tasks left
 * with nothing to carry complete.
 */
export async function cancelTableOrderProducts(options: StatusChangeOptions & { tableId: number; reason?: CancelReason }) {
  const { principal, tableId } = options;
  const table = await authorizeTable(options.db, principal, tableId);
  const retailerId = staffRetailerId(principal);
  const units = await options.db.transaction(async (tx) => {
    await lockTables(tx, [tableId]);
    const units = await lockVenueUnits(tx, retailerId, options.orderProductIds);
    if (units.some((u) => u.tableId !== tableId)) throw new AppError("forbidden", 403);
    if (units.some((u) => u.paymentStatus !== "UNPAID")) throw new AppError("product_not_in_current_order", 400);
    // Read under the lock: a cook preparing the piece a moment before makes the reason required.
    if (!options.reason && cancelNeedsReason(units)) throw new AppError("cancel_reason_required", 400);
    const ids = units.map((u) => u.id);
    const now = new Date();
    await assertNotHeld(tx, tableId, ids, now);
    const cancelled = await tx
      .update(orderProducts)
      .set({ paymentStatus: "CANCELLED", statusChangedAt: now })
      .where(and(inArray(orderProducts.id, ids), eq(orderProducts.paymentStatus, "UNPAID")))
      .returning({ id: orderProducts.id });
    if (cancelled.length !== ids.length) throw new AppError("product_not_in_current_order", 400);
    await holdCancellationsForKitchen(tx, { cancelledUnitIds: ids, now });
    await settleDeliveryTasks(tx, [tableId], principal.userId);
    // A guest's payment request whose every piece was taken off has nothing left to pay.
    await settlePaymentRequests(tx, tableId, principal.userId, now);
    await correctOrderSlips(tx, { retailerId, cancelledUnitIds: ids, userId: principal.userId, now });
    await recordAudit(tx, principal, {
      kind: "ITEM_CANCELLED",
      table,
      subject: describeUnits(units),
      amountBeforeCents: units.reduce((sum, u) => sum + u.unitPriceCents - u.discountCents, 0),
      amountAfterCents: 0,
      details: {
        orderProductIds: ids,
        // How many were already prepared, and why they were taken back (issue 31).
        ...(options.reason && { reason: options.reason, preparedCount: units.filter(needsCancelReason).length }),
      },
    });
    return units;
  });
  await publishUnitChanges(options.events, units);
  return { orderProductIds: units.map((u) => u.id).sort((a, b) => a - b) };
}
