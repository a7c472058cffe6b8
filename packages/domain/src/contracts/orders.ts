import { z } from "zod";
import { id } from "./common.ts";

/** One line of an order as sent by a guest, a waiter or the cash desk (spec 1 §3). */
export const orderProductSent = z.object({
  id,
  basicIngredientIds: z.array(id).max(50).default([]),
  extraIngredientIds: z.array(id).max(50).default([]),
  preparationWay: id.nullable().optional(),
  notes: z.string().trim().max(300).optional().default(""),
  quantity: z.number().int().min(1).max(99),
  isGifted: z.boolean().optional().default(false),
});
export type OrderProductSent = z.infer<typeof orderProductSent>;

export const sendOrderRequest = z.array(orderProductSent).min(1).max(100);
export type SendOrderRequest = z.infer<typeof sendOrderRequest>;

/** Sent as a header so the spec's body (an array) stays as it is; a double tap orders once. */
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const idempotencyKey = z.string().trim().min(8).max(100);

export const sendOrderResponse = z.object({ orderId: z.number(), ticketIds: z.array(z.number()) });
