import type { BasketLine } from "@tableorder/domain/basket";
import type { OrderProductSent, sendOrderResponse } from "@tableorder/domain/contracts/orders";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { apiPost } from "../../../lib/api-client.ts";
import { sendStaffAction } from "../../../lib/staff-action.ts";

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

/**
 * A waiter's (or the cash desk's) order for a table: a staff action with the basket's key, so an
 * order taken in a dead spot waits in the outbox and reaches the kitchen once (issue 31). A
 * guest's order is never kept: the guest sees it was not sent and sends it again.
 */
export function sendStaffOrder({ tableId, lines, idempotencyKey }: SendOrderInput): Promise<SendOrderResponse> {
  return sendStaffAction<SendOrderResponse>({
    method: "POST",
    path: `/api/orders/${tableId}`,
    body: toOrderProducts(lines),
    idempotencyKey,
  });
}

export function useSendOrder(asStaff = false) {
  return useMutation({ mutationFn: asStaff ? sendStaffOrder : sendOrder });
}
