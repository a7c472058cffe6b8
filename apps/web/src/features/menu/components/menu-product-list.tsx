import { type BasketLine, type BasketLineInput, basketQuantityByProduct } from "@tableorder/domain/basket";
import type { MenuProduct } from "@tableorder/domain/contracts/menu";
import { useMemo, useState } from "react";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./menu.module.css";
import { MenuProductItem } from "./menu-product-item.tsx";

/** Whether a listed product can be ordered now: switched on, and its area (if any) not closed. */
export function isOrderableNow(product: MenuProduct, closedAreaIds?: ReadonlySet<number>): boolean {
  return product.active && !(product.preparationAreaId != null && closedAreaIds?.has(product.preparationAreaId));
}

/**
 * The products of a category; only one is expanded at a time (spec 1 §2). Each card says how many
 * of it the basket holds, and a screen reader hears what was just added.
 */
export function MenuProductList({
  products,
  basketLines,
  onAdd,
  closedAreaIds,
}: {
  products: readonly MenuProduct[];
  basketLines: readonly BasketLine[];
  onAdd: (line: BasketLineInput) => void;
  /** Areas closed now: a staff menu lists their dishes, marked like switched-off ones. */
  closedAreaIds?: ReadonlySet<number>;
}) {
  const { t } = useTranslation();
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const [lastAdded, setLastAdded] = useState<BasketLineInput | null>(null);
  const inBasket = useMemo(() => basketQuantityByProduct(basketLines), [basketLines]);
  const add = (line: BasketLineInput) => {
    onAdd(line);
    setLastAdded(line);
    // An item configured and added closes, like a one-tap add leaves it: the card's count shows it went in.
    setExpandedId(null);
  };
  return (
    <>
      <ul className={styles.products}>
        {products.map((product) => (
          <MenuProductItem
            key={product.id}
            product={product}
            inBasket={inBasket.get(product.id) ?? 0}
            available={isOrderableNow(product, closedAreaIds)}
            expanded={expandedId === product.id}
            onToggle={() => setExpandedId((current) => (current === product.id ? null : product.id))}
            onAdd={add}
          />
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {lastAdded && t("menu.added", { count: lastAdded.quantity, name: lastAdded.name })}
      </p>
    </>
  );
}
