import type { BasketLine } from "@tableorder/domain/basket";
import type { MenuProduct } from "@tableorder/domain/contracts/menu";
import type { ReactNode } from "react";
import { OptionsSummary } from "../../../components/options-summary.tsx";
import { Price } from "../../../components/price.tsx";
import { QuantityCounter } from "../../../components/quantity-counter.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./basket.module.css";

export interface BasketLineRowProps {
  line: BasketLine;
  /** The product as the menu now names it; missing when it has left the menu. */
  product: MenuProduct | undefined;
  /** Off the menu or refused by the server: the line cannot be sent, only removed. */
  unavailable: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/** A basket line: what was chosen, how many, and its total; quantity and removal are editable. */
export function BasketLineRow({ line, product, unavailable, onQuantity, onRemove }: BasketLineRowProps) {
  const { t } = useTranslation();
  const name = product?.name ?? line.name ?? t("basket.unknownProduct");
  const way = product?.preparationWays.find((w) => w.id === line.preparationWayId)?.label;
  const removed = product?.basicIngredients.filter((i) => !line.basicIngredientIds.includes(i.id)).map((i) => i.name) ?? [];
  const extras = product?.extraIngredients.filter((i) => line.extraIngredientIds.includes(i.id)).map((i) => i.name) ?? [];
  return (
    <li
      className={unavailable ? `${styles.line} ${styles.lineUnavailable}` : styles.line}
      data-testid="basket-line"
      data-name={name}
      data-unavailable={unavailable || undefined}
    >
      <div className={styles.lineMain}>
        <div className={styles.lineTop}>
          <span className={styles.lineName}>{name}</span>
          <Price cents={line.unitPriceCents * line.quantity} className={styles.lineTotal} />
        </div>
        <OptionsSummary preparationWay={way} removed={removed} extras={extras} notes={line.notes} />
        {unavailable && (
          <p className={styles.unavailable} data-testid="basket-line-unavailable">
            {t("basket.unavailable")}
          </p>
        )}
        <div className={styles.lineControls}>
          {unavailable ? (
            <span />
          ) : (
            <QuantityCounter value={line.quantity} onChange={onQuantity} max={99} testId="basket-line-quantity" />
          )}
          <button
            type="button"
            className={unavailable ? `${styles.remove} ${styles.removeProminent}` : styles.remove}
            onClick={onRemove}
            aria-label={t("basket.removeItem", { name })}
            data-testid="basket-line-remove"
          >
            {t("basket.remove")}
          </button>
        </div>
      </div>
    </li>
  );
}

export function BasketLineList({ children }: { children: ReactNode }) {
  return (
    <ul className={styles.lines} data-testid="basket-lines">
      {children}
    </ul>
  );
}
