import { useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { BasketBar } from "../../../features/basket/components/basket-bar.tsx";
import { useBasket } from "../../../features/basket/hooks/use-basket.ts";
import { ClosedAreasNotice } from "../../../features/menu/components/closed-areas-notice.tsx";
import { isOrderableNow } from "../../../features/menu/components/menu-product-list.tsx";
import { MenuSearchField } from "../../../features/menu/components/menu-search-field.tsx";
import { MenuSearchResults } from "../../../features/menu/components/menu-search-results.tsx";
import { useMenuSearch } from "../../../features/menu/hooks/use-menu-search.ts";
import { useWaiterMenu } from "../../../features/waiter-order/api.ts";
import { useServicePaths } from "../../../features/waiter-payment/service-paths.tsx";
import styles from "../../../features/waiter-payment/waiter-payment.module.css";
import { errorMessage } from "../../../lib/api-client.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { useWaiterMenuMarks } from "./use-waiter-menu-marks.ts";

/**
 * {id}/{label}/menu-categories (spec 2 §2.2): the menu's categories, to order for the table, and
 * the guest's menu search above them: typing lists the matching dishes in place of the categories.
 */
export default function MenuCategoriesPage() {
  const { t } = useTranslation();
  const paths = useServicePaths();
  const params = useParams();
  const tableId = Number(params.id);
  const label = params.label ?? "";
  const { site: lang } = useLanguage();
  const menu = useWaiterMenu(lang, paths.serviceMode);
  const basket = useBasket(paths.basketCode(tableId));
  const { closedAreas, closedAreaIds } = useWaiterMenuMarks(tableId, paths.serviceMode);
  const categories = useMemo(() => (menu.data ?? []).filter((category) => category.products.length > 0), [menu.data]);
  // The guest's search, so a dish is one word away rather than a category and a scroll.
  const [query, setQuery] = useState("");
  const found = useMenuSearch(categories, query);
  const orderableCategories = categories.filter((category) =>
    category.products.some((product) => isOrderableNow(product, closedAreaIds)),
  );
  return (
    <div className={styles.screen} data-testid="waiter-menu-categories">
      <div className={styles.titleRow}>
        <Link to={paths.feedPath(tableId, label)} className={styles.back} aria-label={t("common.back")}>
          ←
        </Link>
        <h2 className={styles.title}>{t("waiterOrder.categories")}</h2>
        <span className={styles.titleMeta}>{t(paths.labelKey, { name: label })}</span>
      </div>
      {menu.isPending && <DelayedSkeleton rows={5} />}
      {menu.isError && (
        <p className={styles.notice} role="alert">
          {errorMessage(menu.error)}{" "}
          <Button variant="secondary" onClick={() => void menu.refetch()}>
            {t("common.retry")}
          </Button>
        </p>
      )}
      {menu.isSuccess && closedAreas.length > 0 && (
        <ClosedAreasNotice areas={closedAreas} availableCategories={orderableCategories.map((category) => category.name)} />
      )}
      {categories.length > 0 && <MenuSearchField value={query} onChange={setQuery} />}
      {found && (
        <MenuSearchResults
          found={found}
          query={query}
          onClear={() => setQuery("")}
          basketLines={basket.lines}
          onAdd={basket.add}
          closedAreaIds={closedAreaIds}
        />
      )}
      {!found && (
        <ul className={styles.choices}>
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={paths.tablePath(tableId, label, `menu-category-items/${category.id}`)}
                className={styles.choice}
                data-testid="waiter-category"
                data-name={category.name}
              >
                <span className={styles.choiceText}>
                  <strong>{category.name}</strong>
                  <small>{t("waiterOrder.productCount", { count: category.products.length })}</small>
                </span>
                <span className={styles.chevron} aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <BasketBar count={basket.count} totalCents={basket.totalCents} to={paths.tablePath(tableId, label, "order")} />
    </div>
  );
}
