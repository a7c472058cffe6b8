import type { BasketLine, BasketLineInput } from "@tableorder/domain/basket";
import type { MenuProduct } from "@tableorder/domain/contracts/menu";
import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./menu.module.css";
import { MenuProductList } from "./menu-product-list.tsx";

/**
 * What a menu search found, across categories, addable as from the category's list; the guest's
 * menu and the waiter's order screen show the same results (so one search, one way to add).
 */
export function MenuSearchResults({
  found,
  query,
  onClear,
  basketLines,
  onAdd,
  closedAreaIds,
  className,
}: {
  found: MenuProduct[];
  query: string;
  onClear: () => void;
  basketLines: readonly BasketLine[];
  onAdd: (line: BasketLineInput) => void;
  closedAreaIds?: ReadonlySet<number>;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("menu.search.label")} className={className} data-testid="menu-search-results">
      <p className={styles.searchSummary} role="status" data-testid="menu-search-summary">
        {found.length > 0 ? t("menu.search.results", { count: found.length }) : t("menu.search.none", { query: query.trim() })}
      </p>
      {found.length > 0 ? (
        <MenuProductList products={found} basketLines={basketLines} onAdd={onAdd} closedAreaIds={closedAreaIds} />
      ) : (
        <Button variant="secondary" onClick={onClear}>
          {t("menu.search.showAll")}
        </Button>
      )}
    </section>
  );
}
