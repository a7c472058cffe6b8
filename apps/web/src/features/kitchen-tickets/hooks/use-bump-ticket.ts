import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { toast } from "../../../components/toasts.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { randomId } from "../../../lib/uuid.ts";
import { kitchenFeedQueryKey } from "../api/get-kitchen-feed.ts";
import { prepareTicket } from "../api/prepare-ticket.ts";
import type { KitchenArea } from "../kitchen-area.ts";
import { undoEntryAfterPrepare } from "../undo-stack.ts";
import { recordUndo } from "./use-undo-stack.ts";

/**
 * The board's bump: completes a whole ticket in one tap ('All ready' without opening it) and puts
 * it on the undo stack. Several tickets may be bumped at once; a ticket already on its way is
 * never sent twice, however fast the second tap comes.
 */
export function useBumpTicket(area: KitchenArea, areaId: number | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The ref refuses a second tap before React re-renders; the state disables the button.
  const sending = useRef(new Set<number>());
  const [inFlight, setInFlight] = useState<ReadonlySet<number>>(new Set());
  const settle = (ticketId: number, on: boolean) => {
    if (on) sending.current.add(ticketId);
    else sending.current.delete(ticketId);
    setInFlight(new Set(sending.current));
  };
  // Callbacks on the mutation itself run for every bump, not only the latest one.
  const mutation = useMutation({
    mutationFn: (ticket: KitchenTicket) => prepareTicket({ ticketId: ticket.id, orderProductIds: null }),
    onSuccess: (result, ticket) => {
      const entry = undoEntryAfterPrepare(ticket, result, { id: randomId(), at: Date.now() });
      if (entry) recordUndo(areaId, entry);
      if (result.ticketCompleted) toast.success(t("kitchen.waiterNotified"));
    },
    onSettled: (_result, _error, ticket) => {
      settle(ticket.id, false);
      // The push usually removed the ticket already; this covers a missed one and the Recall list.
      void queryClient.invalidateQueries({ queryKey: kitchenFeedQueryKey(area) });
    },
  });
  return {
    isBumping: (ticketId: number) => inFlight.has(ticketId),
    bump: (ticket: KitchenTicket) => {
      if (sending.current.has(ticket.id)) return;
      settle(ticket.id, true);
      mutation.mutate(ticket);
    },
  };
}
