import type { AcknowledgeCancellationResponse, KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { apiPost } from "../../../lib/api-client.ts";
import type { KitchenArea } from "../kitchen-area.ts";
import { kitchenFeedQueryKey } from "./get-kitchen-feed.ts";
import { kitchenTicketQueryKey } from "./get-kitchen-ticket.ts";

/**
 * A cook's "Got it" on a ticket's cancellations: they leave the ticket, and a ticket with nothing
 * else left leaves the screen. A second tap is harmless (the server clears nothing twice).
 */
export function acknowledgeCancellation(ticketId: number): Promise<AcknowledgeCancellationResponse> {
  return apiPost<AcknowledgeCancellationResponse>(`/api/feed/kitchen/ticket/${ticketId}/acknowledge-cancellation`);
}

/** "Got it" for any ticket of the area; a ticket on its way is not sent again and shows as in flight. */
export function useAcknowledgeCancellation(area: KitchenArea) {
  const queryClient = useQueryClient();
  // The ref refuses a second tap before React re-renders; the state disables the button.
  const sending = useRef(new Set<number>());
  const [inFlight, setInFlight] = useState<ReadonlySet<number>>(new Set());
  const settle = (ticketId: number, on: boolean) => {
    if (on) sending.current.add(ticketId);
    else sending.current.delete(ticketId);
    setInFlight(new Set(sending.current));
  };
  const mutation = useMutation({
    mutationFn: (ticket: KitchenTicket) => acknowledgeCancellation(ticket.id),
    onSettled: (_result, _error, ticket) => {
      settle(ticket.id, false);
      // The push usually arrived first; reading again covers a missed one.
      void queryClient.invalidateQueries({ queryKey: kitchenFeedQueryKey(area) });
      void queryClient.invalidateQueries({ queryKey: kitchenTicketQueryKey(ticket.id) });
    },
  });
  return {
    isAcknowledging: (ticketId: number) => inFlight.has(ticketId),
    acknowledge: (ticket: KitchenTicket) => {
      if (sending.current.has(ticket.id)) return;
      settle(ticket.id, true);
      mutation.mutate(ticket);
    },
  };
}
