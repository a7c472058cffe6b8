import type { TableState } from "@tableorder/domain/contracts/table";
import type { UiLanguage } from "@tableorder/domain/enums";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";
import { tableFeedQueryKey } from "./get-table-feed.ts";

/** Withdraws the table's waiter call or payment request (either guest may, spec 1 §6). */
export function cancelRequest(requestId: number): Promise<{ id: null }> {
  return apiPost<{ id: null }>(`/api/cq-table/cancel-request/${requestId}`);
}

export function useCancelRequest(tableId: number, lang: UiLanguage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) => cancelRequest(requestId),
    onSuccess: (_, requestId) => {
      queryClient.setQueryData<TableState>(tableFeedQueryKey(tableId, lang), (state) =>
        state
          ? {
              ...state,
              callWaiterRequestId: state.callWaiterRequestId === requestId ? null : state.callWaiterRequestId,
              activePaymentRequestId: state.activePaymentRequestId === requestId ? null : state.activePaymentRequestId,
            }
          : state,
      );
    },
  });
}
