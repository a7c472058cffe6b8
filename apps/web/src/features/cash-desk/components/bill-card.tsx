import type { CashDeskCard } from "@tableorder/domain/contracts/cash-desk";
import { Link } from "react-router";
import { Button } from "../../../components/button.tsx";
import { Price } from "../../../components/price.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./cash-desk.module.css";

/**
 * A table's or take-away's card (spec 3 §3): its open bill at a glance. The whole card opens the
 * service modal; the Bill button shows while pieces wait to be billed.
 */
export function BillCard({
  card,
  takeAway,
  to,
  billing,
  billWaiting,
  onBill,
}: {
  card: CashDeskCard;
  /** A take-away is named "Πακέτο N", and once paid it is settled rather than free. */
  takeAway: boolean;
  to: string;
  billing: boolean;
  /** The card's bill was taken offline and waits on the device to be sent (issue 31). */
  billWaiting: boolean;
  onBill: (card: CashDeskCard) => void;
}) {
  const { t } = useTranslation();
  const classes = [styles.card, card.isActive ? "" : styles.inactive, card.hasUnbilled ? styles.unbilled : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <li
      className={classes}
      data-testid="cash-desk-card"
      data-id={card.id}
      data-name={card.name}
      data-active={card.isActive}
      data-unbilled={card.hasUnbilled}
      data-waiting={billWaiting || undefined}
    >
      <Link to={to} className={styles.cardTitle} aria-label={t("cashDesk.cards.open", { name: card.name })}>
        {takeAway ? t("cashDesk.cards.takeAwayName", { name: card.name }) : card.name}
      </Link>
      {card.isActive ? (
        <dl className={styles.figures}>
          <dt>{t("cashDesk.cards.pieces", { count: card.itemCount })}</dt>
          <dd />
          <dt>{t("cashDesk.cards.total")}</dt>
          <dd data-testid="card-total">
            <Price cents={card.totalAmount} />
          </dd>
          <dt>{t("cashDesk.cards.unpaid")}</dt>
          <dd className={card.unpaidAmount > 0 ? styles.unpaid : undefined} data-testid="card-unpaid">
            <Price cents={card.unpaidAmount} />
          </dd>
        </dl>
      ) : (
        <span className={styles.muted}>{t(takeAway ? "cashDesk.cards.settled" : "cashDesk.cards.free")}</span>
      )}
      {card.hasUnbilled && (
        <div className={styles.cardFoot}>
          <span className={styles.marker} data-testid="card-unbilled">
            {t("cashDesk.cards.unbilled")}
          </span>
          <Button
            variant="secondary"
            className={styles.billButton}
            loading={billing && !billWaiting}
            disabled={billWaiting}
            onClick={() => onBill(card)}
            data-testid="card-bill"
            data-waiting={billWaiting || undefined}
          >
            {billWaiting ? t("outbox.waiting") : t("cashDesk.cards.bill")}
          </Button>
        </div>
      )}
    </li>
  );
}
