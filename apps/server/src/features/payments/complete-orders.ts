import { randomUUID } from "node:crypto";
import type { CompleteOrderBody, CompleteOrderResponse } from "@tableorder/domain/contracts/waiter";
import {
  creditDebtorOf,
  isCreditDebtorMissing,
  splitDiscount,
  validatePaymentAmounts,
} from "@tableorder/domain/payment-calculator";
import { and, asc, eq, inArray } from "drizzle-orm";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orderProducts, payments } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordCollection } from "../../lib/audit-trail.ts";
import { type TerminalSaleStarter, venueTerminal } from "../../lib/card-terminal-choice.ts";
import { cardTipOf, collectedTip } from "../../lib/collected-tip.ts";
import { issuePaymentDocuments } from "../../lib/issue-documents.ts";
import { assertNotHeld, heldUnitIds, holdUntil, lockTables, openSession, settleUnits } from "../../lib/settle-payment.ts";
import { preferFreeUnits, resolveUnitsToPay } from "../../lib/units-to-pay.ts";
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
 *
 * With a card part and a chosen terminal the same checks run, but the payment is written PENDING
 * and holds its units (the rule online payments use, lib/settle-payment.ts) while the card part
 * waits at the terminal; the answer is PENDING, and the card-terminals feature settles the units
 * by the same rules, or frees them, when the terminal answers or times out. Units another payment
 * in progress holds are refused with active_payment_exists, with or without a terminal: the
 * spec's "PENDING without a terminal" error (spec 2 §4.5) is this refusal.
 */
export async function completeOrders(options: {
  db: Db;
  events: EventBus;
  principal: Principal;
  tableId: number;
  body: CompleteOrderBody;
  terminals?: TerminalSaleStarter;
}): Promise<CompleteOrderResponse> {
  const { db, principal, tableId, body } = options;
  const table = await authorizeTable(db, principal, tableId);
  const chosen =
    body.selectedTerminalId != null && body.selectedTerminalId !== ""
      ? await venueTerminal(db, table.retailerId, body.selectedTerminalId, options.terminals)
      : null;
  // A terminal takes only a card part; a gift or an all-cash collection completes at once.
  const terminal = chosen && !body.isGift && body.cardAmount > 0 ? chosen : null;
  if (!body.payAll && !body.itemsCount.length) {
    throw new AppError("validation", 400, {}, [{ objectName: "completeOrder", field: "itemsCount", message: "required" }]);
  }
  const onCredit = body.isGift ? 0 : body.onCreditAmount;
  if (isCreditDebtorMissing(onCredit, body.creditDebtor)) throw new AppError("credit_debtor_required", 400);
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
    const now = new Date();
    const units: UnitRow[] = body.payAll
      ? unpaid
      : resolveUnitsToPay(...preferFreeUnits(unpaid, body.itemsCount, await heldUnitIds(tx, tableId, now)));
    if (!units.length) throw new AppError("already_paid", 400);
    // Units a guest is paying online, or a terminal sale waits for, stay theirs until it ends.
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
    // What the guest left beside the bill (issue 32): kept on the payment, never in its amount.
    const tip = collectedTip({
      tipAmount: body.tipAmount,
      tipMethod: body.tipMethod,
      tipConfirmed: body.tipConfirmed,
      bill: paidAmount,
      cash: body.isGift ? 0 : body.cashAmount,
      card: body.isGift ? 0 : body.cardAmount,
      onCredit,
      isGift: body.isGift,
    });
    const [payment] = await tx
      .insert(payments)
      .values({
        retailerId: table.retailerId,
        tableId,
        sessionId: session.id,
        type: body.isGift ? "GIFT" : full ? "FULL" : "PARTIAL",
        channel: body.isGift ? "NO_PAYMENT" : channelOf(body),
        status: terminal ? "PENDING" : "COMPLETED",
        amountCents: paidAmount,
        cashCents: body.isGift ? 0 : body.cashAmount,
        cardCents: body.isGift ? 0 : body.cardAmount,
        onCreditCents: onCredit,
        creditDebtor: creditDebtorOf(onCredit, body.creditDebtor),
        discountCents: discount,
        ...tip,
        items: units.map((u) => u.id),
        collectedByUserId: principal.userId,
        ...(terminal
          ? {
              provider: terminal.provider,
              // The terminal session's id: asking about the sale after a restart finds it again.
              providerOrderCode: randomUUID(),
              cardTerminalId: terminal.id,
              terminalId: terminal.tid,
              expiresAt: holdUntil(now, terminal.terminals.timeoutSeconds),
            }
          : { completedAt: now }),
      })
      .returning();
    if (terminal) return { pending: true as const, paymentId: payment.id, tipCents: tip.tipCents, cardTipCents: cardTipOf(tip) };

    const { completedRequests, orderIds } = await settleUnits(tx, {
      paymentId: payment.id,
      tableId,
      sessionId: session.id,
      units,
      discountShares: splitDiscount(discount, prices),
      paymentStatus: body.isGift ? "GIFT" : "PAID",
      userId: principal.userId,
      now,
    });
    // The receipt, numbered in this transaction (none for a gift, none while invoicing is off).
    await issuePaymentDocuments(tx, { payment, now });
    await recordCollection(tx, principal, {
      table,
      units,
      isGift: body.isGift,
      discountCents: discount,
      onCreditCents: payment.onCreditCents,
      creditDebtor: payment.creditDebtor,
      cashCents: payment.cashCents,
      cardCents: payment.cardCents,
      tipCents: payment.tipCents,
      tipMethod: payment.tipMethod,
    });
    return {
      pending: false as const,
      paymentId: payment.id,
      tipCents: tip.tipCents,
      paidProductCount: units.length,
      paidAmount,
      completedRequests,
      orderIds,
    };
  });
  if (result.pending) {
    // After the commit, so the terminal's answer always finds the payment it settles.
    await terminal?.terminals.start(result.paymentId);
    // Every staff screen of the table shows the sale waiting at the terminal (its table feed).
    await options.events.publish({ type: "waiter-tasks.changed", retailerId: table.retailerId, tableId });
    return {
      status: "PENDING",
      paymentId: result.paymentId,
      // The terminal takes the card part and a card tip in one charge.
      cardAmount: body.cardAmount + result.cardTipCents,
      ...(result.tipCents > 0 ? { tipAmount: result.tipCents } : {}),
    };
  }
  await options.events.publish({
    type: "table.changed",
    retailerId: table.retailerId,
    tableId,
    orderIds: result.orderIds,
    // What was paid goes with the -1 push, so every guest's success page can say it.
    ...(result.completedRequests
      ? { paymentRequestCompleted: { paidProductCount: result.paidProductCount, paidAmount: result.paidAmount } }
      : {}),
  });
  await options.events.publish({ type: "waiter-tasks.changed", retailerId: table.retailerId, tableId });
  return {
    status: "COMPLETED",
    paymentId: result.paymentId,
    paidProductCount: result.paidProductCount,
    paidAmount: result.paidAmount,
    ...(result.tipCents > 0 ? { tipAmount: result.tipCents } : {}),
  };
}
