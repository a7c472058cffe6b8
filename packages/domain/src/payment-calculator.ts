import type { Cents } from "./money.ts";

/**
 * The rules of collecting a payment at the table (spec 2 §5, §9), in integer cents. Pure, so the
 * waiter's screen and the server apply the same arithmetic.
 */

/** The discount floor: whatever is discounted, 0.2 € per piece stays to pay (spec 2 §9). */
export const MIN_CENTS_PER_PIECE = 20;

/** What the chosen units cost before the discount. */
export function payableTotal(units: readonly { priceCents: Cents }[]): Cents {
  return units.reduce((sum, u) => sum + u.priceCents, 0);
}

/** The largest discount allowed on a total of this many pieces; never below 0. */
export function maxDiscount(total: Cents, pieces: number): Cents {
  return Math.max(0, total - MIN_CENTS_PER_PIECE * pieces);
}

/** A discount as typed, capped at the floor; a negative one resets to 0. */
export function clampDiscount(discount: Cents, total: Cents, pieces: number): Cents {
  if (!(discount > 0)) return 0;
  return Math.min(Math.round(discount), maxDiscount(total, pieces));
}

/** The discount as a percentage of the total (amount / total × 100); 0 on a zero total. */
export function discountPercentage(discount: Cents, total: Cents): number {
  return total > 0 ? (discount / total) * 100 : 0;
}

/** The discount amount of a percentage of the total, rounded to cents. */
export function discountFromPercentage(percentage: number, total: Cents): Cents {
  return Math.round((total * percentage) / 100);
}

/**
 * Cash and card are linked (spec 2 §5): the amount just typed is kept within 0..payable and the
 * other becomes what makes the two sum to the payable total, so they never exceed it together.
 */
export function linkCashCard(changed: "cash" | "card", value: Cents, payable: Cents): { cash: Cents; card: Cents } {
  const kept = Math.min(Math.max(0, Math.round(value) || 0), Math.max(0, payable));
  const other = Math.max(0, payable) - kept;
  return changed === "cash" ? { cash: kept, card: other } : { cash: other, card: kept };
}

/** A percentage as shown: rounded to 2 decimals (spec 2 §5). */
export function roundPercentage(percentage: number): number {
  return Math.round(percentage * 100) / 100;
}

export interface LinkedDiscount {
  /** The discount in cents, within 0..maxDiscount. */
  amount: Cents;
  /** amount / total × 100, rounded to 2 decimals. */
  percentage: number;
}

/**
 * The discount's amount and percentage, linked (spec 2 §5): whichever was typed decides, the
 * amount is capped at the 0.2 € per piece floor and a negative one resets to 0, and the other
 * field follows from the capped amount. A typed percentage is kept as typed unless capped.
 */
export function linkDiscount(typed: { amount: Cents } | { percentage: number }, total: Cents, pieces: number): LinkedDiscount {
  if ("amount" in typed) {
    const amount = clampDiscount(typed.amount, total, pieces);
    return { amount, percentage: roundPercentage(discountPercentage(amount, total)) };
  }
  const wanted = Number.isFinite(typed.percentage) && total > 0 ? Math.max(0, typed.percentage) : 0;
  const amount = clampDiscount(discountFromPercentage(wanted, total), total, pieces);
  const capped = amount < discountFromPercentage(wanted, total);
  return { amount, percentage: capped ? roundPercentage(discountPercentage(amount, total)) : roundPercentage(wanted) };
}

/**
 * Splits a discount over units in proportion to what each may lose above the floor (its price
 * less 0.2 €), by largest remainder, so the units' shares add up exactly to the discount and no
 * unit drops below the floor when the discount is within it. Shares come back in the units' order.
 */
export function splitDiscount(discount: Cents, prices: readonly Cents[], floorPerPiece: Cents = MIN_CENTS_PER_PIECE): Cents[] {
  let weights = prices.map((p) => Math.max(0, p - floorPerPiece));
  if (weights.reduce((a, b) => a + b, 0) < discount) weights = prices.map((p) => Math.max(0, p));
  const total = weights.reduce((a, b) => a + b, 0);
  if (discount <= 0 || total <= 0) return prices.map(() => 0);
  const exact = weights.map((w) => (discount * w) / total);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

export interface PaymentAmounts {
  cash: Cents;
  card: Cents;
  onCredit: Cents;
  discount: Cents;
}

export type PaymentAmountsProblem = "negative_amount" | "discount_too_large" | "amounts_do_not_add_up";

/**
 * Whether a payment's amounts are acceptable for a total of this many pieces: none negative, the
 * discount within the floor, and cash + card + on credit = total − discount. Null when they are.
 */
export function validatePaymentAmounts(amounts: PaymentAmounts, total: Cents, pieces: number): PaymentAmountsProblem | null {
  const { cash, card, onCredit, discount } = amounts;
  if ([cash, card, onCredit, discount].some((a) => !Number.isInteger(a) || a < 0)) return "negative_amount";
  if (discount > maxDiscount(total, pieces)) return "discount_too_large";
  if (cash + card + onCredit !== total - discount) return "amounts_do_not_add_up";
  return null;
}

/** The longest note of who owes an amount on credit. */
export const CREDIT_DEBTOR_MAX_LENGTH = 120;

/**
 * Who owes a collection's on-credit part, as it is kept (issue 28 A9): the typed name or note,
 * trimmed; null when nothing is on credit (there is nobody to owe it) or when it is left blank.
 */
export function creditDebtorOf(onCredit: Cents, typed: string | null | undefined): string | null {
  const debtor = typed?.trim() ?? "";
  return onCredit > 0 && debtor ? debtor : null;
}

/** An amount on credit is owed by somebody: a collection with one must name who (issue 28 A9). */
export function isCreditDebtorMissing(onCredit: Cents, typed: string | null | undefined): boolean {
  return onCredit > 0 && creditDebtorOf(onCredit, typed) == null;
}
