import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useRef } from "react";
import type { AgeThresholds } from "../../../lib/elapsed-minutes.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { useNow } from "../../../lib/use-now.ts";
import { useBelowFold } from "../hooks/use-below-fold.ts";
import type { CancellationAck } from "./cancellation-notice.tsx";
import styles from "./kitchen.module.css";
import { type TicketBump, TicketCard } from "./ticket-card.tsx";

/**
 * The tickets of the area, in the order given (see boardTickets), on a grid of compact cards that
 * fills a tablet or a kitchen screen (one column on a phone), and a count of those further down
 * that brings them into view when tapped.
 */
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
  const boardRef = useRef<HTMLDivElement>(null);
  const below = useBelowFold(
    boardRef,
    tickets.map((ticket) => ticket.id),
  );
  if (tickets.length === 0) {
    return (
      <p className={styles.empty} data-testid="kitchen-empty">
        {t("kitchen.empty")}
      </p>
    );
  }
  return (
    <div className={styles.board} ref={boardRef} data-testid="kitchen-tickets">
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
      {below.count > 0 && (
        <button type="button" className={styles.belowFold} onClick={below.showNext} data-testid="tickets-below">
          {t("kitchen.belowFold", { count: below.count })}
        </button>
      )}
    </div>
  );
}
