import type { BasketLineInput } from "@tableorder/domain/basket";
import type { MenuProduct } from "@tableorder/domain/contracts/menu";
import { useState } from "react";
import styles from "./menu.module.css";
import { MenuProductItem } from "./menu-product-item.tsx";

/** Whether a listed product can be ordered now: switched on, and its area (if any) not closed. */
export function isOrderableNow(product: MenuProduct, closedAreaIds?: ReadonlySet<number>): boolean {
  return product.active && !(product.preparationAreaId != null && closedAreaIds?.has(product.preparationAreaId));
}

/** The products of a category; only one is expanded at a time (spec 1 §2). */
export function MenuProductList({
  products,
  onAdd,
  closedAreaIds,
}: {
  products: readonly MenuProduct[];
  onAdd: (line: BasketLineInput) => void;
  /** Areas closed now: a staff menu lists their dishes, marked like switched-off ones. */
  closedAreaIds?: ReadonlySet<number>;
}) {
  const [expandedId, setExpandedId] = useState<number | null>(null);
  return (
    <ul className={styles.products}>
      {products.map((product) => (
        <MenuProductItem
          key={product.id}
          product={product}
          available={isOrderableNow(product, closedAreaIds)}
          expanded={expandedId === product.id}
          onToggle={() => setExpandedId((current) => (current === product.id ? null : product.id))}
          onAdd={onAdd}
        />
      ))}
    </ul>
  );
}
