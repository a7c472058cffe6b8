import type { BasketLine } from "@tableorder/domain/basket";
import type { OrderProductSent, sendOrderResponse } from "@tableorder/domain/contracts/orders";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiPost } from "../../../lib/api-client.ts";

export type SendOrderResponse = z.infer<typeof sendOrderResponse>;

/** Basket lines as the API takes them (spec 1 §3, order product sent). */
export function toOrderProducts(lines: readonly BasketLine[]): OrderProductSent[] {
  return lines.map((line) => ({
    id: line.productId,
    basicIngredientIds: line.basicIngredientIds,
    extraIngredientIds: line.extraIngredientIds,
    preparationWay: line.preparationWayId,
    notes: line.notes,
    quantity: line.quantity,
    isGifted: false,
  }));
}

export interface SendOrderInput {
  tableId: number;
  lines: readonly BasketLine[];
  /** One key per basket send: the server orders once however often it is repeated. */
  idempotencyKey: string;
}

export function sendOrder({ tableId, lines, idempotencyKey }: SendOrderInput): Promise<SendOrderResponse> {
  return apiPost<SendOrderResponse>(`/api/orders/${tableId}`, toOrderProducts(lines), {
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export function useSendOrder() {
  return useMutation({ mutationFn: sendOrder });
}
