import type { Cents } from "./money.ts";

/**
 * Tips (issue 32): what a guest leaves for the staff beside the bill. A tip is not part of the
 * sale: it adds no VAT, changes no piece's price and is not income; the card charge is the bill
 * plus the tip. Pure, so the guest's tip choices, the waiter's field and the server share the
 * same arithmetic and limits.
 */

/** How a tip was left: in cash, or on the card that paid (a terminal or online). */
export const TIP_METHODS = ["CASH", "CARD"] as const;
export type TipMethod = (typeof TIP_METHODS)[number];

/** The guest's choices when paying online; "none" is the default, as is the custom here. */
export const TIP_OPTIONS = ["none", "round_up", "percent_5", "percent_10", "custom"] as const;
export type TipOption = (typeof TIP_OPTIONS)[number];

/** A tip above this (50 €) is unusual: the waiter confirms it was meant. */
export const TIP_CONFIRMATION_THRESHOLD_CENTS: Cents = 5000;

/**
 * The tip of a choice on a bill: round_up brings the charge to the next whole euro (a bill already
 * in whole euros rounds up by a whole euro, so the choice always leaves something), the
 * percentages are of the bill rounded to the cent, custom is what was typed (never below 0).
 */
export function tipOfOption(option: TipOption, bill: Cents, typed: Cents = 0): Cents {
  const payable = Math.max(0, Math.round(bill));
  switch (option) {
    case "none":
      return 0;
    case "round_up":
      return payable === 0 ? 0 : 100 - (payable % 100);
    case "percent_5":
      return Math.round((payable * 5) / 100);
    case "percent_10":
      return Math.round((payable * 10) / 100);
    case "custom":
      return Number.isFinite(typed) ? Math.max(0, Math.round(typed)) : 0;
  }
}

/** Every choice with its tip and the card charge it makes, in the order the guest sees them. */
export function tipChoices(bill: Cents, typed: Cents = 0): { option: TipOption; tip: Cents; charge: Cents }[] {
  return TIP_OPTIONS.map((option) => {
    const tip = tipOfOption(option, bill, typed);
    return { option, tip, charge: Math.max(0, Math.round(bill)) + tip };
  });
}

/** Whether a tip is unusually large for its bill (over the bill, or over 50 €) and needs confirming. */
export function tipNeedsConfirmation(tip: Cents, bill: Cents): boolean {
  return tip > bill || tip > TIP_CONFIRMATION_THRESHOLD_CENTS;
}

export type TipProblem = "tip_negative" | "tip_not_allowed" | "tip_method_not_in_payment" | "tip_needs_confirmation";

/**
 * Whether a tip may be taken with a collection, null when it may. A tip is never negative; a gift
 * or a collection left (partly) on credit takes none (nothing is paid that a tip could go with); a
 * tip goes with a part of the payment paid its way (a card tip with a card part, a cash tip with a
 * cash part), because myDATA declares it inside that part's payment details; an unusually large
 * one needs the staff's confirmation.
 */
export function checkTip(tip: {
  amount: Cents;
  method: TipMethod;
  confirmed: boolean;
  bill: Cents;
  cash: Cents;
  card: Cents;
  onCredit: Cents;
  isGift: boolean;
}): TipProblem | null {
  if (!Number.isInteger(tip.amount) || tip.amount < 0) return "tip_negative";
  if (tip.amount === 0) return null;
  if (!tipAllowedWith(tip)) return "tip_not_allowed";
  if ((tip.method === "CARD" ? tip.card : tip.cash) <= 0) return "tip_method_not_in_payment";
  if (!tip.confirmed && tipNeedsConfirmation(tip.amount, tip.bill)) return "tip_needs_confirmation";
  return null;
}

/** Whether a collection can take a tip at all: not a gift, and nothing of it left on credit. */
export function tipAllowedWith(collection: { isGift: boolean; onCredit: Cents }): boolean {
  return !collection.isGift && collection.onCredit === 0;
}

/** The method a tip goes with when none is named: the card when the card carries the payment, else cash. */
export function defaultTipMethod(parts: { cash: Cents; card: Cents }): TipMethod {
  return parts.card > parts.cash ? "CARD" : "CASH";
}
