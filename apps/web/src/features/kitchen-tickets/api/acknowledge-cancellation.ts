import type { AcknowledgeCancellationResponse, KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPost } from "../../../lib/api-client.ts";
import { useOncePerTicket } from "../hooks/use-once-per-ticket.ts";
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
  const once = useOncePerTicket();
  const mutation = useMutation({
    mutationFn: (ticket: KitchenTicket) => acknowledgeCancellation(ticket.id),
    onSettled: (_result, _error, ticket) => {
      once.done(ticket.id);
      // The push usually arrived first; reading again covers a missed one.
      void queryClient.invalidateQueries({ queryKey: kitchenFeedQueryKey(area) });
      void queryClient.invalidateQueries({ queryKey: kitchenTicketQueryKey(ticket.id) });
    },
  });
  return {
    isAcknowledging: once.isInFlight,
    acknowledge: (ticket: KitchenTicket) => once.start(ticket.id, () => mutation.mutate(ticket)),
  };
}
