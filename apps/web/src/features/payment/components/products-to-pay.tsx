import type { HeldPayment, TableFeedItem } from "@tableorder/domain/contracts/table";
import { heldPiecesOf } from "@tableorder/domain/held-pieces";
import { OptionsSummary } from "../../../components/options-summary.tsx";
import { Price } from "../../../components/price.tsx";
import { QuantityCounter } from "../../../components/quantity-counter.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./payment.module.css";

/**
 * Unpaid lines with a counter each, from 0 up to the line's unpaid pieces (spec 1 §2, §5); pieces
 * another phone is paying meanwhile are said so and cannot be chosen.
 */
export function ProductsToPay({
  items,
  heldPayments = [],
  chosen,
  onChange,
}: {
  items: readonly TableFeedItem[];
  heldPayments?: readonly HeldPayment[];
  chosen: ReadonlyMap<string, number>;
  onChange: (itemId: string, quantity: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.lines}>
      {items.map((item) => {
        const quantity = chosen.get(item.id) ?? 0;
        const held = heldPiecesOf(item, heldPayments).count;
        return (
          <li
            key={item.id}
            className={`${styles.line} ${quantity > 0 ? styles.lineChosen : ""}`}
            data-testid="pay-line"
            data-name={item.name}
          >
            <div className={styles.lineText}>
              <span className={styles.lineName}>{item.name}</span>
              <OptionsSummary
                preparationWay={item.preparationWay?.name}
                removed={item.removedIngredients.map((i) => i.name)}
                extras={item.extraIngredientIds.map((i) => i.name)}
                notes={item.notes}
              />
              <span className={styles.lineMeta}>
                <Price cents={item.price} /> · {t("payment.of", { count: item.quantity })}
              </span>
              {held > 0 && (
                <span className={styles.lineHeld} data-testid="pay-line-held">
                  {t("customer.piecesBeingPaidElsewhere", { count: held })}
                </span>
              )}
            </div>
            <QuantityCounter
              value={quantity}
              min={0}
              max={item.quantity - held}
              onChange={(next) => onChange(item.id, next)}
              label={t("common.quantity")}
              testId="pay-line-quantity"
            />
          </li>
        );
      })}
    </ul>
  );
}
