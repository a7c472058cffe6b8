import type { NewOrderCard as NewOrderCardData } from "@tableorder/domain/contracts/waiter";
import { DEFAULT_THRESHOLDS, elapsedMinutes, ticketAge } from "../../../lib/elapsed-minutes.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./waiter.module.css";

/**
 * A guest's order still at a preparation area (docs/decisions/041-new-order-cards.md): information
 * only, so it has no button; it ages like the tasks, so a slow kitchen shows on the waiter's feed.
 */
export function NewOrderCard({ card, now }: { card: NewOrderCardData; now: number }) {
  const { t } = useTranslation();
  const minutes = elapsedMinutes(card.timestamp, now);
  const age = ticketAge(minutes, DEFAULT_THRESHOLDS.warn, DEFAULT_THRESHOLDS.late);
  return (
    <article
      className={`${styles.card} ${styles.card_info} ${styles[`age_${age}`] ?? ""}`}
      data-age={age}
      data-testid="waiter-new-order"
      data-table={card.placement}
    >
      <div className={styles.cardHead}>
        <span className={styles.cardType}>{t("waiter.newOrder.title")}</span>
        <span className={styles.cardMeta}>
          <span className={styles.table}>{t("waiter.table", { name: card.placement })}</span>
          {age !== "fresh" && <span className={styles.ageWord}>{t(`waiter.age.${age}`)}</span>}
          <span className={styles.elapsed} data-testid="new-order-elapsed">
            {minutes}'
          </span>
        </span>
      </div>
      <p className={styles.infoLine} data-testid="new-order-pieces">
        {t("waiter.newOrder.pieces", { count: card.pieceCount })}
      </p>
    </article>
  );
}
