import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useQueryClient } from "@tanstack/react-query";
import { type RealtimeStatus, useRealtime } from "../../../lib/realtime.ts";
import { kitchenTicketQueryKey } from "../api/get-kitchen-ticket.ts";

/** Where the server pushes one whole ticket on every change (spec 2 §7). */
export const kitchenTicketTopic = (ticketId: number) => `/topic/kitchen-ticket/${ticketId}`;

function isTicket(body: unknown, ticketId: number): body is KitchenTicket {
  const ticket = body as KitchenTicket | null;
  return Boolean(ticket && typeof ticket === "object" && ticket.id === ticketId && Array.isArray(ticket.products));
}

/** Keeps an open ticket live; after every (re)connection it is read again. */
export function useLiveKitchenTicket(ticketId: number | null): RealtimeStatus {
  const queryClient = useQueryClient();
  return useRealtime(
    ticketId === null ? null : kitchenTicketTopic(ticketId),
    (body) => {
      if (ticketId === null || !isTicket(body, ticketId)) return;
      const queryKey = kitchenTicketQueryKey(ticketId);
      if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: true });
      queryClient.setQueryData<KitchenTicket>(queryKey, body);
    },
    () => {
      if (ticketId !== null) void queryClient.invalidateQueries({ queryKey: kitchenTicketQueryKey(ticketId) });
    },
  );
}
