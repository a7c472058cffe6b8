import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendStaffAction, staffAction } from "../../../lib/staff-action.ts";
import type { PreparedOnTicket } from "../undo-stack.ts";
import { kitchenTicketQueryKey } from "./get-kitchen-ticket.ts";

/** What preparing answers: the pieces it moved, and whether the ticket completed by itself. */
export type PrepareResult = PreparedOnTicket;

export interface PrepareInput {
  ticketId: number;
  /** The pieces to mark prepared; null for 'All ready' (every waiting piece of the ticket). */
  orderProductIds: number[] | null;
}

/**
 * Marks pieces of a ticket prepared (spec 2 §4.3): a product's check button, or 'All ready'.
 * The server hands them to the waiters as a pickup task and completes the ticket when nothing
 * on it waits any more.
 */
export function prepareTicket({ ticketId, orderProductIds }: PrepareInput): Promise<PrepareResult> {
  return sendStaffAction<PrepareResult>(
    orderProductIds === null
      ? staffAction("POST", `/api/feed/kitchen/ticket/${ticketId}/prepare`, {})
      : staffAction("POST", `/api/feed/kitchen/ticket/${ticketId}/prepare-products`, { orderProductIds }),
  );
}

export function usePrepareTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: prepareTicket,
    // The pushed ticket usually arrives first; reading it again covers a missed push.
    onSettled: (_data, _error, { ticketId }) => queryClient.invalidateQueries({ queryKey: kitchenTicketQueryKey(ticketId) }),
  });
}
