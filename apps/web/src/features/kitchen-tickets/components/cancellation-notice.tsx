import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { Button } from "../../../components/button.tsx";
import { CheckIcon } from "../../../components/icons.tsx";
import { OptionsSummary } from "../../../components/options-summary.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./kitchen.module.css";

/** A cook's "Got it" on a ticket's cancellations, and whether it is on its way. */
export interface CancellationAck {
  onAcknowledge: () => void;
  pending: boolean;
}

/**
 * Pieces a waiter or guest cancelled while the kitchen had them (issue 28 A9): a red block that
 * flashes until a cook taps "Got it", listing each piece struck through, so nobody goes on cooking
 * a dish nobody wants, nor leaves a plate on the pass for a waiter who will not come. Without
 * `ack` (a screen that only looks) the block shows without its button.
 */
export function CancellationNotice({ ticket, ack }: { ticket: KitchenTicket; ack?: CancellationAck }) {
  const { t } = useTranslation();
  if (ticket.cancelledUnacknowledged.length === 0) return null;
  const table = t(ticket.serviceMode === "TAKE_AWAY" ? "kitchen.takeAway" : "kitchen.table", { name: ticket.tableName });
  const titleId = `ticket-${ticket.id}-cancelled`;
  return (
    <section className={styles.cancelled} role="alert" aria-labelledby={titleId} data-testid="ticket-cancelled">
      <h3 id={titleId} className={styles.cancelledTitle}>
        {t("kitchen.cancelled.title")}
      </h3>
      <ul className={styles.cancelledList}>
        {ticket.cancelledUnacknowledged.map((line) => (
          <li key={line.id} className={styles.cancelledLine} data-testid="cancelled-line" data-name={line.name}>
            <del className={styles.productLine}>
              <span className={styles.quantity}>{line.quantity}×</span>
              <span className={styles.productName}>{line.name}</span>
            </del>
            {line.status !== "SENT" && <span className={styles.cancelledWasReady}>{t("kitchen.cancelled.wasPrepared")}</span>}
            <OptionsSummary
              size="lg"
              preparationWay={line.preparationWay?.name}
              removed={line.removedIngredients.map((i) => i.name)}
              extras={line.extraIngredientIds.map((i) => i.name)}
              notes={line.notes}
              done
            />
          </li>
        ))}
      </ul>
      {ack && (
        <Button
          className={styles.acknowledge}
          onClick={ack.onAcknowledge}
          loading={ack.pending}
          aria-label={t("kitchen.cancelled.acknowledgeLabel", { table, ticket: ticket.ticketId })}
          data-testid="acknowledge-cancellation"
        >
          <CheckIcon size={28} />
          {ack.pending ? t("kitchen.cancelled.acknowledging") : t("kitchen.cancelled.acknowledge")}
        </Button>
      )}
    </section>
  );
}
