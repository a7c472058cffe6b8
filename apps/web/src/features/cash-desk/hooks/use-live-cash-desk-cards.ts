import type { CashDeskCard } from "@tableorder/domain/contracts/cash-desk";
import { useQueryClient } from "@tanstack/react-query";
import { type RealtimeStatus, useRealtime } from "../../../lib/realtime.ts";
import { type CardKind, cashDeskCardsQueryKey } from "../api/get-cash-desk-cards.ts";
import { applyCardMessage, isCashDeskCardMessage } from "../apply-card-message.ts";

const CARD_QUEUES: Record<CardKind, string> = {
  tables: "/user/queue/admin/cash-desk-tables",
  "take-away": "/user/queue/admin/cash-desk-take-away",
};

/**
 * Keeps a card list live while its tab is shown: a pushed card replaces its old self in place
 * (guests order and pay, the till bills); after every (re)connection the list is read again.
 */
export function useLiveCashDeskCards(kind: CardKind): RealtimeStatus {
  const queryClient = useQueryClient();
  const queryKey = cashDeskCardsQueryKey(kind);
  return useRealtime(
    CARD_QUEUES[kind],
    (body) => {
      if (!isCashDeskCardMessage(body)) return;
      // A read already under way may predate this change: read again rather than lose it.
      if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: true });
      queryClient.setQueryData<readonly CashDeskCard[]>(queryKey, (cards) => (cards ? applyCardMessage(cards, body) : cards));
    },
    () => void queryClient.invalidateQueries({ queryKey }),
  );
}
