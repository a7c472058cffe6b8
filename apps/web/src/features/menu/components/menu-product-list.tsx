import type { BasketLineInput } from "@tableorder/domain/basket";
import type { MenuProduct } from "@tableorder/domain/contracts/menu";
import { useState } from "react";
import styles from "./menu.module.css";
import { MenuProductItem } from "./menu-product-item.tsx";

/** The products of a category; only one is expanded at a time (spec 1 §2). */
export function MenuProductList({
  products,
  onAdd,
}: {
  products: readonly MenuProduct[];
  onAdd: (line: BasketLineInput) => void;
}) {
  const [expandedId, setExpandedId] = useState<number | null>(null);
  return (
    <ul className={styles.products}>
      {products.map((product) => (
        <MenuProductItem
          key={product.id}
          product={product}
          expanded={expandedId === product.id}
          onToggle={() => setExpandedId((current) => (current === product.id ? null : product.id))}
          onAdd={onAdd}
        />
      ))}
    </ul>
  );
}
