import { checkTip, defaultTipMethod, type TipMethod } from "@tableorder/domain/tips";
import { AppError } from "./app-error.ts";

/** A tip as a payment row keeps it: cents beside the bill, and how it was left (null when none). */
export interface CollectedTip {
  tipCents: number;
  tipMethod: TipMethod | null;
}

/**
 * The tip a waiter's or a cashier's collection takes (issue 32), checked by the domain's rule
 * (packages/domain tips.ts checkTip) and refused with its keyed error; shared by the table's
 * collection and the register's sale so both take tips alike.
 */
export function collectedTip(request: {
  tipAmount: number;
  tipMethod?: TipMethod | null;
  tipConfirmed: boolean;
  bill: number;
  cash: number;
  card: number;
  onCredit: number;
  isGift: boolean;
}): CollectedTip {
  const method = request.tipMethod ?? defaultTipMethod({ cash: request.cash, card: request.card });
  const problem = checkTip({
    amount: request.tipAmount,
    method,
    confirmed: request.tipConfirmed,
    bill: request.bill,
    cash: request.cash,
    card: request.card,
    onCredit: request.onCredit,
    isGift: request.isGift,
  });
  if (problem) throw new AppError(problem, 400, { tipAmount: request.tipAmount, bill: request.bill });
  return request.tipAmount > 0 ? { tipCents: request.tipAmount, tipMethod: method } : { tipCents: 0, tipMethod: null };
}

/** What a card charge takes beside the card part: the tip when it was left on the card. */
export function cardTipOf(payment: { tipCents: number; tipMethod: string | null }): number {
  return payment.tipMethod === "CARD" ? payment.tipCents : 0;
}
