import { randomUUID } from "node:crypto";
import type { RegisterReceiptRequest, RegisterReceiptResponse } from "@tableorder/domain/contracts/cash-desk";
import { validatePaymentAmounts } from "@tableorder/domain/payment-calculator";
import { and, eq } from "drizzle-orm";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { orders, payments } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordRegisterDiscount, recordTip } from "../../lib/audit-trail.ts";
import { type TerminalSaleStarter, venueTerminal } from "../../lib/card-terminal-choice.ts";
import { cardTipOf, collectedTip } from "../../lib/collected-tip.ts";
import { issuePaymentDocuments } from "../../lib/issue-documents.ts";
import { holdUntil } from "../../lib/settle-payment.ts";
import type { EventBus } from "../../realtime/types.ts";
import { loadDeskTable } from "./desk-table.ts";

/** The event a register sale is told with; the cash desk's history shows it. */
export const REGISTER_SOLD = "register.sold";

/** The method a sale is filed under: the one that carries the (larger) amount. */
const channelOf = (request: RegisterReceiptRequest) => (request.cardAmount > request.cashAmount ? "CARD" : "CASH");

/** The answer a register sale's payment gives, the first time or again for a repeated request. */
function answerOf(payment: typeof payments.$inferSelect, orderId: number): RegisterReceiptResponse {
  const tip = payment.tipCents > 0 ? { tipAmount: payment.tipCents } : {};
  return payment.cardTerminalId != null
    ? // The terminal takes the card part and a card tip in one charge.
      { status: "PENDING", paymentId: payment.id, ticketId: orderId, cardAmount: payment.cardCents + cardTipOf(payment), ...tip }
    : { status: "COMPLETED", paymentId: payment.id, ticketId: orderId, paidAmount: payment.amountCents, ...tip };
}

/** The sale first made with this idempotency key, answered again; a table order's key is a conflict. */
async function previousSale(db: Db, userId: number, idempotencyKey: string): Promise<RegisterReceiptResponse | null> {
  const [row] = await db
    .select({ order: orders, payment: payments })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.sentByUserId, userId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  if (!row) return null;
  if (row.order.kind !== "REGISTER" || !row.payment) throw new AppError("idempotency_conflict", 400);
  return answerOf(row.payment, row.order.id);
}

/**
 * A sale at the cash register by amounts (spec 3 §3, §5, POST api/feed/issue-receipt): VAT
 * sections instead of products, paid at once in cash and/or card. It is written as an order of
 * kind REGISTER (its sections kept on it, a table only for a dine-in sale that names one) and one payment
 * pointing at it, so the history lists register sales and table orders in one id space.
 * - The amounts follow the tables' rule (payment-calculator validatePaymentAmounts): cash + card
 *   = sum of sections − discount, the discount leaving 0.20 € per section.
 * - A card part with a chosen terminal waits there (PENDING) through the card-terminal machinery
 *   (TerminalSales), which completes or fails the payment and tells the desk.
 * - An Idempotency-Key makes a double tap sell once: the unique index on the key decides, even
 *   for two requests at the same moment, and the repeat gets the first sale's answer.
 */
export async function issueRegisterReceipt(options: {
  db: Db;
  events: EventBus;
  principal: Principal;
  retailerId: number;
  request: RegisterReceiptRequest;
  idempotencyKey: string | null;
  terminals?: TerminalSaleStarter;
}): Promise<RegisterReceiptResponse> {
  const { db, principal, retailerId, request, idempotencyKey } = options;
  if (idempotencyKey != null) {
    const previous = await previousSale(db, principal.userId, idempotencyKey);
    if (previous) return previous;
  }
  const total = request.sections.reduce((sum, s) => sum + s.sectionAmount, 0);
  const problem = validatePaymentAmounts(
    { cash: request.cashAmount, card: request.cardAmount, onCredit: 0, discount: request.discountAmount },
    total,
    request.sections.length,
  );
  if (problem === "negative_amount") throw new AppError("validation", 400);
  if (problem) throw new AppError(problem, 400, { total, discount: request.discountAmount });
  // What the guest left beside the sale (issue 32): kept on the payment, never in its amount.
  const tip = collectedTip({
    tipAmount: request.tipAmount,
    tipMethod: request.tipMethod,
    tipConfirmed: request.tipConfirmed,
    bill: total - request.discountAmount,
    cash: request.cashAmount,
    card: request.cardAmount,
    onCredit: 0,
    isGift: false,
  });

  let table: { id: number; label: string } | null = null;
  // Spec 3's request names no table, so a dine-in sale may have none; a named one must be live.
  if (request.source === "DINE_IN") {
    if (request.tableId != null) table = await loadDeskTable(db, retailerId, request.tableId, "TABLE");
  } else if (request.tableId != null) {
    throw new AppError("validation", 400, {}, [{ objectName: "registerReceipt", field: "tableId", message: "notAllowed" }]);
  }
  const tableId = table?.id ?? null;
  const chosen =
    request.selectedTerminalId != null && request.selectedTerminalId !== "" && request.cardAmount > 0
      ? await venueTerminal(db, retailerId, request.selectedTerminalId, options.terminals)
      : null;

  const now = new Date();
  const sale = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        retailerId,
        kind: "REGISTER",
        tableId,
        sections: request.sections,
        senderType: "CASH_DESK",
        sentByUserId: principal.userId,
        serviceMode: request.source,
        idempotencyKey,
      })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (!order) return null;
    const [payment] = await tx
      .insert(payments)
      .values({
        retailerId,
        tableId,
        orderId: order.id,
        type: "FULL",
        channel: channelOf(request),
        status: chosen ? "PENDING" : "COMPLETED",
        amountCents: total - request.discountAmount,
        cashCents: request.cashAmount,
        cardCents: request.cardAmount,
        discountCents: request.discountAmount,
        ...tip,
        collectedByUserId: principal.userId,
        ...(chosen
          ? {
              provider: chosen.provider,
              providerOrderCode: randomUUID(),
              cardTerminalId: chosen.id,
              terminalId: chosen.tid,
              expiresAt: holdUntil(now, chosen.terminals.timeoutSeconds),
            }
          : { completedAt: now }),
      })
      .returning();
    // Paid at once: its receipt by VAT section now; a terminal's card part gets it when approved.
    if (!chosen) await issuePaymentDocuments(tx, { payment, now });
    // A sale waiting at a terminal is recorded when the terminal approves it.
    if (!chosen) {
      await recordRegisterDiscount(tx, principal, {
        table,
        orderId: order.id,
        totalCents: total,
        discountCents: request.discountAmount,
      });
      await recordTip(tx, principal, {
        table,
        billCents: payment.amountCents,
        tipCents: payment.tipCents,
        tipMethod: payment.tipMethod,
        details: { orderId: order.id },
      });
    }
    return { orderId: order.id, payment };
  });
  // Another request with the same key won the unique index a moment ago: answer its sale.
  if (!sale) {
    const previous = await previousSale(db, principal.userId, idempotencyKey as string);
    if (!previous) throw new AppError("idempotency_conflict", 400);
    return previous;
  }
  try {
    // After the commit, so the terminal's answer always finds the payment it settles.
    if (chosen) await chosen.terminals.start(sale.payment.id);
  } finally {
    // The sale is in the history either way (a terminal that cannot be reached fails its payment).
    await options.events.publish({ type: REGISTER_SOLD, retailerId, tableId, orderId: sale.orderId });
  }
  return answerOf(sale.payment, sale.orderId);
}
