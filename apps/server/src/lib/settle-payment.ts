import { PAYMENT_REQUEST_TYPES } from "@tableorder/domain/enums";
import { and, asc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { Queryable, Tx } from "../db/client.ts";
import { diningTables, orderProducts, payments, tableSessions, waiterRequests } from "../db/schema.ts";
import { AppError } from "./app-error.ts";

/**
 * The rules every way of paying a table shares (the waiter's collection, an online card payment):
 * one lock order, one way units become paid, one way requests and the session end. Kept here so
 * features that pay units never copy them.
 */

/** A payment of a table's bill: every payment but a cash-register sale's has a table and a session. */
export type TablePayment<P extends { tableId: number | null; sessionId: number | null }> = P & {
  tableId: number;
  sessionId: number;
};

/** The payment as a table's payment, or null for a cash-register sale (no table bill to settle). */
export function asTablePayment<P extends { tableId: number | null; sessionId: number | null }>(
  payment: P,
): TablePayment<P> | null {
  return payment.tableId != null && payment.sessionId != null ? (payment as TablePayment<P>) : null;
}

/** The table's row lock: payments, transfers and requests of one table queue behind it. */
export async function lockTables(tx: Tx, tableIds: number[]): Promise<void> {
  for (const id of [...new Set(tableIds)].sort((a, b) => a - b)) {
    await tx.select({ id: diningTables.id }).from(diningTables).where(eq(diningTables.id, id)).for("update");
  }
}

export async function openSession(tx: Tx, tableId: number) {
  const [session] = await tx
    .select()
    .from(tableSessions)
    .where(and(eq(tableSessions.tableId, tableId), eq(tableSessions.status, "OPEN")))
    .limit(1);
  return session ?? null;
}

/**
 * A hold outlives the time its payment may take at the provider or terminal by this margin, so a
 * payment finishing at the very edge still finds its pieces; releasing it earlier is explicit.
 */
export const HOLD_MARGIN_SECONDS = 120;

/**
 * When a payment's hold on its pieces lapses by itself: the provider's (or terminal's) timeout
 * plus the margin. Every way of holding pieces (online card payment, card terminal) uses this.
 */
export function holdUntil(now: Date, timeoutSeconds: number): Date {
  return new Date(now.getTime() + (timeoutSeconds + HOLD_MARGIN_SECONDS) * 1000);
}

/**
 * Ends a payment still in progress without paying anything: FAILED, and its hold lapses now, so
 * its pieces can be paid otherwise at once. Answers whether it was still in progress (only the
 * caller that ended it should tell anyone).
 */
export async function releaseHold(tx: Queryable, paymentId: number, now = new Date()): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ status: "FAILED", expiresAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "PENDING")))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * The payments still in progress at a table (PENDING, hold not lapsed) and the units each holds:
 * an online card payment at the provider, or a sale waiting at a card terminal. Nobody else may
 * collect those units meanwhile, or the guest would pay twice; every phone and the waiter are
 * shown them as held. Call under the table's lock when the answer decides a collection.
 */
export async function heldPayments(q: Queryable, tableId: number, now: Date) {
  const pending = await q
    .select({ id: payments.id, items: payments.items, cardTerminalId: payments.cardTerminalId })
    .from(payments)
    .where(
      and(
        eq(payments.tableId, tableId),
        eq(payments.status, "PENDING"),
        or(isNull(payments.expiresAt), gt(payments.expiresAt, now)),
      ),
    )
    .orderBy(asc(payments.id));
  return pending.map((p) => ({
    paymentId: p.id,
    heldBy: p.cardTerminalId == null ? ("ONLINE" as const) : ("TERMINAL" as const),
    orderProductIds: p.items,
  }));
}

/** Units held by a payment still in progress (heldPayments), but the one named. */
export async function heldUnitIds(tx: Tx, tableId: number, now: Date, exceptPaymentId?: number): Promise<Set<number>> {
  const pending = await heldPayments(tx, tableId, now);
  return new Set(pending.filter((p) => p.paymentId !== exceptPaymentId).flatMap((p) => p.orderProductIds));
}

/** Refuses units another payment in progress holds (spec 1 §8 active_payment_exists). */
export async function assertNotHeld(tx: Tx, tableId: number, unitIds: number[], now: Date, exceptPaymentId?: number) {
  const held = await heldUnitIds(tx, tableId, now, exceptPaymentId);
  const clash = unitIds.filter((id) => held.has(id));
  if (clash.length) throw new AppError("active_payment_exists", 400, { orderProductIds: clash });
}

/**
 * Marks the units of a recorded payment PAID (or GIFT), each with its discount share, only from
 * UNPAID; completes the table's payment requests that are now settled; closes the session when
 * nothing is left unpaid, so the next order opens a new one. Any unit that was no longer unpaid
 * undoes the whole payment (already_paid).
 */
export async function settleUnits(
  tx: Tx,
  options: {
    paymentId: number;
    tableId: number;
    sessionId: number;
    units: { id: number; orderId: number; discountCents: number }[];
    /** Each unit's share of the payment's discount, in the order of `units`. */
    discountShares?: number[];
    paymentStatus: "PAID" | "GIFT";
    userId: number;
    now: Date;
  },
): Promise<{ completedRequests: number; sessionClosed: boolean; orderIds: number[] }> {
  const { units, now } = options;
  const byShare = new Map<number, number[]>();
  units.forEach((u, i) => {
    const value = u.discountCents + (options.discountShares?.[i] ?? 0);
    byShare.set(value, [...(byShare.get(value) ?? []), u.id]);
  });
  let updated = 0;
  for (const [discountCents, ids] of byShare) {
    const rows = await tx
      .update(orderProducts)
      .set({ paymentStatus: options.paymentStatus, discountCents, paymentId: options.paymentId })
      .where(and(inArray(orderProducts.id, ids), eq(orderProducts.paymentStatus, "UNPAID")))
      .returning({ id: orderProducts.id });
    updated += rows.length;
  }
  // The locks make this hold; should it not, nothing of this payment is kept.
  if (updated !== units.length) throw new AppError("already_paid", 400);

  const completedRequests = await settlePaymentRequests(tx, options.tableId, options.userId, now);
  const [left] = await tx
    .select({ id: orderProducts.id })
    .from(orderProducts)
    .where(and(eq(orderProducts.sessionId, options.sessionId), eq(orderProducts.paymentStatus, "UNPAID")))
    .orderBy(asc(orderProducts.id))
    .limit(1);
  if (!left) {
    await tx
      .update(tableSessions)
      .set({ status: "CLOSED", closedAt: now })
      .where(and(eq(tableSessions.id, options.sessionId), eq(tableSessions.status, "OPEN")));
  }
  // The sales whose pieces changed, for the screens that show sales (the cash desk's history).
  return { completedRequests, sessionClosed: !left, orderIds: [...new Set(units.map((u) => u.orderId))] };
}

/**
 * Completes the table's active payment requests whose units are all settled (paid, given or
 * cancelled); returns how many. A request left with nothing to pay is over, however it got there.
 */
export async function settlePaymentRequests(tx: Tx, tableId: number, userId: number, now: Date): Promise<number> {
  const requests = await tx
    .select()
    .from(waiterRequests)
    .where(
      and(
        eq(waiterRequests.tableId, tableId),
        eq(waiterRequests.status, "ACTIVE"),
        inArray(waiterRequests.type, PAYMENT_REQUEST_TYPES),
      ),
    )
    .for("update");
  if (!requests.length) return 0;
  const ids = [...new Set(requests.flatMap((r) => r.items.map((i) => i.orderProductId)))];
  const units = ids.length
    ? await tx
        .select({ id: orderProducts.id, paymentStatus: orderProducts.paymentStatus })
        .from(orderProducts)
        .where(inArray(orderProducts.id, ids))
    : [];
  const unpaid = new Set(units.filter((u) => u.paymentStatus === "UNPAID").map((u) => u.id));
  const done = requests.filter((r) => r.items.every((i) => !unpaid.has(i.orderProductId)));
  if (!done.length) return 0;
  await tx
    .update(waiterRequests)
    .set({ status: "COMPLETED", completedByUserId: userId, completedAt: now })
    .where(
      and(
        inArray(
          waiterRequests.id,
          done.map((r) => r.id),
        ),
        eq(waiterRequests.status, "ACTIVE"),
      ),
    );
  return done.length;
}
