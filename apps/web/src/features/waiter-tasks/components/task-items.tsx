import type { HeldPayment, TableFeedItem } from "@tableorder/domain/contracts/table";
import { heldPiecesOf } from "@tableorder/domain/held-pieces";
import { Badge, type BadgeTone } from "../../../components/badge.tsx";
import { CreditBadge } from "../../../components/credit-badge.tsx";
import { OptionsSummary } from "../../../components/options-summary.tsx";
import { Price } from "../../../components/price.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { useDeliveriesWaiting } from "../deliveries-waiting.ts";
import styles from "./waiter.module.css";

const STATUS_TONE: Record<TableFeedItem["status"], BadgeTone> = { SENT: "neutral", PREPARED: "warning", COMPLETE: "success" };
const PAYMENT_TONE: Record<TableFeedItem["paymentStatus"], BadgeTone> = {
  PAID: "success",
  UNPAID: "info",
  GIFT: "neutral",
  CANCELLED: "error",
};

/**
 * A task's or a table's lines: quantity, name, options, price; badges on the table feed, and
 * there a remove button on unpaid lines when the view is not read-only. Unpaid pieces a payment
 * in progress holds (a sale at the terminal, a guest paying online) say so instead of "unpaid".
 */
export function TaskItems({
  items,
  badges = false,
  heldPayments = [],
  onRemove,
  removeLabel,
  removeDisabled = false,
}: {
  items: readonly TableFeedItem[];
  badges?: boolean;
  heldPayments?: readonly HeldPayment[];
  onRemove?: (item: TableFeedItem) => void;
  removeLabel?: (item: TableFeedItem) => string;
  removeDisabled?: boolean;
}) {
  const { t } = useTranslation();
  const delivering = useDeliveriesWaiting();
  return (
    <ul className={styles.items}>
      {items.map((item) => {
        const held = item.paymentStatus === "UNPAID" ? heldPiecesOf(item, heldPayments) : { count: 0, heldBy: null };
        // Delivered offline: shown delivered, marked waiting, until the outbox sends it (issue 31).
        const deliveryWaiting = item.status !== "COMPLETE" && item.orderProductIds.some((id) => delivering.has(id));
        const status = deliveryWaiting ? "COMPLETE" : item.status;
        return (
          <li
            key={item.id}
            className={styles.item}
            data-testid="task-item"
            data-name={item.name}
            data-status={status}
            data-payment={item.paymentStatus}
            data-waiting={deliveryWaiting || undefined}
          >
            <span className={styles.quantity}>{item.quantity}×</span>
            <div className={styles.itemBody}>
              <span className={styles.itemName}>{item.name}</span>
              <OptionsSummary
                preparationWay={item.preparationWay?.name}
                removed={item.removedIngredients.map((option) => option.name)}
                extras={item.extraIngredientIds.map((option) => option.name)}
                notes={item.notes}
              />
              {deliveryWaiting && (
                <span className={styles.waitingMark} data-testid="item-waiting">
                  {badges ? t("outbox.waiting") : `${t("customer.status.COMPLETE")} · ${t("outbox.waiting")}`}
                </span>
              )}
              {badges && (
                <span className={styles.badges}>
                  <Badge tone={STATUS_TONE[status]} testId="item-status">
                    {t(`customer.status.${status}`)}
                  </Badge>
                  {held.heldBy && (
                    <Badge tone="warning" testId="item-held">
                      {held.count === item.quantity
                        ? t(`waiterPay.heldPieces.${held.heldBy}`)
                        : t(`waiterPay.heldPieces.some${held.heldBy}`, { count: held.count })}
                    </Badge>
                  )}
                  {item.onCredit ? (
                    <CreditBadge debtor={item.creditDebtor} testId="item-payment" />
                  ) : (
                    held.count < item.quantity && (
                      <Badge tone={PAYMENT_TONE[item.paymentStatus]} testId="item-payment">
                        {t(`customer.paymentStatus.${item.paymentStatus}`)}
                      </Badge>
                    )
                  )}
                  {item.hasDiscount && (
                    <Badge tone="neutral" testId="item-discount">
                      {t("waiterPay.discount")}
                    </Badge>
                  )}
                </span>
              )}
            </div>
            <Price cents={item.price * item.quantity} className={styles.itemPrice} />
            {onRemove && item.paymentStatus === "UNPAID" && held.count < item.quantity && (
              <button
                type="button"
                className={styles.remove}
                onClick={() => onRemove(item)}
                disabled={removeDisabled}
                aria-label={removeLabel?.(item) ?? item.name}
                title={removeLabel?.(item)}
                data-testid="remove-item"
              >
                −
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
