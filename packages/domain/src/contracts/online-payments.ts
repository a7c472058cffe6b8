import { z } from "zod";
import { itemCount } from "./table-requests.ts";

/** POST api/orders/{tableId}/pay: the pieces to pay by card, chosen like a payment request. */
export const payOnlineBody = z.object({
  itemsCount: z.array(itemCount).min(1).max(200),
  /**
   * Beyond the spec (issue 32): the tip the guest chose, in cents, charged on the card with the
   * pieces (packages/domain tips.ts tipOfOption works it out from the guest's choice). Absent or 0:
   * none, the default. Negative: tip_negative; over the bill or over 50 € without tipConfirmed:
   * tip_needs_confirmation.
   */
  tipAmount: z.number().int().min(-100_000_000).max(100_000_000).default(0),
  tipConfirmed: z.boolean().default(false),
});
export type PayOnlineBody = z.infer<typeof payOnlineBody>;
/** What a guest's phone sends: no tip fields means no tip. */
export type PayOnlineInput = z.input<typeof payOnlineBody>;

/** The answer besides its Location header: where to pay, the provider's order code, the charge (cents). */
export const payOnlineResponse = z.object({
  location: z.string(),
  orderCode: z.string(),
  /** What the card is charged, in cents: the pieces' amount plus the tip. */
  amount: z.number().int(),
  /** The tip inside amount, in cents (present only when there is one). */
  tipAmount: z.number().int().optional(),
});

/** The provider's return: s is its order code, t its transaction id. */
export const completePaymentQuery = z.object({
  s: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/),
  t: z.string().trim().min(1).max(64),
});
export const failPaymentQuery = z.object({
  s: z
    .string()
    .trim()
    .regex(/^\d{1,32}$/),
});

/** What a completed card payment paid (cents), and the table to return to. */
export const completePaymentResponse = z.object({
  tableCode: z.string(),
  paidProductCount: z.number().int(),
  /** The pieces' amount, as the spec has it: the tip is not part of the bill. */
  paidAmount: z.number().int(),
  /** Beyond the spec (issue 32): the tip charged with the pieces, in cents (present only when there is one). */
  tipAmount: z.number().int().optional(),
});
export const failPaymentResponse = z.object({ tableCode: z.string() });
