import { z } from "zod";
import { itemCount } from "./table-requests.ts";

/** POST api/orders/{tableId}/pay: the pieces to pay by card, chosen like a payment request. */
export const payOnlineBody = z.object({ itemsCount: z.array(itemCount).min(1).max(200) });
export type PayOnlineBody = z.infer<typeof payOnlineBody>;

/** The answer besides its Location header: where to pay, the provider's order code, the amount (cents). */
export const payOnlineResponse = z.object({ location: z.string(), orderCode: z.string(), amount: z.number().int() });

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
  paidAmount: z.number().int(),
});
export const failPaymentResponse = z.object({ tableCode: z.string() });
