import { and, eq, inArray, isNotNull, isNull, ne, or } from "drizzle-orm";
import { authorizeTicket } from "../../auth/policies/ticket-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Tx } from "../../db/client.ts";
import { kitchenTickets, orderProducts, waiterRequests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { handOverToWaiters } from "../../lib/delivery-tasks.ts";
import { printLease, printLeaseIsFree } from "../../lib/print-lease.ts";
import { notePrintServiceSeen } from "../../lib/print-service-seen.ts";
import type { EventBus } from "../../realtime/types.ts";

type UnitRow = typeof orderProducts.$inferSelect;

/** The ticket's units named by the caller, refusing ids that belong elsewhere. */
async function unitsOnTicket(tx: Tx, ticketId: number, orderProductIds: number[] | null): Promise<UnitRow[]> {
  const units = await tx
    .select()
    .from(orderProducts)
    .where(and(eq(orderProducts.ticketId, ticketId), orderProductIds ? inArray(orderProducts.id, orderProductIds) : undefined))
    .for("update");
  if (orderProductIds && units.length !== new Set(orderProductIds).size) {
    throw new AppError("product_not_on_ticket", 400, { ticketId });
  }
  return units;
}

/**
 * Completes the ticket when nothing on it waits any more, or reopens it when something does: a
 * piece to prepare, or a cancellation no cook has acknowledged yet.
 */
async function settleTicketCompletion(tx: Tx, ticketId: number): Promise<boolean> {
  const waiting = await tx
    .select({ id: orderProducts.id })
    .from(orderProducts)
    .where(
      and(
        eq(orderProducts.ticketId, ticketId),
        or(
          and(eq(orderProducts.status, "SENT"), ne(orderProducts.paymentStatus, "CANCELLED")),
          isNotNull(orderProducts.kitchenCancelPendingSince),
        ),
      ),
    )
    .limit(1);
  const done = waiting.length === 0;
  await tx
    .update(kitchenTickets)
    .set({ completedAt: done ? new Date() : null })
    .where(and(eq(kitchenTickets.id, ticketId), done ? isNull(kitchenTickets.completedAt) : undefined));
  return done;
}

/** Tells the area's screens, and the phones and waiters of every table the ticket's pieces stand at. */
async function publishTicketChange(
  events: EventBus,
  ticket: { id: number; retailerId: number; tableId: number; preparationAreaId: number },
  pieceTableIds: ReadonlySet<number> = new Set(),
) {
  await events.publish({
    type: "ticket.changed",
    retailerId: ticket.retailerId,
    tableId: ticket.tableId,
    ticketId: ticket.id,
    preparationAreaId: ticket.preparationAreaId,
  });
  for (const tableId of new Set([ticket.tableId, ...pieceTableIds])) {
    await events.publish({ type: "table.changed", retailerId: ticket.retailerId, tableId });
    await events.publish({ type: "waiter-tasks.changed", retailerId: ticket.retailerId, tableId });
  }
}

/**
 * Marks products of a ticket prepared (all of it when no ids are given: 'All ready'). The prepared
 * pieces join the open pickup card of their table (handOverToWaiters), so lines ticked one at a
 * time still make one card for the waiter, and the ticket completes by itself
 * once nothing on it waits. Cancelled pieces cannot be prepared; already prepared ones are left
 * as they are, so a repeated tap changes nothing.
 */
export async function prepareTicketProducts(options: {
  db: Db;
  events: EventBus;
  principal: Principal;
  ticketId: number;
  orderProductIds: number[] | null;
}): Promise<{ preparedIds: number[]; ticketCompleted: boolean }> {
  const { db, principal, ticketId } = options;
  const result = await db.transaction(async (tx) => {
    const ticket = await authorizeTicket(tx, principal, ticketId, true);
    const units = await unitsOnTicket(tx, ticketId, options.orderProductIds);
    if (options.orderProductIds && units.some((u) => u.paymentStatus === "CANCELLED")) {
      throw new AppError("product_cancelled", 400, { ticketId });
    }
    const toPrepare = units.filter((u) => u.status === "SENT" && u.paymentStatus !== "CANCELLED");
    const ids = toPrepare.map((u) => u.id);
    if (ids.length) {
      await tx
        .update(orderProducts)
        .set({ status: "PREPARED", statusChangedAt: new Date() })
        .where(inArray(orderProducts.id, ids));
      // Each piece is carried to the table it stands at now: a transfer into an open table can
      // leave a paid twin behind.
      await handOverToWaiters(tx, toPrepare);
    }
    const ticketCompleted = await settleTicketCompletion(tx, ticketId);
    return { ticket, preparedIds: ids, ticketCompleted, tableIds: new Set(units.map((u) => u.tableId)) };
  });
  if (result.preparedIds.length || result.ticketCompleted) {
    await publishTicketChange(options.events, result.ticket, result.tableIds);
  }
  return { preparedIds: result.preparedIds, ticketCompleted: result.ticketCompleted };
}

/**
 * Undo on a ticket: puts prepared products back to waiting (the named ones, or every prepared one)
 * and takes them out of the waiters' pickup tasks; the ticket reopens. A product the waiter has
 * already delivered cannot come back to the kitchen.
 */
export async function revertTicketProducts(options: {
  db: Db;
  events: EventBus;
  principal: Principal;
  ticketId: number;
  orderProductIds: number[] | null;
}): Promise<{ revertedIds: number[] }> {
  const { db, principal, ticketId } = options;
  const result = await db.transaction(async (tx) => {
    const ticket = await authorizeTicket(tx, principal, ticketId, true);
    const units = await unitsOnTicket(tx, ticketId, options.orderProductIds);
    if (options.orderProductIds && units.some((u) => u.status === "COMPLETE")) {
      throw new AppError("product_already_delivered", 400, { ticketId });
    }
    const toRevert = units.filter((u) => u.status === "PREPARED" && u.paymentStatus !== "CANCELLED");
    if (!toRevert.length) throw new AppError("nothing_to_undo", 400, { ticketId });
    const ids = toRevert.map((u) => u.id);
    await tx.update(orderProducts).set({ status: "SENT", statusChangedAt: new Date() }).where(inArray(orderProducts.id, ids));
    const pickups = await tx
      .select()
      .from(waiterRequests)
      .where(
        and(
          eq(waiterRequests.tableId, ticket.tableId),
          eq(waiterRequests.type, "PREPARATION_AREA_PICKUP"),
          eq(waiterRequests.status, "ACTIVE"),
        ),
      )
      .for("update");
    for (const pickup of pickups) {
      const items = pickup.items.filter((item) => !ids.includes(item.orderProductId));
      if (items.length === pickup.items.length) continue;
      await tx
        .update(waiterRequests)
        .set(items.length ? { items } : { items, status: "CANCELLED", completedAt: new Date() })
        .where(eq(waiterRequests.id, pickup.id));
    }
    await settleTicketCompletion(tx, ticketId);
    return { ticket, revertedIds: ids };
  });
  await publishTicketChange(options.events, result.ticket);
  return { revertedIds: result.revertedIds };
}

/**
 * A cook's "Got it" on a ticket's cancellations: they leave the ticket, and a ticket left with
 * nothing to prepare completes, so one emptied by cancellations leaves the screens. A repeated
 * tap finds nothing to clear and changes nothing.
 */
export async function acknowledgeTicketCancellation(options: {
  db: Db;
  events: EventBus;
  principal: Principal;
  ticketId: number;
}): Promise<{ acknowledgedIds: number[]; ticketCompleted: boolean }> {
  const { db, principal, ticketId } = options;
  const result = await db.transaction(async (tx) => {
    const ticket = await authorizeTicket(tx, principal, ticketId, true);
    const cleared = await tx
      .update(orderProducts)
      .set({ kitchenCancelPendingSince: null })
      .where(and(eq(orderProducts.ticketId, ticketId), isNotNull(orderProducts.kitchenCancelPendingSince)))
      .returning({ id: orderProducts.id });
    const acknowledgedIds = cleared.map((c) => c.id).sort((a, b) => a - b);
    const ticketCompleted = acknowledgedIds.length ? await settleTicketCompletion(tx, ticketId) : ticket.completedAt != null;
    return { ticket, acknowledgedIds, ticketCompleted };
  });
  if (result.acknowledgedIds.length) {
    await options.events.publish({
      type: "ticket.changed",
      retailerId: result.ticket.retailerId,
      tableId: result.ticket.tableId,
      ticketId: result.ticket.id,
      preparationAreaId: result.ticket.preparationAreaId,
    });
  }
  return { acknowledgedIds: result.acknowledgedIds, ticketCompleted: result.ticketCompleted };
}

/** Lets one screen of an area auto-print a ticket (see printLease). */
export async function claimTicketPrint(options: { db: Db; principal: Principal; ticketId: number; screenId: string }) {
  const ticket = await authorizeTicket(options.db, options.principal, options.ticketId);
  const claimed = await options.db
    .update(kitchenTickets)
    .set(printLease(options.screenId))
    .where(
      and(
        eq(kitchenTickets.id, ticket.id),
        eq(kitchenTickets.printed, false),
        printLeaseIsFree(kitchenTickets, options.screenId),
      ),
    )
    .returning({ id: kitchenTickets.id });
  await notePrintServiceSeen(options.db, ticket.retailerId);
  return { claimed: claimed.length > 0 };
}

/** Remembers that a ticket came out of the printer, so auto-print never prints it twice. */
export async function markTicketPrinted(options: { db: Db; events: EventBus; principal: Principal; ticketId: number }) {
  const ticket = await authorizeTicket(options.db, options.principal, options.ticketId);
  await notePrintServiceSeen(options.db, ticket.retailerId);
  if (ticket.printed) return;
  await options.db.update(kitchenTickets).set({ printed: true }).where(eq(kitchenTickets.id, ticket.id));
  await options.events.publish({
    type: "ticket.changed",
    retailerId: ticket.retailerId,
    tableId: ticket.tableId,
    ticketId: ticket.id,
    preparationAreaId: ticket.preparationAreaId,
  });
}
