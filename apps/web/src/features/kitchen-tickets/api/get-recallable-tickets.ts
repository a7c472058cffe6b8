import type { CompletedKitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";
import { areaQuery, type KitchenArea } from "../kitchen-area.ts";
import { kitchenFeedQueryKey } from "./get-kitchen-feed.ts";

// Under the feed's key, so whatever refreshes the feed (a reconnect, a bump) refreshes it too.
export const recallableTicketsQueryKey = (area: KitchenArea) => [...kitchenFeedQueryKey(area), "recallable"] as const;

/** The area's last completed tickets (the last hour, newest first) that can come back to the board. */
export function useRecallableTickets(area: KitchenArea) {
  return useQuery({
    queryKey: recallableTicketsQueryKey(area),
    queryFn: ({ signal }) => apiGet<CompletedKitchenTicket[]>(`/api/feed/kitchen/completed${areaQuery(area)}`, { signal }),
    staleTime: 0,
  });
}
