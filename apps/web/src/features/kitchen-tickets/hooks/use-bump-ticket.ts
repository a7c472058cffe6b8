import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/toasts.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { randomId } from "../../../lib/uuid.ts";
import { kitchenFeedQueryKey } from "../api/get-kitchen-feed.ts";
import { prepareTicket } from "../api/prepare-ticket.ts";
import type { KitchenArea } from "../kitchen-area.ts";
import { undoEntryAfterPrepare } from "../undo-stack.ts";
import { useOncePerTicket } from "./use-once-per-ticket.ts";
import { recordUndo } from "./use-undo-stack.ts";

/**
 * The board's bump: completes a whole ticket in one tap ('All ready' without opening it) and puts
 * it on the undo stack. Several tickets may be bumped at once; a ticket already on its way is
 * never sent twice, however fast the second tap comes.
 */
export function useBumpTicket(area: KitchenArea, areaId: number | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const once = useOncePerTicket();
  // Callbacks on the mutation itself run for every bump, not only the latest one.
  const mutation = useMutation({
    mutationFn: (ticket: KitchenTicket) => prepareTicket({ ticketId: ticket.id, orderProductIds: null }),
    onSuccess: (result, ticket) => {
      const entry = undoEntryAfterPrepare(ticket, result, { id: randomId(), at: Date.now() });
      if (entry) recordUndo(areaId, entry);
      if (result.ticketCompleted) toast.success(t("kitchen.waiterNotified"));
    },
    onSettled: (_result, _error, ticket) => {
      once.done(ticket.id);
      // The push usually removed the ticket already; this covers a missed one and the Recall list.
      void queryClient.invalidateQueries({ queryKey: kitchenFeedQueryKey(area) });
    },
  });
  return {
    isBumping: once.isInFlight,
    bump: (ticket: KitchenTicket) => once.start(ticket.id, () => mutation.mutate(ticket)),
  };
}
