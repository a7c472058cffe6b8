import { Link, useParams } from "react-router";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { BasketBar } from "../../../features/basket/components/basket-bar.tsx";
import { useBasket } from "../../../features/basket/hooks/use-basket.ts";
import { MenuProductList } from "../../../features/menu/components/menu-product-list.tsx";
import { useWaiterMenu } from "../../../features/waiter-order/api.ts";
import { useServicePaths } from "../../../features/waiter-payment/service-paths.tsx";
import styles from "../../../features/waiter-payment/waiter-payment.module.css";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { useWaiterMenuMarks } from "./use-waiter-menu-marks.ts";

/**
 * {id}/{label}/menu-category-items/{categoryId} (spec 2 §2.2, §4.6): the guest's product list, with
 * the same options, pricing and merge rules, adding to the waiter's basket for the table.
 */
export default function MenuCategoryItemsPage() {
  const { t } = useTranslation();
  const paths = useServicePaths();
  const params = useParams();
  const tableId = Number(params.id);
  const label = params.label ?? "";
  const categoryId = Number(params.categoryId);
  const { site: lang } = useLanguage();
  const menu = useWaiterMenu(lang, paths.serviceMode);
  const basket = useBasket(paths.basketCode(tableId));
  const { closedAreaIds } = useWaiterMenuMarks(tableId, paths.serviceMode);
  const category = menu.data?.find((candidate) => candidate.id === categoryId);
  return (
    <div className={styles.screen} data-testid="waiter-category-items">
      <div className={styles.titleRow}>
        <Link to={paths.tablePath(tableId, label, "menu-categories")} className={styles.back} aria-label={t("common.back")}>
          ←
        </Link>
        <h2 className={styles.title}>{category?.name ?? t("waiterOrder.categories")}</h2>
        <span className={styles.titleMeta}>{t(paths.labelKey, { name: label })}</span>
      </div>
      {menu.isPending && <DelayedSkeleton rows={5} />}
      {menu.isSuccess && !category && <p className={styles.notice}>{t("menu.empty")}</p>}
      {category && (
        <MenuProductList
          key={category.id}
          products={category.products}
          basketLines={basket.lines}
          onAdd={basket.add}
          closedAreaIds={closedAreaIds}
        />
      )}
      <BasketBar count={basket.count} totalCents={basket.totalCents} to={paths.tablePath(tableId, label, "order")} />
    </div>
  );
}
