import type { Cents } from "@tableorder/domain/money";
import { defaultTipMethod, type TipMethod, tipAllowedWith, tipNeedsConfirmation } from "@tableorder/domain/tips";

/** The parts of a collection a tip is weighed against, in cents. */
export interface CollectionParts {
  /** What is paid after the discount. */
  payable: Cents;
  cash: Cents;
  card: Cents;
  onCredit: Cents;
  gift: boolean;
}

/**
 * Whether the waiter's or the till's collection offers a tip field (issue 32): only when something
 * is paid in cash or by card now; a gift or an on-credit collection takes none (the server would
 * refuse it with tip_not_allowed).
 */
export function tipOffered(parts: CollectionParts): boolean {
  return tipAllowedWith({ isGift: parts.gift, onCredit: parts.onCredit }) && parts.cash + parts.card > 0;
}

/**
 * How the tip was left: the way the collection is paid, and for a split of cash and card the one
 * the person picked (by default the card when it carries the payment, as the server assumes).
 */
export function tipMethodOf(parts: CollectionParts, picked: TipMethod | null): TipMethod {
  if (parts.cash > 0 && parts.card > 0) return picked ?? defaultTipMethod(parts);
  return parts.card > 0 ? "CARD" : "CASH";
}

/** The tip the collection sends with its method and whether it still needs the person's confirmation. */
export interface TipOfCollection {
  tipAmount: Cents;
  tipMethod: TipMethod | null;
  /** Unusually large (over the bill or over 50 €): the person confirms it before it is sent. */
  needsConfirmation: boolean;
  /** What the card terminal is asked to take: the card part, plus the tip when it is left on the card. */
  terminalCharge: Cents;
}

/** The tip typed on a collection, as it is sent; none when the collection offers no tip. */
export function tipOfCollection(parts: CollectionParts, typed: Cents, picked: TipMethod | null): TipOfCollection {
  const tip = tipOffered(parts) ? Math.max(0, Math.round(typed)) : 0;
  const tipMethod = tip > 0 ? tipMethodOf(parts, picked) : null;
  return {
    tipAmount: tip,
    tipMethod,
    needsConfirmation: tip > 0 && tipNeedsConfirmation(tip, parts.payable),
    terminalCharge: parts.card + (tipMethod === "CARD" ? tip : 0),
  };
}
