import type { TableState } from "@tableorder/domain/contracts/table";
import type { itemCount, requestIdResponse } from "@tableorder/domain/contracts/table-requests";
import type { UiLanguage } from "@tableorder/domain/enums";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiPost } from "../../../lib/api-client.ts";

export type ItemCount = z.infer<typeof itemCount>;

export interface PaymentRequestInput {
  tableId: number;
  itemsCount: ItemCount[];
  /** The guest pays by card: the waiter brings a card terminal. */
  pos: boolean;
}

/** Asks a waiter to come and collect payment for these pieces (spec 1 §7, pay to waiter). */
export function requestPayment({ tableId, itemsCount, pos }: PaymentRequestInput) {
  return apiPost<z.infer<typeof requestIdResponse>>(`/api/cq-table/payment-request/${tableId}`, { itemsCount, pos });
}

/**
 * The table state lives in the table feed's cache; its key is passed in so this feature does not
 * reach into another. The request shows at once here and reaches the other guests by push.
 */
export function useRequestPayment(tableStateKey: readonly [string, number, UiLanguage]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayment,
    onSuccess: ({ id }) => {
      queryClient.setQueryData<TableState>(tableStateKey, (state) => (state ? { ...state, activePaymentRequestId: id } : state));
    },
  });
}
