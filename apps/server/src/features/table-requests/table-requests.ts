import type { PaymentRequestBody } from "@tableorder/domain/contracts/table-requests";
import { PAYMENT_REQUEST_TYPES, type WaiterRequestType } from "@tableorder/domain/enums";
import { and, eq, inArray } from "drizzle-orm";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Tx } from "../../db/client.ts";
import { diningTables, orderProducts, tableSessions, waiterRequests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { resolveUnitsToPay } from "../../lib/units-to-pay.ts";
import type { EventBus } from "../../realtime/types.ts";

async function activeRequest(tx: Db | Tx, tableId: number, types: readonly string[]) {
  const [request] = await tx
    .select()
    .from(waiterRequests)
    .where(and(eq(waiterRequests.tableId, tableId), eq(waiterRequests.status, "ACTIVE"), inArray(waiterRequests.type, types)))
    .limit(1);
  return request ?? null;
}

async function publishRequestChange(events: EventBus, retailerId: number, tableId: number) {
  await events.publish({ type: "table.changed", retailerId, tableId });
  await events.publish({ type: "waiter-tasks.changed", retailerId, tableId });
}

/** The table's active waiter call, if any. */
export async function findActiveWaiterCall(options: { db: Db; principal: Principal; tableId: number }) {
  await authorizeTable(options.db, options.principal, options.tableId);
  return { id: (await activeRequest(options.db, options.tableId, ["WAITER_CALL"]))?.id ?? null };
}

/** The table's active payment request, if any. */
export async function findActivePaymentRequest(options: { db: Db; principal: Principal; tableId: number }) {
  await authorizeTable(options.db, options.principal, options.tableId);
  return { id: (await activeRequest(options.db, options.tableId, PAYMENT_REQUEST_TYPES))?.id ?? null };
}

/**
 * A guest calls the waiter. A table has at most one open call: calling again while one is open
 * returns it, so a double tap or two guests calling at once make one task for the waiters.
 */
export async function callWaiter(options: { db: Db; events: EventBus; principal: Principal; tableId: number }) {
  const { db, principal, tableId } = options;
  const table = await authorizeTable(db, principal, tableId);
  const { id, created } = await db.transaction(async (tx) => {
    const existing = await activeRequestForUpdate(tx, tableId, ["WAITER_CALL"]);
    if (existing) return { id: existing.id, created: false };
    const [session] = await tx
      .select({ id: tableSessions.id })
      .from(tableSessions)
      .where(and(eq(tableSessions.tableId, tableId), eq(tableSessions.status, "OPEN")));
    const [request] = await tx
      .insert(waiterRequests)
      .values({
        retailerId: table.retailerId,
        tableId,
        sessionId: session?.id ?? null,
        type: "WAITER_CALL",
        createdByUserId: principal.userId,
      })
      .returning({ id: waiterRequests.id });
    return { id: request.id, created: true };
  });
  if (created) await publishRequestChange(options.events, table.retailerId, tableId);
  return { id };
}

/**
 * Guests at a table ask to pay through the waiter, for all or part of the bill, with or without
 * a card terminal. Only unpaid pieces of the table's open session can be asked for; while one
 * payment request is open, asking again returns it.
 */
export async function requestPayment(
  options: { db: Db; events: EventBus; principal: Principal; tableId: number } & PaymentRequestBody,
) {
  const { db, principal, tableId } = options;
  const table = await authorizeTable(db, principal, tableId);
  const { id, created } = await db.transaction(async (tx) => {
    const existing = await activeRequestForUpdate(tx, tableId, PAYMENT_REQUEST_TYPES);
    if (existing) return { id: existing.id, created: false };
    const [session] = await tx
      .select({ id: tableSessions.id })
      .from(tableSessions)
      .where(and(eq(tableSessions.tableId, tableId), eq(tableSessions.status, "OPEN")));
    if (!session) throw new AppError("product_not_in_current_order", 400);
    const unpaid = await tx
      .select()
      .from(orderProducts)
      .where(and(eq(orderProducts.sessionId, session.id), eq(orderProducts.paymentStatus, "UNPAID")));
    const units = resolveUnitsToPay(unpaid, options.itemsCount);
    const full = units.length === unpaid.length;
    const type = `${full ? "PAYMENT" : "PARTIAL_PAYMENT"}${options.pos ? "_WITH_POS" : ""}`;
    const [request] = await tx
      .insert(waiterRequests)
      .values({
        retailerId: table.retailerId,
        tableId,
        sessionId: session.id,
        type,
        items: units.map((u) => ({ orderProductId: u.id, quantity: 1 })),
        createdByUserId: principal.userId,
      })
      .returning({ id: waiterRequests.id });
    return { id: request.id, created: true };
  });
  if (created) await publishRequestChange(options.events, table.retailerId, tableId);
  return { id };
}

/** A guest withdraws their table's waiter call or payment request; anything else is not theirs. */
export async function cancelTableRequest(options: { db: Db; events: EventBus; principal: Principal; requestId: number }) {
  const { db, principal } = options;
  const [request] = await db.select().from(waiterRequests).where(eq(waiterRequests.id, options.requestId));
  if (!request) throw new AppError("not_found", 404, { entity: "request" });
  await authorizeTable(db, principal, request.tableId);
  if (request.type !== "WAITER_CALL" && !PAYMENT_REQUEST_TYPES.includes(request.type as WaiterRequestType)) {
    throw new AppError("forbidden", 403);
  }
  const cancelled = await db
    .update(waiterRequests)
    .set({ status: "CANCELLED", completedAt: new Date(), completedByUserId: principal.userId })
    .where(and(eq(waiterRequests.id, request.id), eq(waiterRequests.status, "ACTIVE")))
    .returning({ id: waiterRequests.id });
  if (cancelled.length) await publishRequestChange(options.events, request.retailerId, request.tableId);
  return { id: null };
}

/**
 * The table's open request of these types, read under the table's row lock: two guests tapping at
 * the same moment queue here, and the second finds the first one's request.
 */
async function activeRequestForUpdate(tx: Tx, tableId: number, types: readonly string[]) {
  await tx.select({ id: diningTables.id }).from(diningTables).where(eq(diningTables.id, tableId)).for("update");
  return activeRequest(tx, tableId, types);
}
