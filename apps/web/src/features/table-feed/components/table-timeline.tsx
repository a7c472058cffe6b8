import type { HeldPayment, TableFeedItem } from "@tableorder/domain/contracts/table";
import type { OrderProductStatus, PaymentStatus } from "@tableorder/domain/enums";
import { heldPiecesOf } from "@tableorder/domain/held-pieces";
import { useId, useState } from "react";
import { Badge, type BadgeTone } from "../../../components/badge.tsx";
import { CreditBadge } from "../../../components/credit-badge.tsx";
import { OptionsSummary } from "../../../components/options-summary.tsx";
import { Price } from "../../../components/price.tsx";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { isCancelled, TIMELINE_TABS, type TimelineTab, timelineCount, timelineItems } from "../timeline-tabs.ts";
import styles from "./table-feed.module.css";

const STATUS_TONE: Record<OrderProductStatus, BadgeTone> = { SENT: "info", PREPARED: "warning", COMPLETE: "success" };
// Spec 1 §4: paid, unpaid, gift, cancelled read as success, warning, info and error.
const PAYMENT_TONE: Record<PaymentStatus, BadgeTone> = { PAID: "success", UNPAID: "warning", GIFT: "info", CANCELLED: "error" };

/** A piece can be taken back only while it is sent, not started and unpaid (spec 1 §4). */
export function canRemove(item: TableFeedItem): boolean {
  return item.status === "SENT" && item.paymentStatus === "UNPAID" && item.orderProductIds.length > 0;
}

function TimelineItem({
  item,
  held,
  onRemove,
}: {
  item: TableFeedItem;
  /** Pieces of this line a payment from another phone (or a card terminal) holds. */
  held: number;
  onRemove?: (item: TableFeedItem) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const time = new Date(item.timestamp).toLocaleTimeString(locale, {
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: "Europe/Athens",
  });
  const cancelled = isCancelled(item);
  return (
    <li
      className={cancelled ? `${styles.item} ${styles.itemCancelled}` : styles.item}
      data-testid="feed-item"
      data-status={item.status}
      data-payment={item.paymentStatus}
      data-credit={item.onCredit || undefined}
      data-name={item.name}
      data-held={held || undefined}
    >
      <div className={styles.itemMain}>
        <div className={styles.itemTitle}>
          <span className={styles.itemQty}>{item.quantity}×</span>
          <span className={styles.itemName}>{item.name}</span>
        </div>
        <OptionsSummary
          preparationWay={item.preparationWay?.name}
          removed={item.removedIngredients.map((i) => i.name)}
          extras={item.extraIngredientIds.map((i) => i.name)}
          notes={item.notes}
        />
        <div className={styles.itemBadges}>
          {!cancelled && (
            <Badge tone={STATUS_TONE[item.status]} testId="feed-item-status">
              {t(`customer.status.${item.status}`)}
            </Badge>
          )}
          {held > 0 ? (
            <Badge tone="info" testId="feed-item-held">
              {held === item.quantity
                ? t("customer.beingPaidElsewhere")
                : t("customer.piecesBeingPaidElsewhere", { count: held })}
            </Badge>
          ) : null}
          {held < item.quantity &&
            (item.onCredit ? (
              <CreditBadge debtor={item.creditDebtor} testId="feed-item-credit" />
            ) : (
              <Badge tone={PAYMENT_TONE[item.paymentStatus]}>{t(`customer.paymentStatus.${item.paymentStatus}`)}</Badge>
            ))}
          {item.hasDiscount && <Badge tone="info">{t("customer.discount")}</Badge>}
          <time className={styles.itemTime} dateTime={item.timestamp}>
            {time}
          </time>
        </div>
      </div>
      <div className={styles.itemPrice}>
        <Price cents={item.price * item.quantity} />
        <span className={styles.itemPieces}>
          {item.quantity} {t("common.piece", { count: item.quantity })}
        </span>
        {onRemove && canRemove(item) && held === 0 && (
          <div className={styles.itemActions}>
            <button
              type="button"
              className={styles.removeButton}
              onClick={() => onRemove(item)}
              aria-label={t("customer.removeItemLabel", { name: item.name })}
              data-testid="remove-feed-item"
            >
              {t("customer.removeItem")}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * What the table has ordered, newest first, filtered by status in tabs (spec 1 §2). With onRemove
 * a sent, unpaid piece can be taken back; read-only views leave it out. Pieces a payment in
 * progress holds read as being paid from another phone, on every phone at the table.
 */
export function TableTimeline({
  items,
  heldPayments = [],
  onRemove,
}: {
  items: readonly TableFeedItem[];
  heldPayments?: readonly HeldPayment[];
  onRemove?: (item: TableFeedItem) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [tab, setTab] = useState<TimelineTab>("ALL");
  const shown = timelineItems(items, tab);

  return (
    <section className={styles.timeline} aria-label={t("customer.timeline")}>
      <div className={styles.tabs} role="tablist" aria-label={t("customer.timeline")}>
        {TIMELINE_TABS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`${id}-${value}`}
            aria-selected={tab === value}
            aria-controls={`${id}-panel`}
            className={styles.tab}
            onClick={() => setTab(value)}
            data-testid={`feed-tab-${value}`}
          >
            {t(`customer.tabs.${value}`)}
            <span className={styles.tabCount}>{timelineCount(items, value)}</span>
          </button>
        ))}
      </div>
      {/* The panel holds the list, so the items stay a list to a screen reader. */}
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        <ul className={styles.items} data-testid="table-feed">
          {shown.map((item) => (
            <TimelineItem
              key={item.id}
              item={item}
              held={item.paymentStatus === "UNPAID" ? heldPiecesOf(item, heldPayments).count : 0}
              onRemove={onRemove}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}
