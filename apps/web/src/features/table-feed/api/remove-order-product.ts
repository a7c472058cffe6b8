import type { UiLanguage } from "@tableorder/domain/enums";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";
import { tableFeedQueryKey } from "./get-table-feed.ts";

/**
 * Takes one piece of a sent order back, while nobody has started preparing it; the server refuses
 * otherwise (product_not_in_current_order) and the client shows its wording.
 */
export async function removeOrderProduct(tableId: number, orderProductId: number): Promise<void> {
  await apiFetch(`/api/orders/${tableId}/product/${orderProductId}`, { method: "DELETE" });
}

export function useRemoveOrderProduct(tableId: number, lang: UiLanguage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderProductId: number) => removeOrderProduct(tableId, orderProductId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tableFeedQueryKey(tableId, lang) }),
  });
}
