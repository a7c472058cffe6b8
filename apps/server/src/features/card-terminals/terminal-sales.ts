import { splitDiscount } from "@tableorder/domain/payment-calculator";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { cardTerminals, diningTables, orderProducts, payments, retailers } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordCollection, recordRegisterDiscount, recordTip } from "../../lib/audit-trail.ts";
import { cardTipOf } from "../../lib/collected-tip.ts";
import { withUniqueKeys } from "../../lib/database-errors.ts";
import { issuePaymentDocuments } from "../../lib/issue-documents.ts";
import { asTablePayment, lockTables, releaseHold, settleUnits, type TablePayment } from "../../lib/settle-payment.ts";
import type { EventBus } from "../../realtime/types.ts";
import { type CardTerminal, CardTerminalError, type TerminalSaleResult } from "./card-terminal.ts";

type PaymentRow = typeof payments.$inferSelect;

/** Who started a terminal sale, for the audit trail: the entry is theirs once the terminal approves. */
const collectorOf = (payment: PaymentRow) => ({
  userId: payment.collectedByUserId ?? payment.startedByUserId ?? 0,
  retailerId: payment.retailerId,
});

/** The table a sale stood at, by the label the audit trail keeps; none for a take-away register sale. */
async function tableOf(tx: Tx, tableId: number | null) {
  if (tableId == null) return null;
  const [table] = await tx
    .select({ id: diningTables.id, label: diningTables.label })
    .from(diningTables)
    .where(eq(diningTables.id, tableId));
  return table ?? null;
}

interface Logger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The event a terminal sale's end is published as; payment-update-realtime.ts pushes it. */
export const PAYMENT_UPDATED = "payment.updated";

/**
 * A waiter's card sale at a terminal, from the PENDING payment complete-orders wrote to its end.
 * The payment row (with its session id, terminal and held pieces) is the only state, so a
 * restart or another server instance carries on where this one stopped: every instance looks at
 * the sales still waiting, and whichever settles one first (under the table's lock, only from
 * PENDING) is the one that tells everyone.
 *
 * - approved: the pieces become PAID exactly as a collection without a terminal makes them
 *   (lib/settle-payment.ts: discount shares, requests completed, session closed), then SUCCESS;
 * - declined or aborted: FAILED, nothing paid, the hold released;
 * - no answer within the timeout: the sale is aborted at the terminal, asked about once more (a
 *   card tapped at the last second still pays), else FAILED like a decline. While the provider
 *   itself cannot be reached nothing is decided before the hold's margin runs out.
 */
export class TerminalSales {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  /** Sales being looked at by this instance now, so a sweep and a decision never overlap. */
  private checking = new Map<number, Promise<void>>();

  constructor(
    private readonly options: {
      db: Db;
      events: EventBus;
      terminal: CardTerminal;
      timeoutSeconds: number;
      pollMs: number;
      log: Logger;
    },
  ) {}

  get timeoutSeconds(): number {
    return this.options.timeoutSeconds;
  }

  /** The provider name a sale to a terminal of this type is filed under, or null when none drives it. */
  providerFor(type: string): string | null {
    return this.options.terminal.supports(type) ? this.options.terminal.name : null;
  }

  /**
   * Sends a PENDING payment's card part to its terminal. When the terminal cannot be reached the
   * payment ends FAILED with its hold released, and the waiter is told (terminal_unreachable).
   */
  async start(paymentId: number): Promise<void> {
    const { db, terminal } = this.options;
    const [row] = await db
      .select({ payment: payments, tid: cardTerminals.tid, tableLabel: diningTables.label, venue: retailers.name })
      .from(payments)
      .innerJoin(cardTerminals, eq(cardTerminals.id, payments.cardTerminalId))
      .leftJoin(diningTables, eq(diningTables.id, payments.tableId))
      .innerJoin(retailers, eq(retailers.id, payments.retailerId))
      .where(eq(payments.id, paymentId))
      .limit(1);
    if (!row?.payment.providerOrderCode) throw new AppError("not_found", 404, { entity: "payment" });
    const sessionId = row.payment.providerOrderCode;
    try {
      await terminal.startSale({
        sessionId,
        tid: row.tid,
        // The charge is the card part plus a card tip, the tip marked as such (Viva's tipAmount).
        amountCents: row.payment.cardCents + cardTipOf(row.payment),
        tipCents: cardTipOf(row.payment),
        merchantReference: String(paymentId),
        customerTrns: row.tableLabel == null ? `${row.venue} · Ταμείο` : `${row.venue} · Τραπέζι ${row.tableLabel}`,
      });
    } catch (error) {
      // The sale may have reached the terminal before the answer was lost: drop it there too.
      await terminal.abortSale(sessionId).catch(() => undefined);
      await releaseHold(db, paymentId);
      if (error instanceof CardTerminalError) {
        this.options.log.warn({ err: error, paymentId }, "card terminal sale could not be started");
        throw new AppError("terminal_unreachable", 400);
      }
      throw error;
    }
  }

  /**
   * Staff drop a sale still waiting at its terminal (the waiter's "Ακύρωση συναλλαγής", issue 28
   * A9): it is aborted there, then settled at once by what the terminal says now, so an aborted
   * sale ends FAILED with its hold released and a card tapped a moment before still pays. A sale
   * that already ended is left as it ended.
   */
  async cancel(paymentId: number): Promise<void> {
    const [payment] = await this.options.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (payment?.status !== "PENDING" || !payment.providerOrderCode || payment.cardTerminalId == null) return;
    try {
      await this.options.terminal.abortSale(payment.providerOrderCode);
    } catch (error) {
      if (!(error instanceof CardTerminalError)) throw error;
      this.options.log.warn({ err: error, paymentId }, "card terminal sale could not be aborted");
      throw new AppError("terminal_unreachable", 400);
    }
    // A look already under way may have asked the terminal before the abort: look again after it.
    await this.checking.get(paymentId);
    await this.check(paymentId);
  }

  /** Looks at one sale now (after a decision at the sandbox terminal, or from the sweep). */
  check(paymentId: number): Promise<void> {
    const running = this.checking.get(paymentId);
    if (running) return running;
    const work = this.checkOnce(paymentId)
      .catch((error) => this.options.log.error({ err: error, paymentId }, "card terminal sale check failed"))
      .finally(() => this.checking.delete(paymentId));
    this.checking.set(paymentId, work);
    return work;
  }

  /** Looks at the sale of a terminal session now (the sandbox terminal just decided it). */
  async checkSession(sessionId: string): Promise<void> {
    const [payment] = await this.options.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, this.options.terminal.name), eq(payments.providerOrderCode, sessionId)))
      .limit(1);
    if (payment) await this.check(payment.id);
  }

  /** The sales still waiting at a terminal of this provider, which the sweep looks at. */
  private waiting() {
    return and(
      eq(payments.status, "PENDING"),
      isNotNull(payments.cardTerminalId),
      eq(payments.provider, this.options.terminal.name),
    );
  }

  /** How many sales wait at terminals, in every venue (the metrics' queue depth). */
  async waitingCount(): Promise<number> {
    return this.options.db.$count(payments, this.waiting());
  }

  /** Looks at every sale still waiting at a terminal of this provider. */
  async sweep(): Promise<void> {
    if (this.sweeping) return this.sweeping;
    this.sweeping = (async () => {
      const waiting = await this.options.db
        .select({ id: payments.id })
        .from(payments)
        .where(this.waiting())
        .orderBy(asc(payments.id));
      for (const { id } of waiting) await this.check(id);
    })()
      .catch((error) => this.options.log.error({ err: error }, "card terminal sweep failed"))
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  /** Starts looking at waiting sales every pollMs, the ones a previous run left first of all. */
  startWatching(): void {
    if (this.timer) return;
    const tick = () => {
      this.timer = setTimeout(async () => {
        await this.sweep();
        if (this.timer) tick();
      }, this.options.pollMs);
      // The watcher alone never keeps the process alive.
      this.timer.unref();
    };
    tick();
  }

  async stopWatching(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.sweeping;
    await Promise.all(this.checking.values());
  }

  private async checkOnce(paymentId: number): Promise<void> {
    const { db, terminal } = this.options;
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
    if (payment?.status !== "PENDING" || !payment.providerOrderCode || payment.cardTerminalId == null) return;
    const sessionId = payment.providerOrderCode;
    const result = await this.resultOf(sessionId);
    if (result?.state === "APPROVED") return this.approve(payment, result);
    if (result?.state === "DECLINED") return this.fail(payment, "declined");
    const deadline = payment.createdAt.getTime() + this.options.timeoutSeconds * 1000;
    if (Date.now() < deadline) return;
    let aborted = true;
    await terminal.abortSale(sessionId).catch((error) => {
      aborted = false;
      this.options.log.warn({ err: error, paymentId }, "card terminal sale could not be aborted");
    });
    const last = await this.resultOf(sessionId);
    if (last?.state === "APPROVED") return this.approve(payment, last);
    // The provider cannot be reached, so the card may yet have paid: keep asking while the hold
    // lasts (its margin); after that the pieces are free anyway and a late success is a refund.
    if (!aborted && !last && payment.expiresAt && Date.now() < payment.expiresAt.getTime()) return;
    return this.fail(payment, "timeout");
  }

  /** The terminal's word, or null when its provider cannot be reached now (ask again later). */
  private async resultOf(sessionId: string): Promise<TerminalSaleResult | null> {
    try {
      return await this.options.terminal.saleResult(sessionId);
    } catch (error) {
      if (!(error instanceof CardTerminalError)) throw error;
      this.options.log.warn({ err: error, sessionId }, "card terminal result unavailable");
      return null;
    }
  }

  private async approve(row: PaymentRow, result: Extract<TerminalSaleResult, { state: "APPROVED" }>) {
    if (result.amountCents != null && result.amountCents !== row.cardCents + cardTipOf(row)) {
      // The terminal took another amount than asked: nothing is paid here, the venue sorts it out.
      this.options.log.error({ paymentId: row.id, amount: result.amountCents }, "card terminal amount mismatch");
      if (await this.markRefundDue(row.id, result.transactionId)) await this.publish(row, "FAILED");
      return;
    }
    const payment = asTablePayment(row);
    if (!payment) return this.approveRegisterSale(row, result.transactionId);
    return this.approveTablePayment(payment, result.transactionId);
  }

  /**
   * A cash-register sale's card part was approved: the sale is paid (it has no pieces to settle).
   * Only from PENDING, so exactly one instance completes it and tells everyone.
   */
  private async approveRegisterSale(payment: PaymentRow, transactionId: string) {
    const completed = await withUniqueKeys({ payments_provider_transaction: "already_paid" }, () =>
      this.options.db.transaction(async (tx) => {
        const now = new Date();
        const rows = await tx
          .update(payments)
          .set({ status: "COMPLETED", providerTransactionId: transactionId, completedAt: now })
          .where(and(eq(payments.id, payment.id), eq(payments.status, "PENDING")))
          .returning();
        // The register sale's receipt, in the transaction that completes it.
        if (rows.length) {
          await issuePaymentDocuments(tx, { payment: rows[0], now });
          await recordRegisterDiscount(tx, collectorOf(rows[0]), {
            table: await tableOf(tx, rows[0].tableId),
            orderId: rows[0].orderId,
            totalCents: rows[0].amountCents + rows[0].discountCents,
            discountCents: rows[0].discountCents,
          });
          await recordTip(tx, collectorOf(rows[0]), {
            table: await tableOf(tx, rows[0].tableId),
            billCents: rows[0].amountCents,
            tipCents: rows[0].tipCents,
            tipMethod: rows[0].tipMethod,
            details: { orderId: rows[0].orderId },
          });
        }
        return rows;
      }),
    );
    if (completed.length) await this.publish(payment, "SUCCESS");
  }

  private async approveTablePayment(payment: TablePayment<PaymentRow>, transactionId: string) {
    const { db } = this.options;
    const now = new Date();
    const outcome = await withUniqueKeys({ payments_provider_transaction: "already_paid" }, () =>
      db.transaction(async (tx) => {
        await lockTables(tx, [payment.tableId]);
        const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for("update");
        if (current.status !== "PENDING") return null;
        const units = await tx
          .select()
          .from(orderProducts)
          .where(inArray(orderProducts.id, current.items))
          .orderBy(asc(orderProducts.id))
          .for("update");
        if (units.length !== current.items.length || units.some((u) => u.paymentStatus !== "UNPAID")) {
          // Only a lapsed hold lets this happen: the card paid for pieces paid otherwise meanwhile.
          await tx
            .update(payments)
            .set({ status: "REFUND_DUE", providerTransactionId: transactionId })
            .where(eq(payments.id, payment.id));
          return { paid: false as const };
        }
        const [completed] = await tx
          .update(payments)
          .set({ status: "COMPLETED", providerTransactionId: transactionId, completedAt: now })
          .where(eq(payments.id, payment.id))
          .returning();
        const settled = await settleUnits(tx, {
          paymentId: payment.id,
          tableId: payment.tableId,
          sessionId: payment.sessionId,
          units,
          discountShares: splitDiscount(
            current.discountCents,
            units.map((u) => u.unitPriceCents - u.discountCents),
          ),
          paymentStatus: "PAID",
          userId: current.collectedByUserId ?? current.startedByUserId ?? 0,
          now,
        });
        // The receipt once the terminal approved, carrying its TID and the transaction id.
        await issuePaymentDocuments(tx, { payment: completed, now });
        await recordCollection(tx, collectorOf(current), {
          table: await tableOf(tx, payment.tableId),
          units,
          isGift: false,
          discountCents: current.discountCents,
          onCreditCents: current.onCreditCents,
          creditDebtor: current.creditDebtor,
          cashCents: current.cashCents,
          cardCents: current.cardCents,
          tipCents: current.tipCents,
          tipMethod: current.tipMethod,
        });
        return { paid: true as const, ...settled };
      }),
    );
    if (!outcome) return;
    if (!outcome.paid) return this.publish(payment, "FAILED");
    const paid = { paidProductCount: payment.items.length, paidAmount: payment.amountCents };
    await this.options.events.publish({
      type: "table.changed",
      retailerId: payment.retailerId,
      tableId: payment.tableId,
      orderIds: outcome.orderIds,
      ...(outcome.completedRequests ? { paymentRequestCompleted: paid } : {}),
    });
    await this.options.events.publish({ type: "waiter-tasks.changed", retailerId: payment.retailerId, tableId: payment.tableId });
    await this.publish(payment, "SUCCESS");
  }

  private async fail(payment: PaymentRow, reason: "declined" | "timeout") {
    if (!(await releaseHold(this.options.db, payment.id))) return;
    this.options.log.warn({ paymentId: payment.id, reason }, "card terminal sale failed");
    // The held pieces show as payable again on every waiter's screen (a register sale holds none).
    if (payment.sessionId != null) {
      await this.options.events.publish({
        type: "waiter-tasks.changed",
        retailerId: payment.retailerId,
        tableId: payment.tableId,
      });
    }
    await this.publish(payment, "FAILED");
  }

  /** Money taken that pays nothing here: kept on the payment (once) for the back office to refund. */
  private async markRefundDue(paymentId: number, transactionId: string): Promise<boolean> {
    const rows = await this.options.db
      .update(payments)
      .set({ status: "REFUND_DUE", providerTransactionId: transactionId, expiresAt: new Date() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "PENDING")))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  /** tableId is null for a register sale without a table; orderId names a register sale. */
  private publish(payment: PaymentRow, status: "SUCCESS" | "FAILED") {
    return this.options.events.publish({
      type: PAYMENT_UPDATED,
      retailerId: payment.retailerId,
      tableId: payment.tableId,
      orderId: payment.orderId,
      paymentId: payment.id,
      status,
    });
  }
}
