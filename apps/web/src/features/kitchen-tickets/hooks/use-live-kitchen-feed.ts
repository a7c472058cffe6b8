import type { KitchenFeed } from "@tableorder/domain/contracts/kitchen";
import { useQueryClient } from "@tanstack/react-query";
import { type RealtimeStatus, useRealtime } from "../../../lib/realtime.ts";
import { KITCHEN_FEED_QUERY_KEY } from "../api/get-kitchen-feed.ts";
import { applyKitchenMessage, isKitchenFeedMessage } from "../apply-kitchen-message.ts";

/** The cook's own queue (spec 2 §7): tickets of their area only. */
export const KITCHEN_QUEUE = "/user/queue/kitchen";

/**
 * Keeps the ticket feed live: pushed tickets are added or removed in place, without a reload;
 * after every (re)connection the feed is fetched again so no ticket sent meanwhile is missed.
 */
export function useLiveKitchenFeed(enabled: boolean): RealtimeStatus {
  const queryClient = useQueryClient();
  return useRealtime(
    enabled ? KITCHEN_QUEUE : null,
    (body) => {
      if (!isKitchenFeedMessage(body)) return;
      const queryKey = KITCHEN_FEED_QUERY_KEY;
      // A fetch already under way may have read the database before this ticket: read again.
      if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: true });
      queryClient.setQueryData<KitchenFeed>(queryKey, (feed) => (feed ? applyKitchenMessage(feed, body) : feed));
    },
    () => void queryClient.invalidateQueries({ queryKey: KITCHEN_FEED_QUERY_KEY }),
  );
}
