import type { TableState } from "@tableorder/domain/contracts/table";
import type { UiLanguage } from "@tableorder/domain/enums";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";
import { tableFeedQueryKey } from "./get-table-feed.ts";

/** Asks a waiter to come to the table; a table has one open call, so calling twice returns it. */
export function callWaiter(tableId: number): Promise<{ id: number }> {
  return apiPost<{ id: number }>(`/api/cq-table/call-waiter/${tableId}`);
}

/** Shows the call at once on this phone; every other guest learns of it from the table's topic. */
export function useCallWaiter(tableId: number, lang: UiLanguage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callWaiter(tableId),
    onSuccess: ({ id }) => {
      queryClient.setQueryData<TableState>(tableFeedQueryKey(tableId, lang), (state) =>
        state ? { ...state, callWaiterRequestId: id } : state,
      );
    },
  });
}
