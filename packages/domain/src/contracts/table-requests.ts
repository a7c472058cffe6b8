import { z } from "zod";
import { id } from "./common.ts";

/** Pieces a guest asks to pay: a unit of a feed line and how many identical pieces of it. */
export const itemCount = z.object({ orderProductId: id, quantity: z.number().int().min(1).max(500) });

export const paymentRequestBody = z.object({
  itemsCount: z.array(itemCount).min(1).max(200),
  /** The guest pays by card and the waiter must bring a card terminal. */
  pos: z.boolean().optional().default(false),
});
export type PaymentRequestBody = z.infer<typeof paymentRequestBody>;

export const requestIdResponse = z.object({ id: z.number().nullable() });

/** What /topic/waiter-call/{tableId} and /topic/payment-request/{tableId} carry; -1 means paid. */
export const tableRequestMessage = z.object({
  requestId: z.number().nullable(),
  /** With -1: what the payment that settled the request paid (cents). */
  paidProductCount: z.number().int().optional(),
  paidAmount: z.number().int().optional(),
});
