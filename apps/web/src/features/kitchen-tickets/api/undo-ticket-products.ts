import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendStaffAction, staffAction } from "../../../lib/staff-action.ts";
import { kitchenTicketQueryKey } from "./get-kitchen-ticket.ts";

export interface UndoInput {
  ticketId: number;
  /** The pieces to put back to waiting; without them every prepared piece of the ticket. */
  orderProductIds?: number[];
}

/**
 * Puts prepared pieces back to waiting (the revert button and the undo stack); they leave the
 * waiters' pickup tasks and a completed ticket reopens. A piece the waiter already delivered is
 * refused (error.product_already_delivered), with its wording shown by the API client.
 */
export function undoTicketProducts({ ticketId, orderProductIds }: UndoInput): Promise<{ revertedIds: number[] }> {
  return sendStaffAction<{ revertedIds: number[] }>(
    staffAction("POST", `/api/feed/kitchen/ticket/${ticketId}/undo`, orderProductIds ? { orderProductIds } : {}),
  );
}

export function useUndoTicketProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoTicketProducts,
    onSettled: (_data, _error, { ticketId }) => queryClient.invalidateQueries({ queryKey: kitchenTicketQueryKey(ticketId) }),
  });
}
