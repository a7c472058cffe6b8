import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { BasketBar } from "../../../features/basket/components/basket-bar.tsx";
import { useBasket } from "../../../features/basket/hooks/use-basket.ts";
import { useClosedAreas } from "../../../features/menu/api/get-closed-areas.ts";
import { useTableMenu } from "../../../features/menu/api/get-table-menu.ts";
import { CategoryTabs } from "../../../features/menu/components/category-tabs.tsx";
import { ClosedAreasNotice } from "../../../features/menu/components/closed-areas-notice.tsx";
import { MenuProductList } from "../../../features/menu/components/menu-product-list.tsx";
import { MenuSearchField } from "../../../features/menu/components/menu-search-field.tsx";
import { MenuSearchResults } from "../../../features/menu/components/menu-search-results.tsx";
import { isMenuPartlyUntranslated, UntranslatedMenuNotice } from "../../../features/menu/components/untranslated-menu-notice.tsx";
import { useMenuSearch } from "../../../features/menu/hooks/use-menu-search.ts";
import { useTableFeed } from "../../../features/table-feed/api/get-table-feed.ts";
import { useVenueHeader } from "../../../features/table-feed/api/get-venue-header.ts";
import { RequestNotice } from "../../../features/table-feed/components/table-actions.tsx";
import { TableNotInServiceNotice } from "../../../features/table-feed/components/table-not-in-service.tsx";
import { VenueCard } from "../../../features/table-feed/components/venue-card.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { preloadWhenIdle } from "../../../lib/lazy-with-retry.ts";
import styles from "./customer.module.css";
import { tablePath, useMenuContext } from "./customer-context.ts";
import { loadChoosePaymentTypePage, loadOrderPage, loadPaymentPage, loadTablePage } from "./guest-screens.ts";

/** The menu page, under the sign-in popup and once checked in at the table. */
export default function MenuPage() {
  const { tableId, tableCode, checkedIn } = useMenuContext();
  return <MenuScreen tableId={tableId} tableCode={tableCode} checkedIn={checkedIn} />;
}

/**
 * The venue's menu: a category at a time; configured items go into the table's basket. Above it,
 * why something is missing: the table is out of service, or an area (the kitchen) is closed.
 * Before the guest is checked in (under the sign-in popup, and in the page the server renders),
 * it shows the venue and the menu, which anyone may read, and nothing of the table's session.
 */
export function MenuScreen({ tableId, tableCode, checkedIn }: { tableId: number; tableCode: string; checkedIn: boolean }) {
  const { t } = useTranslation();
  const panelId = useId();
  const { content: lang } = useLanguage();
  const menu = useTableMenu(tableId, lang);
  const closedAreas = useClosedAreas(tableId);
  const table = useTableFeed(tableId, lang, checkedIn).data;
  const venue = useVenueHeader(tableId, lang, checkedIn).data;
  const outOfService = table?.onService === false;
  // Another phone asked the waiter to collect: said live here; what is added stays in the basket.
  const paymentRequested = table != null && table.activePaymentRequestId !== null;
  const basket = useBasket(tableCode);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [query, setQuery] = useState("");

  const categories = useMemo(() => (menu.data ?? []).filter((category) => category.products.length > 0), [menu.data]);
  const selected = categories.find((category) => category.id === categoryId) ?? categories[0];
  const found = useMenuSearch(categories, query);

  // Once the menu shows, the screens a guest goes on to load while nothing else is happening: the
  // basket and the payment open even if the connection drops in between.
  // Not under the sign-in popup: the page's first load is the menu's, the rest can wait for the guest.
  const menuShown = menu.isSuccess && checkedIn;
  useEffect(() => {
    if (menuShown) return preloadWhenIdle([loadOrderPage, loadChoosePaymentTypePage, loadPaymentPage]);
  }, [menuShown]);
  // The table's screen is where the check-in leads on the table's address: ready before it ends.
  useEffect(() => {
    if (menu.isSuccess) return preloadWhenIdle([loadTablePage]);
  }, [menu.isSuccess]);

  return (
    <div className={styles.withFooter} data-testid="menu-page">
      {venue && <VenueCard info={venue} />}
      <div className={styles.stickyBar}>
        <div className={styles.titleRow}>
          <Link to={tablePath(tableCode)} className={styles.back} aria-label={t("common.back")}>
            ←
          </Link>
          <h1 className={styles.pageTitle}>{t("menu.title")}</h1>
        </div>
        {categories.length > 0 && <MenuSearchField value={query} onChange={setQuery} />}
        {categories.length > 0 && !found && (
          <CategoryTabs categories={categories} selectedId={selected?.id ?? null} onSelect={setCategoryId} panelId={panelId} />
        )}
      </div>
      {outOfService && <TableNotInServiceNotice />}
      {paymentRequested && <RequestNotice kind="payment" />}
      {menu.isSuccess && closedAreas.data && closedAreas.data.length > 0 && (
        <ClosedAreasNotice areas={closedAreas.data} availableCategories={categories.map((category) => category.name)} />
      )}
      {isMenuPartlyUntranslated(categories) && <UntranslatedMenuNotice />}
      {menu.isPending && <DelayedSkeleton />}
      {menu.isError && (
        <div className={styles.problem} role="alert">
          <p>{errorMessage(menu.error)}</p>
          <Button variant="secondary" onClick={() => void menu.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      )}
      {/* With an area closed, its notice already says why the menu is empty. */}
      {menu.isSuccess && !selected && !closedAreas.data?.length && <p className={styles.empty}>{t("menu.empty")}</p>}
      {found && (
        <MenuSearchResults
          found={found}
          query={query}
          onClear={() => setQuery("")}
          basketLines={basket.lines}
          onAdd={basket.add}
          className={styles.menuPanel}
        />
      )}
      {selected && !found && (
        <section id={panelId} role="tabpanel" aria-label={selected.name} className={styles.menuPanel}>
          <MenuProductList key={selected.id} products={selected.products} basketLines={basket.lines} onAdd={basket.add} />
        </section>
      )}
      <BasketBar count={basket.count} totalCents={basket.totalCents} to={tablePath(tableCode, "order")} />
    </div>
  );
}
