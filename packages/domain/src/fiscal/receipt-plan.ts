import type { PaymentMethod } from "../enums.ts";
import type { Cents } from "../money.ts";
import { type MydataPaymentMethodCode, paymentMethodCode, receiptTypeOf } from "./document-rules.ts";
import { sumVatSections, type VatSection, type VatSplit } from "./vat.ts";

/** One part of a payment: how much was paid one way, with the card's details when by card. */
export interface PaymentPart {
  method: PaymentMethod;
  amount: Cents;
  /** The card payment's transaction id (terminal or online). */
  transactionId?: string | null;
  /** The card terminal's TID. */
  tid?: string | null;
  /** A tip left this way beside the bill (issue 32): declared with the part, never in its amount. */
  tip?: Cents;
}

/** A payment part as a receipt carries it: the myDATA code and this receipt's share of the part. */
export interface ReceiptPayment {
  method: PaymentMethod;
  code: MydataPaymentMethodCode;
  amount: Cents;
  transactionId: string | null;
  tid: string | null;
  /** The part's tip, on the first receipt that carries the part (myDATA's tipAmount); absent when none. */
  tipAmount?: Cents;
}

export interface PlannedReceipt {
  invoiceType: "11.1" | "11.2";
  sections: VatSection[];
  totals: VatSplit;
  payments: ReceiptPayment[];
}

/**
 * The receipts one payment issues. A sale of goods only is one retail receipt (11.1), of services
 * only one service receipt (11.2). A sale mixing both issues one of each (decision, issue 13 is
 * silent): each type keeps its own unambiguous classification (category1_1 on 11.1, category1_3 on
 * 11.2) and its own numbering. The payment parts are shared out in their order, goods first, so
 * each receipt's payment methods add up exactly to its gross, as AADE requires; a card part split
 * over both keeps its transaction id and TID on each share.
 * Gifts (NO_PAYMENT) carry no payment: a sale must be paid in full by the parts given.
 * A part's tip is declared once, on the first share of that part: it is beside the sale, so it
 * changes no amount and no receipt's total.
 */
export function planReceipts(options: { sections: readonly VatSection[]; payments: readonly PaymentPart[] }): PlannedReceipt[] {
  for (const p of options.payments) {
    if (!Number.isSafeInteger(p.amount) || p.amount < 0) throw new RangeError(`Not a non-negative amount in cents: ${p.amount}`);
    const tip = p.tip ?? 0;
    if (!Number.isSafeInteger(tip) || tip < 0) throw new RangeError(`Not a non-negative tip in cents: ${tip}`);
    if (tip > 0 && p.amount === 0) throw new RangeError(`A tip of ${tip} goes with a ${p.method} part that pays nothing`);
  }
  const gross = options.sections.reduce((sum, s) => sum + s.gross, 0);
  const paid = options.payments.reduce((sum, p) => sum + p.amount, 0);
  if (gross !== paid) throw new RangeError(`Payments of ${paid} do not settle sections of ${gross}`);
  const queue = options.payments
    .filter((p) => p.amount > 0)
    .map((p) => {
      const code = paymentMethodCode(p.method);
      if (code === null) throw new RangeError(`A ${p.method} part carries no payment`);
      return { ...p, code, left: p.amount, tipLeft: p.tip ?? 0 };
    });

  const receipts: PlannedReceipt[] = [];
  for (const productType of ["GOOD", "SERVICE"] as const) {
    const sections = options.sections.filter((s) => s.productType === productType && s.gross > 0);
    if (sections.length === 0) continue;
    const totals = sumVatSections(sections);
    const payments: ReceiptPayment[] = [];
    let owed = totals.gross;
    for (const part of queue) {
      if (owed === 0) break;
      const share = Math.min(part.left, owed);
      if (share === 0) continue;
      part.left -= share;
      owed -= share;
      payments.push({
        method: part.method,
        code: part.code,
        amount: share,
        transactionId: part.transactionId ?? null,
        tid: part.tid ?? null,
        ...(part.tipLeft > 0 ? { tipAmount: part.tipLeft } : {}),
      });
      part.tipLeft = 0;
    }
    receipts.push({ invoiceType: receiptTypeOf(productType), sections, totals, payments });
  }
  return receipts;
}
