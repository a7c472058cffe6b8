import { type HistoryTicket, historyMessage } from "@tableorder/domain/contracts/cash-desk";
import { useQueryClient } from "@tanstack/react-query";
import { type RealtimeStatus, useRealtime } from "../../../lib/realtime.ts";
import { orderHistoryQueryKey } from "../api/get-order-history.ts";
import { ticketDocumentsQueryKey } from "../api/get-ticket-documents.ts";
import { type HistoryRange, upsertHistoryTicket } from "../history-range.ts";

export const ORDER_HISTORY_QUEUE = "/user/queue/admin/order-history";

/**
 * Keeps the history shown live: a pushed sale joins or replaces itself when it falls in the range
 * on screen, and its documents are read again if its popup is open; other cached ranges are read
 * again when next shown. A (re)connection reads again.
 */
export function useLiveOrderHistory(range: HistoryRange): RealtimeStatus {
  const queryClient = useQueryClient();
  return useRealtime(
    ORDER_HISTORY_QUEUE,
    (body) => {
      const parsed = historyMessage.safeParse(body);
      if (!parsed.success) return;
      const queryKey = orderHistoryQueryKey(range);
      if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: true });
      queryClient.setQueryData<readonly HistoryTicket[]>(queryKey, (tickets) =>
        tickets ? upsertHistoryTicket(tickets, parsed.data.ticket, range) : tickets,
      );
      // Its documents may have been issued, transmitted or cancelled: an open popup reads them again.
      void queryClient.invalidateQueries({ queryKey: ticketDocumentsQueryKey(parsed.data.ticket.ticketId) });
      // Other ranges in the cache may hold this sale too: they are stale now, not wrong for ever.
      void queryClient.invalidateQueries({
        queryKey: orderHistoryQueryKey(),
        predicate: (query) => query.queryKey[2] !== range.startDate || query.queryKey[3] !== range.endDate,
        refetchType: "none",
      });
    },
    () => void queryClient.invalidateQueries({ queryKey: orderHistoryQueryKey() }),
  );
}
