import type { NewOrderCard, WaiterFeedItem } from "@tableorder/domain/contracts/waiter";
import { useQueryClient } from "@tanstack/react-query";
import { useFormatEuros } from "../../components/price.tsx";
import { toast } from "../../components/toasts.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { type RealtimeStatus, useRealtime } from "../../lib/realtime.ts";
import { newOrdersQueryKey, staffTableFeedQueryKey, waiterFeedQueryKey } from "./api/waiter-api.ts";
import { applyNewOrdersMessage, applyWaiterMessage, isTerminalSaleFailed, isWaiterFeedMessage } from "./apply-waiter-message.ts";
import { announceArrivals, tasksThatRing } from "./new-task-alert.ts";

export const WAITER_QUEUE = "/user/queue/waiter";

/** Whether the pending-pos-payment screen of this sale is the one on screen now. */
function isWaitingOn(paymentId: number): boolean {
  const { pathname, search } = window.location;
  return pathname.endsWith("/pending-pos-payment") && new URLSearchParams(search).get("paymentId") === String(paymentId);
}

/**
 * Keeps the service feed live: each push replaces the table's tasks and new-order cards, so a task another waiter
 * handled disappears without a reload; after every (re)connection the feed is fetched again. A
 * guest's new call or payment request rings and vibrates (new-task-alert.ts). A
 * card sale this waiter started that the terminal did not take is told as an error toast.
 */
export function useLiveWaiterFeed(): RealtimeStatus {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const format = useFormatEuros();
  return useRealtime(
    WAITER_QUEUE,
    (body) => {
      if (isTerminalSaleFailed(body)) {
        // The waiter may have left the pending screen: wherever they are, they hear it (that
        // screen, still open on this sale, tells it itself).
        if (!isWaitingOn(body.paymentId)) {
          toast.error(
            t("waiter.terminalSaleFailed", { table: body.tableLabel, amount: format(body.amount), terminal: body.terminalName }),
          );
        }
        void queryClient.invalidateQueries({ queryKey: staffTableFeedQueryKey(body.tableId) });
        return;
      }
      if (!isWaiterFeedMessage(body)) return;
      // A fetch already under way may have read the database before this change: read again.
      if (queryClient.isFetching({ queryKey: waiterFeedQueryKey }) > 0) {
        void queryClient.invalidateQueries({ queryKey: waiterFeedQueryKey }, { cancelRefetch: true });
      }
      const arrivals = tasksThatRing(queryClient.getQueryData<WaiterFeedItem[]>(waiterFeedQueryKey), body);
      queryClient.setQueryData<WaiterFeedItem[]>(waiterFeedQueryKey, (feed) => (feed ? applyWaiterMessage(feed, body) : feed));
      announceArrivals(arrivals);
      if (queryClient.isFetching({ queryKey: newOrdersQueryKey }) > 0) {
        void queryClient.invalidateQueries({ queryKey: newOrdersQueryKey }, { cancelRefetch: true });
      }
      queryClient.setQueryData<NewOrderCard[]>(newOrdersQueryKey, (cards) =>
        cards ? applyNewOrdersMessage(cards, body) : cards,
      );
      // An open task page or table feed of that table reads again.
      void queryClient.invalidateQueries({ queryKey: ["waiter-request"] });
      void queryClient.invalidateQueries({ queryKey: staffTableFeedQueryKey(body.tableId) });
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: waiterFeedQueryKey });
      void queryClient.invalidateQueries({ queryKey: newOrdersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["waiter-request"] });
    },
  );
}
