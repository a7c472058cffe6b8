import type { CompletedKitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "../../../components/button.tsx";
import { UndoIcon } from "../../../components/icons.tsx";
import { useWaitingActions } from "../../../components/staff-outbox-banner.tsx";
import { toast } from "../../../components/toasts.tsx";
import { elapsedMinutes } from "../../../lib/elapsed-minutes.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { staffActionTicketId } from "../../../lib/staff-action-names.ts";
import { useNow } from "../../../lib/use-now.ts";
import { kitchenFeedQueryKey } from "../api/get-kitchen-feed.ts";
import { useRecallableTickets } from "../api/get-recallable-tickets.ts";
import { undoTicketProducts } from "../api/undo-ticket-products.ts";
import { forgetUndonePieces } from "../hooks/use-undo-stack.ts";
import type { KitchenArea } from "../kitchen-area.ts";
import styles from "./kitchen.module.css";

/**
 * The board's Recall: the area's last completed tickets of the hour, newest first, each with a
 * button that brings it back to the board (every prepared piece goes back to waiting, as the
 * undo does). Unlike the undo stack it reaches past the last action and past this screen.
 */
export function RecallPanel({ area, areaId, locked }: { area: KitchenArea; areaId: number | null; locked: boolean }) {
  const { t } = useTranslation();
  const now = useNow();
  const queryClient = useQueryClient();
  const query = useRecallableTickets(area);
  const recall = useMutation({
    mutationFn: (ticket: CompletedKitchenTicket) => undoTicketProducts({ ticketId: ticket.id }),
    onSuccess: ({ revertedIds }, ticket) => {
      forgetUndonePieces(areaId, ticket.id, revertedIds);
      toast.success(t("kitchen.recall.done", { ticket: ticket.ticketId }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: kitchenFeedQueryKey(area) }),
  });
  const tickets = query.data ?? [];
  // A recall taken offline waits on the device: its row says so, and is not offered again.
  const waitingRecalls = new Set(
    useWaitingActions()
      .map((entry) => entry.action)
      .filter((action) => /\/undo$/.test(action.path))
      .map(staffActionTicketId),
  );
  return (
    <section id="recall-panel" className={styles.recall} aria-labelledby="recall-title" data-testid="recall-panel">
      <h2 id="recall-title" className={styles.recallTitle}>
        {t("kitchen.recall.title")}
      </h2>
      {query.isSuccess && tickets.length === 0 && (
        <p className={styles.recallEmpty} data-testid="recall-empty">
          {t("kitchen.recall.empty")}
        </p>
      )}
      <ul className={styles.recallList}>
        {tickets.map((ticket) => {
          const table = t(ticket.serviceMode === "TAKE_AWAY" ? "kitchen.takeAway" : "kitchen.table", {
            name: ticket.tableName,
          });
          const pending = recall.isPending && recall.variables?.id === ticket.id;
          const waiting = waitingRecalls.has(ticket.id);
          const minutesAgo = elapsedMinutes(ticket.completedAt, now);
          return (
            <li
              key={ticket.id}
              className={styles.recallRow}
              data-testid="recall-ticket"
              data-ticket-id={ticket.id}
              data-waiting={waiting || undefined}
            >
              <div className={styles.recallText}>
                <strong>
                  {table} · #{ticket.ticketId}
                </strong>
                <span>{ticket.products.map((p) => `${p.quantity}× ${p.name}`).join(", ")}</span>
                <span className={styles.recallAgo}>{t("kitchen.recall.completedAgo", { count: minutesAgo })}</span>
              </div>
              <Button
                variant="secondary"
                size="lg"
                className={styles.recallButton}
                onClick={() => recall.mutate(ticket)}
                loading={pending}
                disabled={locked || recall.isPending || waiting}
                title={locked ? t("kitchen.feedDisabled") : undefined}
                aria-label={t("kitchen.recall.label", { table, ticket: ticket.ticketId })}
                data-testid="recall-ticket-button"
              >
                {waiting ? (
                  t("outbox.waiting")
                ) : (
                  <>
                    <UndoIcon size={26} />
                    {t("kitchen.recall.bringBack")}
                  </>
                )}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
