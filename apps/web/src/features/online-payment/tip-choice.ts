import { type Cents, eurosToCents } from "@tableorder/domain/money";
import { type TipOption, tipChoices, tipNeedsConfirmation } from "@tableorder/domain/tips";

/** What the guest chose on the card payment screen: an option, and the amount typed for "custom". */
export interface TipChoice {
  option: TipOption;
  /** The custom amount as typed, in euros with the reader's decimal mark ("2,50"); "" when none. */
  typed: string;
}

/** No tip: the default, as is the custom in Greece (issue 32). */
export const NO_TIP: TipChoice = { option: "none", typed: "" };

/** What a typed amount is in cents; empty or unreadable text is no tip. */
export function typedTipCents(typed: string): Cents {
  return Math.max(0, eurosToCents(typed) ?? 0);
}

/**
 * The guest's choice on a bill, worked out by the domain's rule (packages/domain tips.ts) so the
 * screen, the confirmation and what is sent agree: the tip, the card charge (bill + tip), and
 * whether the tip is large enough (over the bill or over 50 €) to ask the guest first.
 */
export function chosenTip(choice: TipChoice, bill: Cents): { tip: Cents; charge: Cents; needsConfirmation: boolean } {
  const chosen = tipChoices(bill, typedTipCents(choice.typed)).find((c) => c.option === choice.option);
  const tip = chosen?.tip ?? 0;
  return { tip, charge: chosen?.charge ?? bill, needsConfirmation: tipNeedsConfirmation(tip, bill) };
}
