import type { CompleteOrderBody } from "@tableorder/domain/contracts/waiter";
import { PAYMENT_REQUEST_TYPES } from "@tableorder/domain/enums";
import { splitDiscount, validatePaymentAmounts } from "@tableorder/domain/payment-calculator";
import { and, asc, eq, inArray } from "drizzle-orm";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Tx } from "../../db/client.ts";
import { diningTables, orderProducts, payments, tableSessions, waiterRequests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { resolveUnitsToPay } from "../../lib/units-to-pay.ts";
import type { EventBus } from "../../realtime/types.ts";

type UnitRow = typeof orderProducts.$inferSelect;

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
 * The named units, locked: another venue's (or an unknown) unit is a 404, another table's a 403,
 * and one that is no longer unpaid is already_paid.
 */
async function lockNamedUnits(tx: Tx, retailerId: number, tableId: number, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return;
  const units = await tx
    .select()
    .from(orderProducts)
    .where(and(inArray(orderProducts.id, wanted), eq(orderProducts.retailerId, retailerId)))
    .orderBy(asc(orderProducts.id))
    .for("update");
  if (units.length !== wanted.length) throw new AppError("not_found", 404, { entity: "orderProduct" });
  if (units.some((u) => u.tableId !== tableId)) throw new AppError("forbidden", 403);
  const settled = units.filter((u) => u.paymentStatus !== "UNPAID");
  if (settled.length) throw new AppError("already_paid", 400, { orderProductIds: settled.map((u) => u.id) });
}

/** The method a payment is filed under: the one that carries the (largest) amount. */
function channelOf(body: CompleteOrderBody): string {
  const amounts: [string, number][] = [
    ["CASH", body.cashAmount],
    ["CARD", body.cardAmount],
    ["CREDIT", body.onCreditAmount],
  ];
  return amounts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * A waiter collects payment for units of a table (spec 2 §4.5): in one transaction, under the
 * table's and the units' row locks, the amounts are checked, a payment row is written, the units
 * become PAID (or GIFT) with their share of the discount, guest payment requests that are now
 * settled complete, and a session with nothing left unpaid closes.
 */
export async function completeOrders(options: {
  db: Db;
  events: EventBus;
  principal: Principal;
  tableId: number;
  body: CompleteOrderBody;
}) {
  const { db, principal, tableId, body } = options;
  if (body.selectedTerminalId != null && body.selectedTerminalId !== "") {
    throw new AppError("terminal_not_available", 400);
  }
  const table = await authorizeTable(db, principal, tableId);
  if (!body.payAll && !body.itemsCount.length) {
    throw new AppError("validation", 400, {}, [{ objectName: "completeOrder", field: "itemsCount", message: "required" }]);
  }
  const result = await db.transaction(async (tx) => {
    await lockTables(tx, [tableId]);
    if (!body.payAll) {
      await lockNamedUnits(
        tx,
        table.retailerId,
        tableId,
        body.itemsCount.map((i) => i.orderProductId),
      );
    }
    const session = await openSession(tx, tableId);
    if (!session) throw new AppError(body.payAll ? "already_paid" : "product_not_in_current_order", 400);
    const unpaid = await tx
      .select()
      .from(orderProducts)
      .where(and(eq(orderProducts.sessionId, session.id), eq(orderProducts.paymentStatus, "UNPAID")))
      .orderBy(asc(orderProducts.id))
      .for("update");
    const units: UnitRow[] = body.payAll ? unpaid : resolveUnitsToPay(unpaid, body.itemsCount);
    if (!units.length) throw new AppError("already_paid", 400);
    const prices = units.map((u) => u.unitPriceCents - u.discountCents);
    const total = prices.reduce((a, b) => a + b, 0);
    const discount = body.isGift ? 0 : body.discountAmount;
    if (!body.isGift) {
      const problem = validatePaymentAmounts(
        { cash: body.cashAmount, card: body.cardAmount, onCredit: body.onCreditAmount, discount },
        total,
        units.length,
      );
      if (problem === "negative_amount") throw new AppError("validation", 400);
      if (problem) throw new AppError(problem, 400, { total, discount });
    }
    const full = units.length === unpaid.length;
    const paidAmount = body.isGift ? 0 : total - discount;
    const now = new Date();
    const [payment] = await tx
      .insert(payments)
      .values({
        retailerId: table.retailerId,
        tableId,
        sessionId: session.id,
        type: body.isGift ? "GIFT" : full ? "FULL" : "PARTIAL",
        channel: body.isGift ? "NO_PAYMENT" : channelOf(body),
        status: "COMPLETED",
        amountCents: paidAmount,
        cashCents: body.isGift ? 0 : body.cashAmount,
        cardCents: body.isGift ? 0 : body.cardAmount,
        onCreditCents: body.isGift ? 0 : body.onCreditAmount,
        discountCents: discount,
        items: units.map((u) => u.id),
        collectedByUserId: principal.userId,
        completedAt: now,
      })
      .returning({ id: payments.id });

    const shares = splitDiscount(discount, prices);
    const paymentStatus = body.isGift ? "GIFT" : "PAID";
    const byShare = new Map<number, number[]>();
    units.forEach((u, i) => {
      const value = u.discountCents + shares[i];
      byShare.set(value, [...(byShare.get(value) ?? []), u.id]);
    });
    let updated = 0;
    for (const [discountCents, ids] of byShare) {
      const rows = await tx
        .update(orderProducts)
        .set({ paymentStatus, discountCents, paymentId: payment.id })
        .where(and(inArray(orderProducts.id, ids), eq(orderProducts.paymentStatus, "UNPAID")))
        .returning({ id: orderProducts.id });
      updated += rows.length;
    }
    // The locks make this hold; should it not, nothing of this payment is kept.
    if (updated !== units.length) throw new AppError("already_paid", 400);

    const completedRequests = await settlePaymentRequests(tx, tableId, principal.userId, now);
    const left = full ? [] : unpaid.filter((u) => !units.some((p) => p.id === u.id));
    if (!left.length) {
      await tx
        .update(tableSessions)
        .set({ status: "CLOSED", closedAt: now })
        .where(and(eq(tableSessions.id, session.id), eq(tableSessions.status, "OPEN")));
    }
    return { paymentId: payment.id, paidProductCount: units.length, paidAmount, completedRequests };
  });
  await options.events.publish({
    type: "table.changed",
    retailerId: table.retailerId,
    tableId,
    ...(result.completedRequests ? { paymentRequestCompleted: true } : {}),
  });
  await options.events.publish({ type: "waiter-tasks.changed", retailerId: table.retailerId, tableId });
  return {
    status: "COMPLETED" as const,
    paymentId: result.paymentId,
    paidProductCount: result.paidProductCount,
    paidAmount: result.paidAmount,
  };
}

/** Completes the table's active payment requests whose units are all settled; returns how many. */
async function settlePaymentRequests(tx: Tx, tableId: number, userId: number, now: Date): Promise<number> {
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
