import type { KitchenFeed } from "@tableorder/domain/contracts/kitchen";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api-client.ts";
import { sortTickets } from "../apply-kitchen-message.ts";
import { areaKey, areaQuery, type KitchenArea, OWN_AREA } from "../kitchen-area.ts";

/** Pushes keep the feed current; this slow refetch is only a safety net for a lost message. */
export const KITCHEN_FEED_SAFETY_REFETCH_MS = 60_000;

// Ticket texts are fixed when the order is sent, so the feed does not vary by language.
export const kitchenFeedQueryKey = (area: KitchenArea = OWN_AREA) => ["kitchen-feed", areaKey(area)] as const;

/** The area's tickets still to prepare, and its flags (open, auto-print, feed disabled, age thresholds). */
export async function getKitchenFeed(area: KitchenArea = OWN_AREA, signal?: AbortSignal): Promise<KitchenFeed> {
  // Quiet: the screen shows a failed first load itself, and a failed background refetch changes
  // nothing on screen (the connection indicator already says the line is down).
  const feed = await apiGet<KitchenFeed>(`/api/feed/kitchen${areaQuery(area)}`, { signal, quiet: true });
  return { ...feed, tickets: sortTickets(feed.tickets) };
}

export const kitchenFeedQueryOptions = (area: KitchenArea = OWN_AREA, enabled = true) =>
  queryOptions({
    queryKey: kitchenFeedQueryKey(area),
    queryFn: ({ signal }) => getKitchenFeed(area, signal),
    enabled,
    refetchInterval: KITCHEN_FEED_SAFETY_REFETCH_MS,
  });

export function useKitchenFeed(area: KitchenArea = OWN_AREA, enabled = true) {
  return useQuery(kitchenFeedQueryOptions(area, enabled));
}
