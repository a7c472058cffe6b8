import type { KitchenTicket, TicketProduct } from "@tableorder/domain/contracts/kitchen";
import type { ReactNode } from "react";
import { Button } from "../../../components/button.tsx";
import { CheckIcon, UndoIcon } from "../../../components/icons.tsx";
import { type AgeThresholds, elapsedMinutes, ticketAge } from "../../../lib/elapsed-minutes.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { useNow } from "../../../lib/use-now.ts";
import { type CancellationAck, CancellationNotice } from "./cancellation-notice.tsx";
import styles from "./kitchen.module.css";
import { AllergenMarks, LineChoices } from "./line-flags.tsx";
import { LineWaitingMark, TicketBand, TicketMeta } from "./ticket-card.tsx";

const STATUS_ORDER = { SENT: 0, PREPARED: 1, COMPLETE: 2 } as const;

/** Spec 2 §2.4: SENT products first, then PREPARED (and delivered) ones. */
export function productsInWorkOrder(products: readonly TicketProduct[]): TicketProduct[] {
  return [...products].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
}

export interface TicketDetailProps {
  ticket: KitchenTicket;
  /** Lines whose check or revert waits in the outbox (ticketAsWaiting). */
  waitingLines: ReadonlySet<string>;
  thresholds: AgeThresholds;
  /** The line whose change is on its way (its button spins), or 'all' for 'All ready'. */
  pending: string | "all" | null;
  /** Feed disabled, or a change on its way: nothing else may be tapped. */
  locked: boolean;
  onPrepare: (product: TicketProduct) => void;
  onRevert: (product: TicketProduct) => void;
  onAllReady: () => void;
  /** More actions for the bottom bar, next to 'All ready' (e.g. print this ticket). */
  footerActions?: ReactNode;
  /** "Got it" on the ticket's cancellations. */
  ack?: CancellationAck;
}

function ProductRow({
  product,
  waitingToSend,
  pending,
  locked,
  onPrepare,
  onRevert,
}: {
  product: TicketProduct;
  /** The line's check or revert waits in the outbox: shown done, marked, and not tapped again. */
  waitingToSend: boolean;
  pending: boolean;
  locked: boolean;
  onPrepare: () => void;
  onRevert: () => void;
}) {
  const { t } = useTranslation();
  const waiting = product.status === "SENT";
  return (
    <li
      className={`${styles.row} ${waiting ? "" : styles.rowPrepared}`}
      data-testid="ticket-line"
      data-name={product.name}
      data-status={product.status}
      data-waiting={waitingToSend || undefined}
    >
      <div className={styles.rowMain}>
        <div className={styles.productLine}>
          <span className={styles.quantity}>{product.quantity}×</span>
          <span className={styles.productName}>{product.name}</span>
          {waiting && <AllergenMarks allergens={product.allergens} />}
          {waitingToSend && <LineWaitingMark />}
        </div>
        <LineChoices product={product} done={!waiting} size="lg" />
      </div>
      {product.status === "SENT" && (
        <Button
          className={`${styles.rowAction} ${styles.check}`}
          onClick={onPrepare}
          loading={pending}
          disabled={locked || waitingToSend}
          aria-label={t("kitchen.markPrepared", { name: product.name })}
          data-testid="prepare-line"
        >
          <CheckIcon size={32} />
          {t("kitchen.prepared")}
        </Button>
      )}
      {product.status === "PREPARED" && (
        <Button
          variant="secondary"
          className={styles.rowAction}
          onClick={onRevert}
          loading={pending}
          disabled={locked || waitingToSend}
          aria-label={t("kitchen.revertLabel", { name: product.name })}
          data-testid="revert-line"
        >
          <UndoIcon size={28} />
          {t("kitchen.revert")}
        </Button>
      )}
      {product.status === "COMPLETE" && <span className={styles.deliveredMark}>{t("kitchen.delivered")}</span>}
    </li>
  );
}

/**
 * One ticket to work on: what was cancelled meanwhile, then every line with a check (prepared) or
 * a revert button, waiting lines first, and 'All ready' for the whole ticket. The screen decides
 * what a tap does.
 */
export function TicketDetail({
  ticket,
  waitingLines,
  thresholds,
  pending,
  locked,
  onPrepare,
  onRevert,
  onAllReady,
  footerActions,
  ack,
}: TicketDetailProps) {
  const { t } = useTranslation();
  const now = useNow();
  const minutes = elapsedMinutes(ticket.timestamp, now);
  const age = ticketAge(minutes, thresholds.warn, thresholds.late);
  const products = productsInWorkOrder(ticket.products);
  const waiting = products.filter((p) => p.status === "SENT");
  const done = products.filter((p) => p.status !== "SENT");
  const row = (product: TicketProduct) => (
    <ProductRow
      key={product.id}
      product={product}
      waitingToSend={waitingLines.has(product.id)}
      pending={pending === product.id}
      locked={locked}
      onPrepare={() => onPrepare(product)}
      onRevert={() => onRevert(product)}
    />
  );
  return (
    <article className={`${styles.detail} ${styles[age]}`} data-testid="ticket-detail" data-ticket-id={ticket.id} data-age={age}>
      <TicketBand ticket={ticket} minutes={minutes} age={age} />
      <TicketMeta ticket={ticket} />
      <CancellationNotice ticket={ticket} ack={ack} />
      {waiting.length > 0 && (
        <>
          <h3 className={styles.section}>{t("kitchen.waitingSection")}</h3>
          <ul className={styles.products}>{waiting.map(row)}</ul>
        </>
      )}
      {done.length > 0 && (
        <>
          <h3 className={styles.section}>{t("kitchen.preparedSection")}</h3>
          <ul className={styles.products}>{done.map(row)}</ul>
        </>
      )}
      {(waiting.length > 0 || footerActions) && (
        <div className={styles.detailFooter}>
          {footerActions}
          {waiting.length > 0 && (
            <Button
              className={`${styles.allReady} ${styles.check}`}
              onClick={onAllReady}
              loading={pending === "all"}
              disabled={locked}
              data-testid="all-ready"
            >
              <CheckIcon size={36} />
              {t("kitchen.allReady")}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
