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
 * Cash and card are linked: when the one just typed exceeds the payable total, the other becomes
 * what makes the two sum to the total (it may go negative, as change given back in that method).
 */
export function linkCashCard(
  changed: "cash" | "card",
  amounts: { cash: Cents; card: Cents },
  payable: Cents,
): { cash: Cents; card: Cents } {
  const value = changed === "cash" ? amounts.cash : amounts.card;
  if (value <= payable) return amounts;
  const other = payable - value;
  return changed === "cash" ? { cash: value, card: other } : { cash: other, card: value };
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
