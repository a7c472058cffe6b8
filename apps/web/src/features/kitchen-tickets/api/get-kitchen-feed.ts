import type { KitchenFeed } from "@tableorder/domain/contracts/kitchen";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";
import { sortTickets } from "../apply-kitchen-message.ts";

// Ticket texts are fixed when the order is sent, so the feed does not vary by language.
export const KITCHEN_FEED_QUERY_KEY = ["kitchen-feed"] as const;

/** The signed-in cook's own area: its tickets still to prepare, and the area's flags. */
export async function getKitchenFeed(signal?: AbortSignal): Promise<KitchenFeed> {
  const feed = await apiGet<KitchenFeed>("/api/feed/kitchen", { signal });
  return { ...feed, tickets: sortTickets(feed.tickets) };
}

export const kitchenFeedQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: KITCHEN_FEED_QUERY_KEY,
    queryFn: ({ signal }) => getKitchenFeed(signal),
    enabled,
  });

export function useKitchenFeed(enabled = true) {
  return useQuery(kitchenFeedQueryOptions(enabled));
}
