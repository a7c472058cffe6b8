import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import type { AgeThresholds } from "../../../lib/elapsed-minutes.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { useNow } from "../../../lib/use-now.ts";
import type { CancellationAck } from "./cancellation-notice.tsx";
import styles from "./kitchen.module.css";
import { type TicketBump, TicketCard } from "./ticket-card.tsx";

/** The tickets of the area, in the order given (see boardTickets), on a grid that fills a tablet or a kitchen screen. */
export function TicketBoard({
  tickets,
  thresholds,
  ticketPath,
  bump,
  ack,
}: {
  tickets: readonly KitchenTicket[];
  thresholds: AgeThresholds;
  ticketPath: (ticketId: number) => string;
  /** Each card's one-tap bump; none where the board is only looked at. */
  bump?: (ticket: KitchenTicket) => TicketBump;
  /** Each card's "Got it" on its cancellations; none where the board is only looked at. */
  ack?: (ticket: KitchenTicket) => CancellationAck;
}) {
  const { t } = useTranslation();
  const now = useNow();
  if (tickets.length === 0) {
    return (
      <p className={styles.empty} data-testid="kitchen-empty">
        {t("kitchen.empty")}
      </p>
    );
  }
  return (
    <div className={styles.board} data-testid="kitchen-tickets">
      {tickets.map((ticket) => (
        <TicketCard
          key={ticket.id}
          ticket={ticket}
          now={now}
          thresholds={thresholds}
          to={ticketPath(ticket.id)}
          bump={bump?.(ticket)}
          ack={ack?.(ticket)}
        />
      ))}
    </div>
  );
}
