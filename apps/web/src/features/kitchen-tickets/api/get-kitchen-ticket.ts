import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";

export const kitchenTicketQueryKey = (ticketId: number) => ["kitchen-ticket", ticketId] as const;

/** One ticket, open or completed (a completed one still lists its prepared pieces). */
export function getKitchenTicket(
  ticketId: number,
  options: { signal?: AbortSignal; quiet?: boolean } = {},
): Promise<KitchenTicket> {
  return apiGet<KitchenTicket>(`/api/feed/kitchen/ticket/${ticketId}`, options);
}

export const kitchenTicketQueryOptions = (ticketId: number, enabled = true) =>
  queryOptions({
    queryKey: kitchenTicketQueryKey(ticketId),
    // The ticket screen shows its own failure.
    queryFn: ({ signal }) => getKitchenTicket(ticketId, { signal, quiet: true }),
    enabled,
  });

export function useKitchenTicket(ticketId: number, enabled = true) {
  return useQuery(kitchenTicketQueryOptions(ticketId, enabled));
}
