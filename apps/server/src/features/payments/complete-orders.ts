import type { CompleteOrderBody } from "@tableorder/domain/contracts/waiter";
import { splitDiscount, validatePaymentAmounts } from "@tableorder/domain/payment-calculator";
import { and, asc, eq, inArray } from "drizzle-orm";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orderProducts, payments } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { assertNotHeld, lockTables, openSession, settleUnits } from "../../lib/settle-payment.ts";
import { resolveUnitsToPay } from "../../lib/units-to-pay.ts";
import type { EventBus } from "../../realtime/types.ts";

type UnitRow = typeof orderProducts.$inferSelect;

// The shared payment rules live in lib/settle-payment.ts; transfers take the same locks.
export { lockTables, openSession };

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
    const now = new Date();
    // Units a guest is paying online right now stay theirs until the provider answers.
    await assertNotHeld(
      tx,
      tableId,
      units.map((u) => u.id),
      now,
    );
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

    const { completedRequests } = await settleUnits(tx, {
      paymentId: payment.id,
      tableId,
      sessionId: session.id,
      units,
      discountShares: splitDiscount(discount, prices),
      paymentStatus: body.isGift ? "GIFT" : "PAID",
      userId: principal.userId,
      now,
    });
    return { paymentId: payment.id, paidProductCount: units.length, paidAmount, completedRequests };
  });
  await options.events.publish({
    type: "table.changed",
    retailerId: table.retailerId,
    tableId,
    // What was paid goes with the -1 push, so every guest's success page can say it.
    ...(result.completedRequests
      ? { paymentRequestCompleted: { paidProductCount: result.paidProductCount, paidAmount: result.paidAmount } }
      : {}),
  });
  await options.events.publish({ type: "waiter-tasks.changed", retailerId: table.retailerId, tableId });
  return {
    status: "COMPLETED" as const,
    paymentId: result.paymentId,
    paidProductCount: result.paidProductCount,
    paidAmount: result.paidAmount,
  };
}
