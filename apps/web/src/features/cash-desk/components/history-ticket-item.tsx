import type { HistoryProduct, HistoryTicket } from "@tableorder/domain/contracts/cash-desk";
import { useMemo } from "react";
import { Badge, type BadgeTone } from "../../../components/badge.tsx";
import { CreditBadge } from "../../../components/credit-badge.tsx";
import { Price } from "../../../components/price.tsx";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { VENUE_TIME_ZONE } from "../history-range.ts";
import styles from "./cash-desk.module.css";

const PAYMENT_TONES: Record<HistoryProduct["paymentStatus"], BadgeTone> = {
  PAID: "success",
  UNPAID: "warning",
  GIFT: "info",
  CANCELLED: "neutral",
};

/** The sale's time in Athens, with its date when the list spans more than one day. */
function useVenueTime(withDate: boolean): (iso: string) => string {
  const { locale } = useLanguage();
  const format = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone: VENUE_TIME_ZONE,
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        ...(withDate ? { day: "2-digit", month: "2-digit" } : {}),
      }),
    [locale, withDate],
  );
  return (iso) => format.format(new Date(iso));
}

/** One sale of the history (spec 3 §3 history ticket); tapping it opens its documents. */
export function HistoryTicketItem({
  ticket,
  withDate,
  onOpen,
}: {
  ticket: HistoryTicket;
  withDate: boolean;
  onOpen: (ticket: HistoryTicket) => void;
}) {
  const { t } = useTranslation();
  const time = useVenueTime(withDate);
  return (
    <li>
      <button
        type="button"
        className={styles.historyTicket}
        onClick={() => onOpen(ticket)}
        aria-label={t("cashDesk.history.openDocuments", { number: ticket.ticketId })}
        data-testid="history-ticket"
        data-ticket-id={ticket.ticketId}
      >
        <div className={styles.historyHead}>
          <time className={styles.time} dateTime={ticket.timestamp}>
            {time(ticket.timestamp)}
          </time>
          <span className={styles.muted}>{t("cashDesk.history.ticket", { number: ticket.ticketId })}</span>
          {ticket.serviceMode === "TAKE_AWAY" && ticket.tableName ? (
            // "Πακέτο 1", never "1 Πακέτο", which reads like table 1.
            <span className={styles.table} data-testid="history-place">
              {t("cashDesk.cards.takeAwayName", { name: ticket.tableName })}
            </span>
          ) : (
            <>
              <span className={styles.table} data-testid="history-place">
                {ticket.tableName}
              </span>
              <span>{t(`serviceMode.${ticket.serviceMode}`)}</span>
            </>
          )}
          <span className={styles.muted}>{t("cashDesk.history.pieces", { count: ticket.quantity })}</span>
          <span className={styles.marks}>
            {ticket.isRegistered && (
              <Badge tone="info" testId="history-registered">
                {t("cashDesk.history.registered")}
              </Badge>
            )}
            <Badge tone={ticket.isPrinted ? "success" : "warning"} testId="history-printed">
              {ticket.isPrinted ? t("cashDesk.history.printed") : t("cashDesk.history.notPrinted")}
            </Badge>
          </span>
        </div>
        <ul className={styles.products}>
          {ticket.products.map((product, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of one sale have no id; the order is fixed
              key={index}
              className={`${styles.product} ${product.paymentStatus === "CANCELLED" ? styles.cancelledProduct : ""}`}
              data-testid="history-product"
            >
              <span className={styles.productName}>{product.name}</span>
              <span className={styles.productPrice}>
                <Price cents={product.price} /> × {product.quantity}
              </span>
              {product.onCredit ? (
                <CreditBadge debtor={product.creditDebtor} testId="history-credit" />
              ) : (
                <Badge tone={PAYMENT_TONES[product.paymentStatus]}>
                  {t(`cashDesk.history.paymentStatus.${product.paymentStatus}`)}
                </Badge>
              )}
              {product.creditNote && (
                <Badge tone={PAYMENT_TONES.CANCELLED}>{t("cashDesk.history.creditNote", { number: product.creditNote })}</Badge>
              )}
              {product.hasDiscount && <Badge tone="info">{t("cashDesk.history.discount")}</Badge>}
            </li>
          ))}
        </ul>
      </button>
    </li>
  );
}
