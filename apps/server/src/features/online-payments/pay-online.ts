import type { itemCount } from "@tableorder/domain/contracts/table-requests";
import type { Language } from "@tableorder/domain/enums";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Tx } from "../../db/client.ts";
import { diningTables, orderProducts, payments, retailers, waiterRequests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { describeUnits, recordAudit } from "../../lib/audit-trail.ts";
import { cardTipOf, collectedTip } from "../../lib/collected-tip.ts";
import { withUniqueKeys } from "../../lib/database-errors.ts";
import { issuePaymentDocuments } from "../../lib/issue-documents.ts";
import {
  assertNotHeld,
  asTablePayment,
  heldUnitIds,
  lockTables,
  openSession,
  releaseHold,
  settleUnits,
  type TablePayment,
} from "../../lib/settle-payment.ts";
import { preferFreeUnits, resolveUnitsToPay } from "../../lib/units-to-pay.ts";
import type { EventBus } from "../../realtime/types.ts";
import { type CardPaymentProvider, CardProviderError } from "./card-provider.ts";

/** The hold outlives the provider's payment timeout a little, for a payment finishing at the edge. */
const HOLD_MARGIN_SECONDS = 120;

interface Deps {
  db: Db;
  events: EventBus;
  provider: CardPaymentProvider;
  principal: Principal;
}

/**
 * A guest starts paying pieces of the bill by card (spec 1 §7, POST api/orders/{tableId}/pay).
 * The pieces are chosen like a payment request (lib/units-to-pay.ts) and held by a PENDING
 * payment until the provider's timeout, so a waiter cannot collect them meanwhile; the guest's own
 * earlier hold (a back button, a second tap) is released first. The amount is the server's, never
 * the client's. Answers where the guest pays.
 */
export async function startOnlinePayment(
  options: Deps & {
    tableId: number;
    itemsCount: z.infer<typeof itemCount>[];
    lang: Language;
    timeoutSeconds: number;
    /** The tip the guest chose, in cents (issue 32); charged with the pieces, kept beside their amount. */
    tip?: { amount: number; confirmed: boolean };
  },
) {
  const { db, provider, principal, tableId } = options;
  const table = await authorizeTable(db, principal, tableId);
  const now = new Date();
  const started = await db.transaction(async (tx) => {
    await lockTables(tx, [tableId]);
    const session = await openSession(tx, tableId);
    if (!session) throw new AppError("product_not_in_current_order", 400);
    await tx
      .update(payments)
      .set({ status: "FAILED", expiresAt: now })
      .where(and(eq(payments.tableId, tableId), eq(payments.status, "PENDING"), eq(payments.startedByUserId, principal.userId)));
    const unpaid = await tx
      .select()
      .from(orderProducts)
      .where(and(eq(orderProducts.sessionId, session.id), eq(orderProducts.paymentStatus, "UNPAID")))
      .orderBy(asc(orderProducts.id))
      .for("update");
    // Identical pieces another payment holds are left to it when free ones can be taken.
    const units = resolveUnitsToPay(...preferFreeUnits(unpaid, options.itemsCount, await heldUnitIds(tx, tableId, now)));
    await assertNotHeld(
      tx,
      tableId,
      units.map((u) => u.id),
      now,
    );
    const amountCents = units.reduce((sum, u) => sum + u.unitPriceCents - u.discountCents, 0);
    const tip = collectedTip({
      tipAmount: options.tip?.amount ?? 0,
      tipMethod: "CARD",
      tipConfirmed: options.tip?.confirmed ?? false,
      bill: amountCents,
      cash: 0,
      card: amountCents,
      onCredit: 0,
      isGift: false,
    });
    const [payment] = await tx
      .insert(payments)
      .values({
        retailerId: table.retailerId,
        tableId,
        sessionId: session.id,
        type: units.length === unpaid.length ? "FULL" : "PARTIAL",
        channel: "CARD",
        status: "PENDING",
        amountCents,
        cardCents: amountCents,
        ...tip,
        provider: provider.name,
        items: units.map((u) => u.id),
        startedByUserId: principal.userId,
        expiresAt: new Date(now.getTime() + (options.timeoutSeconds + HOLD_MARGIN_SECONDS) * 1000),
      })
      .returning({ id: payments.id });
    return { paymentId: payment.id, amountCents, tipCents: tip.tipCents, count: units.length };
  });

  // What the guest reads on the checkout page and their card statement: the venue and the table.
  const [venue] = await db.select({ name: retailers.name }).from(retailers).where(eq(retailers.id, table.retailerId));
  const customerTrns = `${venue?.name ?? ""} · ${options.lang === "en" ? "Table" : "Τραπέζι"} ${table.label}`;
  let orderCode: string;
  try {
    ({ orderCode } = await provider.createOrder({
      // The card is charged the pieces plus the tip, the tip marked as such.
      amountCents: started.amountCents + started.tipCents,
      tipCents: started.tipCents,
      customerTrns,
      merchantTrns: String(started.paymentId),
      timeoutSeconds: options.timeoutSeconds,
      lang: options.lang,
    }));
  } catch (error) {
    // Nothing was ordered at the provider: the pieces are free again at once.
    await db.update(payments).set({ status: "FAILED", expiresAt: new Date() }).where(eq(payments.id, started.paymentId));
    if (error instanceof CardProviderError) throw new AppError("payment_provider_unavailable", 400);
    throw error;
  }
  await db.update(payments).set({ providerOrderCode: orderCode }).where(eq(payments.id, started.paymentId));
  // Every phone at the table shows the held pieces as being paid from another phone, and the
  // waiters' screens of the table what holds them.
  await options.events.publish({ type: "table.changed", retailerId: table.retailerId, tableId, orderIds: [] });
  await options.events.publish({ type: "waiter-tasks.changed", retailerId: table.retailerId, tableId });
  return {
    location: provider.checkoutUrl(orderCode),
    orderCode,
    amount: started.amountCents + started.tipCents,
    ...(started.tipCents > 0 ? { tipAmount: started.tipCents } : {}),
  };
}

/** The payment a provider order code names, and the table it is for; the caller must reach it. */
async function paymentOfOrder(db: Db, provider: CardPaymentProvider, principal: Principal, orderCode: string) {
  const [row] = await db
    .select({ payment: payments, tableCode: diningTables.code })
    .from(payments)
    .innerJoin(diningTables, eq(diningTables.id, payments.tableId))
    .where(and(eq(payments.provider, provider.name), eq(payments.providerOrderCode, orderCode)))
    .limit(1);
  const payment = row ? asTablePayment(row.payment) : null;
  if (!row || !payment) throw new AppError("payment_not_verified", 400);
  // A return for a table this guest is not at pays nothing (403 like every other table call).
  await authorizeTable(db, principal, payment.tableId);
  return { payment, tableCode: row.tableCode };
}

/**
 * The guest is back from the provider with order code `s` and transaction `t`. Nothing is paid on
 * the strength of the URL: the provider must confirm a finished transaction of this order for
 * exactly the held amount; then the charge is settled (settleCharge).
 */
export async function completeOnlinePayment(options: Deps & { orderCode: string; transactionId: string }) {
  const { db, provider, principal, orderCode, transactionId } = options;
  const { payment, tableCode } = await paymentOfOrder(db, provider, principal, orderCode);
  if (payment.status === "COMPLETED") throw new AppError("already_paid", 400);

  let transaction: Awaited<ReturnType<CardPaymentProvider["verifyTransaction"]>>;
  try {
    transaction = await provider.verifyTransaction(transactionId);
  } catch (error) {
    if (error instanceof CardProviderError) throw new AppError("payment_provider_unavailable", 400);
    throw error;
  }
  if (!transaction) throw new AppError("payment_not_verified", 400, { reason: "unknown_transaction" });
  if (transaction.orderCode !== orderCode) throw new AppError("payment_not_verified", 400, { reason: "order_mismatch" });
  if (transaction.statusId !== "F") {
    throw new AppError("payment_not_verified", 400, { reason: "status", statusId: transaction.statusId });
  }
  // The charge is the pieces plus the tip (issue 32).
  if (transaction.amountCents !== payment.amountCents + cardTipOf(payment)) {
    throw new AppError("payment_not_verified", 400, { reason: "amount_mismatch" });
  }

  const paid = await settleCharge(options, payment, transactionId, principal.userId);
  // The success page thanks the guest for the tip too.
  const tip = cardTipOf(payment);
  return { tableCode, ...paid, ...(tip > 0 ? { tipAmount: tip } : {}) };
}

/**
 * Records a charge the provider confirmed (finished, for exactly the held amount) on its payment,
 * in one transaction under the table's lock: the transaction id (unique per provider, so the same
 * one twice pays nothing the second time), the pieces PAID by the same rules as a waiter's
 * collection, the receipt and the waiters' notice. If the hold lapsed and the pieces were paid
 * otherwise meanwhile, nothing is paid and the payment is marked for a refund.
 */
async function settleCharge(
  { db, events }: Pick<Deps, "db" | "events">,
  payment: TablePayment<typeof payments.$inferSelect>,
  transactionId: string,
  userId: number,
) {
  const now = new Date();
  let settled: Awaited<ReturnType<typeof settleUnits>>;
  try {
    settled = await withUniqueKeys({ payments_provider_transaction: "already_paid" }, () =>
      db.transaction(async (tx) => {
        await lockTables(tx, [payment.tableId]);
        const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for("update");
        if (current.status === "COMPLETED") throw new AppError("already_paid", 400);
        const units = await tx
          .select()
          .from(orderProducts)
          .where(inArray(orderProducts.id, current.items))
          .orderBy(asc(orderProducts.id))
          .for("update");
        if (units.length !== current.items.length || units.some((u) => u.paymentStatus !== "UNPAID")) {
          throw new AppError("already_paid", 400);
        }
        const [completed] = await tx
          .update(payments)
          .set({ status: "COMPLETED", providerTransactionId: transactionId, completedAt: now })
          .where(eq(payments.id, payment.id))
          .returning();
        const result = await settleUnits(tx, {
          paymentId: payment.id,
          tableId: payment.tableId,
          sessionId: payment.sessionId,
          units,
          paymentStatus: "PAID",
          userId: userId,
          now,
        });
        // The guest's receipt (card online: payment method 7 with the transaction id).
        await issuePaymentDocuments(tx, { payment: completed, now });
        // The waiters learn that the table paid without them, and check it (spec 2 §4.4).
        await tx.insert(waiterRequests).values({
          retailerId: payment.retailerId,
          tableId: payment.tableId,
          sessionId: payment.sessionId,
          type: "PAYMENT_NOTIFICATION",
          items: units.map((u) => ({ orderProductId: u.id, quantity: 1 })),
          createdByUserId: userId,
        });
        return result;
      }),
    );
  } catch (error) {
    if (error instanceof AppError && error.key === "already_paid") await markRefundDue(db, payment.id, transactionId);
    throw error;
  }

  const paid = { paidProductCount: payment.items.length, paidAmount: payment.amountCents };
  await events.publish({
    type: "table.changed",
    retailerId: payment.retailerId,
    tableId: payment.tableId,
    orderIds: settled.orderIds,
    ...(settled.completedRequests ? { paymentRequestCompleted: paid } : {}),
  });
  await events.publish({ type: "waiter-tasks.changed", retailerId: payment.retailerId, tableId: payment.tableId });
  return paid;
}

/**
 * The provider took money for pieces that are paid by now (the hold had lapsed): the venue owes a
 * refund. Kept on the payment (once per transaction) so the back office can find it.
 */
async function markRefundDue(db: Db, paymentId: number, transactionId: string) {
  await db
    .update(payments)
    .set({ status: "REFUND_DUE", providerTransactionId: transactionId })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, ["PENDING", "FAILED"])))
    .catch(() => undefined);
}

/**
 * The provider sent the guest back without a payment (spec 1 §7, fail-payment?s). The return's
 * word is not taken: the order is closed at the provider and whatever it says settles the hold
 * (settleAbandoned). Answers the table code to return to.
 */
export async function failOnlinePayment(options: Deps & { orderCode: string }) {
  const { payment, tableCode } = await paymentOfOrder(options.db, options.provider, options.principal, options.orderCode);
  await settleAbandoned(options, payment);
  return { tableCode };
}

/**
 * The guest is at their table page again (opened, reloaded, Back from the checkout): their own
 * online payments still pending at this table were left at the provider, so each is settled by
 * the provider's word at once instead of holding the pieces until it times out. Another guest's
 * payment is left alone, as that guest may still be at the checkout.
 */
export async function settleGuestAbandonedPayments(options: Deps & { tableId: number }) {
  const { db, principal } = options;
  if (principal.role !== "USER") return;
  const pending = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.tableId, options.tableId),
        eq(payments.status, "PENDING"),
        eq(payments.startedByUserId, principal.userId),
        eq(payments.provider, options.provider.name),
        isNull(payments.cardTerminalId),
      ),
    );
  for (const row of pending) {
    const payment = asTablePayment(row);
    // A provider that cannot be reached now leaves the hold to lapse by itself; the page still opens.
    if (payment) await settleAbandoned(options, payment).catch(ignoreProviderUnavailable);
  }
}

const ignoreProviderUnavailable = (error: unknown) => {
  if (!(error instanceof AppError && error.key === "payment_provider_unavailable")) throw error;
};

/**
 * An online payment the guest left without paying: the provider closes the order and says
 * whether it was charged. Charged for the held amount: the payment completes as on a successful
 * return. Nothing charged: the hold is released now, with `audit` written in the same
 * transaction when staff asked. A charge of another amount cannot be settled here and is refused.
 */
async function settleAbandoned(
  options: Deps,
  payment: TablePayment<typeof payments.$inferSelect>,
  audit?: (tx: Tx) => Promise<void>,
): Promise<"COMPLETED" | "RELEASED" | "ENDED"> {
  const { db, events, provider } = options;
  if (payment.status !== "PENDING") return "ENDED";
  let charge: Awaited<ReturnType<CardPaymentProvider["closeOrder"]>> = null;
  if (payment.providerOrderCode) {
    try {
      charge = await provider.closeOrder(payment.providerOrderCode);
    } catch (error) {
      if (error instanceof CardProviderError) throw new AppError("payment_provider_unavailable", 400);
      throw error;
    }
  }
  if (charge) {
    if (charge.amountCents !== payment.amountCents + cardTipOf(payment))
      throw new AppError("payment_not_verified", 400, { reason: "amount_mismatch" });
    await settleCharge(options, payment, charge.transactionId, payment.startedByUserId ?? options.principal.userId);
    return "COMPLETED";
  }
  const released = await db.transaction(async (tx) => {
    await lockTables(tx, [payment.tableId]);
    if (!(await releaseHold(tx, payment.id))) return false;
    await audit?.(tx);
    return true;
  });
  if (!released) return "ENDED";
  await events.publish({ type: "table.changed", retailerId: payment.retailerId, tableId: payment.tableId, orderIds: [] });
  await events.publish({ type: "waiter-tasks.changed", retailerId: payment.retailerId, tableId: payment.tableId });
  return "RELEASED";
}

/**
 * Staff release an online card payment's hold (POST api/feed/release-payment-hold), e.g. for
 * guests who left the checkout and wait for the waiter. Only once the provider confirms nothing
 * was charged: a charge completes the payment instead and is refused as online_payment_charged;
 * a provider that cannot tell is refused as payment_provider_unavailable. The release is audited.
 */
export async function releaseOnlineHold(options: Deps & { paymentId: number }) {
  const { db, principal } = options;
  const [row] = await db.select().from(payments).where(eq(payments.id, options.paymentId)).limit(1);
  const payment = row && row.cardTerminalId == null && row.providerOrderCode ? asTablePayment(row) : null;
  if (payment?.status !== "PENDING") throw new AppError("payment_hold_not_found", 400);
  const table = await authorizeTable(db, principal, payment.tableId);
  const units = await db
    .select({ productName: orderProducts.productName })
    .from(orderProducts)
    .where(inArray(orderProducts.id, payment.items))
    .orderBy(asc(orderProducts.id));
  const outcome = await settleAbandoned(options, payment, (tx) =>
    recordAudit(tx, principal, {
      kind: "PAYMENT_HOLD_RELEASED",
      table: { id: table.id, label: table.label },
      subject: describeUnits(units),
      amountBeforeCents: payment.amountCents,
      amountAfterCents: 0,
      details: { paymentId: payment.id, provider: payment.provider, orderCode: payment.providerOrderCode },
    }),
  );
  if (outcome === "COMPLETED") throw new AppError("online_payment_charged", 400);
  if (outcome === "ENDED") throw new AppError("payment_hold_not_found", 400);
}
