import type { WaiterFeedItem } from "@tableorder/domain/contracts/waiter";
import { useQueryClient } from "@tanstack/react-query";
import { type RealtimeStatus, useRealtime } from "../../lib/realtime.ts";
import { staffTableFeedQueryKey, waiterFeedQueryKey } from "./api/waiter-api.ts";
import { applyWaiterMessage, isWaiterFeedMessage } from "./apply-waiter-message.ts";

export const WAITER_QUEUE = "/user/queue/waiter";

/**
 * Keeps the service feed live: each push replaces the table's tasks, so a task another waiter
 * handled disappears without a reload; after every (re)connection the feed is fetched again.
 */
export function useLiveWaiterFeed(): RealtimeStatus {
  const queryClient = useQueryClient();
  return useRealtime(
    WAITER_QUEUE,
    (body) => {
      if (!isWaiterFeedMessage(body)) return;
      // A fetch already under way may have read the database before this change: read again.
      if (queryClient.isFetching({ queryKey: waiterFeedQueryKey }) > 0) {
        void queryClient.invalidateQueries({ queryKey: waiterFeedQueryKey }, { cancelRefetch: true });
      }
      queryClient.setQueryData<WaiterFeedItem[]>(waiterFeedQueryKey, (feed) => (feed ? applyWaiterMessage(feed, body) : feed));
      // An open task page or table feed of that table reads again.
      void queryClient.invalidateQueries({ queryKey: ["waiter-request"] });
      void queryClient.invalidateQueries({ queryKey: staffTableFeedQueryKey(body.tableId) });
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: waiterFeedQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["waiter-request"] });
    },
  );
}
