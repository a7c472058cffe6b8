import type { KitchenTicket, TicketProduct } from "@tableorder/domain/contracts/kitchen";
import { Link } from "react-router";
import { Button } from "../../../components/button.tsx";
import { CheckIcon, PrinterIcon } from "../../../components/icons.tsx";
import { type AgeThresholds, elapsedMinutes, type TicketAge, ticketAge } from "../../../lib/elapsed-minutes.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { type CancellationAck, CancellationNotice } from "./cancellation-notice.tsx";
import styles from "./kitchen.module.css";
import { AllergenMarks, LineChoices } from "./line-flags.tsx";

/** A line's change that waits in the outbox: shown done, and marked so. */
export function LineWaitingMark() {
  const { t } = useTranslation();
  return (
    <span className={styles.waitingMark} data-testid="line-waiting">
      {t("outbox.waiting")}
    </span>
  );
}

function TicketProductRow({ product, waiting }: { product: TicketProduct; waiting: boolean }) {
  const { t } = useTranslation();
  const prepared = product.status !== "SENT";
  return (
    <li
      className={`${styles.product} ${prepared ? styles.prepared : ""}`}
      data-testid="ticket-product"
      data-name={product.name}
      data-status={product.status}
      data-waiting={waiting || undefined}
    >
      <div className={styles.productLine}>
        <span className={styles.quantity}>{product.quantity}×</span>
        <span className={styles.productName}>{product.name}</span>
        {prepared ? (
          <span className={styles.preparedMark}>{t("kitchen.prepared")}</span>
        ) : (
          <AllergenMarks allergens={product.allergens} />
        )}
        {waiting && <LineWaitingMark />}
      </div>
      <LineChoices product={product} done={prepared} size="md" />
    </li>
  );
}

/** The band on top of a ticket: table and age, big enough to read from across the kitchen. */
export function TicketBand({ ticket, minutes, age }: { ticket: KitchenTicket; minutes: number; age: TicketAge }) {
  const { t } = useTranslation();
  return (
    <header className={styles.band} data-band-of={ticket.id}>
      <h2 id={`ticket-${ticket.id}`} className={styles.table} data-testid="ticket-table">
        {t(ticket.serviceMode === "TAKE_AWAY" ? "kitchen.takeAway" : "kitchen.table", { name: ticket.tableName })}
      </h2>
      {age !== "fresh" && <span className={styles.ageWord}>{t(`kitchen.age.${age}`)}</span>}
      <span className={styles.elapsed}>
        <span aria-hidden="true" data-testid="ticket-elapsed">
          {t("kitchen.elapsed", { minutes })}
        </span>
        <span className="visually-hidden">{t("kitchen.elapsedLabel", { count: minutes })}</span>
      </span>
    </header>
  );
}

/**
 * How it is served, who sent it (a guest stays nameless), its number, progress and print mark; first,
 * when a table transfer moved it, the table it goes to now, so the dish is not served where it was ordered.
 */
export function TicketMeta({ ticket }: { ticket: KitchenTicket }) {
  const { t } = useTranslation();
  const senderName = [ticket.sentBy.firstName, ticket.sentBy.lastName].filter(Boolean).join(" ").trim();
  return (
    <p className={styles.meta}>
      {ticket.movedFromTableName !== null && (
        <span className={styles.moved} data-testid="ticket-moved">
          {t("kitchen.moved", { name: ticket.tableName })}
        </span>
      )}
      <span className={`${styles.mode} ${ticket.serviceMode !== "DINE_IN" ? styles.modeAway : ""}`} data-testid="ticket-mode">
        {t(`serviceMode.${ticket.serviceMode}`)}
      </span>
      <span data-testid="ticket-sender">
        {t(`kitchen.sender.${ticket.sentBy.type}`)}
        {senderName && ` · ${senderName}`}
      </span>
      {ticket.preparedQuantity > 0 && (
        <span className={styles.progress} data-testid="ticket-progress">
          {t("kitchen.progress", { prepared: ticket.preparedQuantity, total: ticket.quantity })}
        </span>
      )}
      <span className={styles.ticketNo}>
        {ticket.isPrinted && (
          <span className={styles.printedMark} title={t("kitchen.printed")} data-testid="ticket-printed">
            <PrinterIcon size={18} />
            <span className="visually-hidden">{t("kitchen.printed")}</span>
          </span>
        )}
        #{ticket.ticketId}
      </span>
    </p>
  );
}

/** The card's one-tap bump: what it does, and why it cannot be tapped now (null when it can). */
export interface TicketBump {
  onBump: () => void;
  pending: boolean;
  disabledReason: string | null;
}

/**
 * One ticket on the feed as the cook reads it from a distance: table, age (the colour changes as
 * it waits), how it is served, who sent it, what to make and what to watch for, and what was
 * cancelled meanwhile. The card opens the ticket; its bump button below completes the whole
 * ticket in one tap (a ticket left with only a cancellation has nothing to bump).
 */
export function TicketCard({
  ticket,
  waitingLines,
  waiting,
  now,
  thresholds,
  to,
  bump,
  ack,
}: {
  ticket: KitchenTicket;
  /** Lines a waiting action ticked or put back (ticketAsWaiting): marked until sent. */
  waitingLines: ReadonlySet<string>;
  /** An action on the ticket waits in the outbox: the card is outlined, and not bumped again. */
  waiting: boolean;
  now: number;
  thresholds: AgeThresholds;
  to: string;
  bump?: TicketBump;
  ack?: CancellationAck;
}) {
  const { t } = useTranslation();
  const minutes = elapsedMinutes(ticket.timestamp, now);
  const age = ticketAge(minutes, thresholds.warn, thresholds.late);
  const table = t(ticket.serviceMode === "TAKE_AWAY" ? "kitchen.takeAway" : "kitchen.table", { name: ticket.tableName });
  return (
    <article
      className={`${styles.ticket} ${styles[age]} ${ticket.cancelledUnacknowledged.length ? styles.withCancellation : ""} ${waiting ? styles.waitingToSend : ""}`}
      data-testid="kitchen-ticket"
      data-waiting={waiting || undefined}
      data-ticket-id={ticket.id}
      data-age={age}
      data-printed={ticket.isPrinted}
    >
      <Link to={to} className={styles.ticketLink}>
        <TicketBand ticket={ticket} minutes={minutes} age={age} />
        <TicketMeta ticket={ticket} />
        <ul className={styles.products}>
          {ticket.products.map((product) => (
            <TicketProductRow key={product.id} product={product} waiting={waitingLines.has(product.id)} />
          ))}
        </ul>
      </Link>
      <CancellationNotice ticket={ticket} ack={ack} />
      {bump && ticket.products.length > 0 && (
        <Button
          className={`${styles.bump} ${styles.check}`}
          onClick={bump.onBump}
          loading={bump.pending}
          disabled={bump.disabledReason !== null}
          title={bump.disabledReason ?? undefined}
          aria-label={t("kitchen.bumpLabel", { table, ticket: ticket.ticketId })}
          data-testid="bump-ticket"
        >
          <CheckIcon size={30} />
          {bump.pending ? t("kitchen.bumping") : t("kitchen.bump")}
        </Button>
      )}
    </article>
  );
}
