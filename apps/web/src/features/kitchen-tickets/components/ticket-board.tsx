import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useRef } from "react";
import { CheckIcon } from "../../../components/icons.tsx";
import type { AgeThresholds } from "../../../lib/elapsed-minutes.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { useNow } from "../../../lib/use-now.ts";
import { useBelowFold } from "../hooks/use-below-fold.ts";
import type { TicketAsWaiting } from "../waiting-overlay.ts";
import type { CancellationAck } from "./cancellation-notice.tsx";
import styles from "./kitchen.module.css";
import { type TicketBump, TicketCard } from "./ticket-card.tsx";

/**
 * Tickets the cook's waiting actions take off the board (bumped offline): out of the way of those
 * still to make, yet listed and marked until they are sent; a refusal brings one back.
 */
function LeavingTickets({ leaving }: { leaving: readonly TicketAsWaiting[] }) {
  const { t } = useTranslation();
  if (leaving.length === 0) return null;
  return (
    <section className={styles.leaving} aria-label={t("outbox.waiting")} data-testid="kitchen-leaving">
      <ul className={styles.leavingList}>
        {leaving.map(({ ticket }) => (
          <li key={ticket.id} className={styles.leavingTicket} data-testid="leaving-ticket" data-ticket-id={ticket.id}>
            <CheckIcon size={20} />
            <strong>
              {t(ticket.serviceMode === "TAKE_AWAY" ? "kitchen.takeAway" : "kitchen.table", { name: ticket.tableName })} · #
              {ticket.ticketId}
            </strong>
            <span className={styles.waitingMark}>{t("outbox.waiting")}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The tickets of the area, in the order given (see boardTickets), on a grid of compact cards that
 * fills a tablet or a kitchen screen (one column on a phone), and a count of those further down
 * that brings them into view when tapped; above them, those bumped offline and waiting to be sent.
 */
export function TicketBoard({
  tickets,
  leaving = [],
  thresholds,
  ticketPath,
  bump,
  ack,
}: {
  tickets: readonly TicketAsWaiting[];
  leaving?: readonly TicketAsWaiting[];
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
    tickets.map((entry) => entry.ticket.id),
  );
  return (
    <>
      <LeavingTickets leaving={leaving} />
      {tickets.length === 0 ? (
        <p className={styles.empty} data-testid="kitchen-empty">
          {t("kitchen.empty")}
        </p>
      ) : (
        <div className={styles.board} ref={boardRef} data-testid="kitchen-tickets">
          {tickets.map(({ ticket, waitingLines, waiting }) => (
            <TicketCard
              key={ticket.id}
              ticket={ticket}
              waitingLines={waitingLines}
              waiting={waiting}
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
      )}
    </>
  );
}
