import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useTranslation } from "../../../lib/i18n.ts";
import { useNow } from "../hooks/use-now.ts";
import styles from "./kitchen.module.css";
import { type AgeThresholds, type TicketBump, TicketCard } from "./ticket-card.tsx";

/** The tickets of the area, oldest first, on a grid that fills a tablet or a kitchen screen. */
export function TicketBoard({
  tickets,
  thresholds,
  ticketPath,
  bump,
}: {
  tickets: readonly KitchenTicket[];
  thresholds: AgeThresholds;
  ticketPath: (ticketId: number) => string;
  /** Each card's one-tap bump; none where the board is only looked at. */
  bump?: (ticket: KitchenTicket) => TicketBump;
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
        />
      ))}
    </div>
  );
}
