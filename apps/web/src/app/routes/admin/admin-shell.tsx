import type { Account } from "@tableorder/domain/contracts/auth";
import type { MenuLanguage } from "@tableorder/domain/enums";
import { mayDeleteRecords } from "@tableorder/domain/record-deletion";
import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useRef } from "react";
import { Link, Navigate, NavLink, Route, Routes, useLocation } from "react-router";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { Dropdown } from "../../../components/dropdown.tsx";
import { LanguageToggle } from "../../../components/language-toggle.tsx";
import { useToastsBelow } from "../../../components/toasts.tsx";
import { hasAnyAuthority } from "../../../features/auth/has-authority.ts";
import { useAdminIp } from "../../../features/cash-desk/api/get-admin-ip.ts";
import { needsAttention, useLiveCashDeskStatus } from "../../../features/cash-desk/hooks/use-live-cash-desk-status.ts";
import { SetupChecklistCard } from "../../../features/setup-checklist/components/setup-checklist.tsx";
import { TodayGlance } from "../../../features/stats/components/today-glance.tsx";
import { apiGet } from "../../../lib/api-client.ts";
import { addAreaCatalog, useTranslation } from "../../../lib/i18n.ts";
import { clearSession } from "../../../lib/session.ts";
import styles from "./admin.module.css";
import * as texts from "./texts.ts";

addAreaCatalog(texts);

/**
 * The admin area's base ({admin}, spec 3 §2.2). The header sits outside the nested routes, inside
 * the area's splat route, where a relative link resolves against the whole current URL (from
 * /products, "tables" would lead to /products/tables); its links are therefore absolute.
 */
const ADMIN_BASE = "/service/admin";

const SpacesPage = lazy(() => import("./spaces-page.tsx"));
const TableFormPage = lazy(() => import("./table-form-page.tsx"));
const AreaFormPage = lazy(() => import("./area-form-page.tsx"));
const WaitersPage = lazy(() => import("./waiters-page.tsx"));
const WaiterFormPage = lazy(() => import("./waiter-form-page.tsx"));
const ProductListPage = lazy(() => import("./catalog/product-list-page.tsx"));
const ProductEditorPage = lazy(() => import("./catalog/product-editor-page.tsx"));
const CategoriesPage = lazy(() => import("./catalog/categories-page.tsx"));
const ShopSettingsPage = lazy(() => import("./settings/shop-settings-page.tsx"));
const InvoicingSettingsPage = lazy(() => import("./settings/invoicing-settings-page.tsx"));
const CashDeskPage = lazy(() => import("./cash-desk/cash-desk-page.tsx"));
const StatsPage = lazy(() => import("./stats/stats-page.tsx"));
const AuditPage = lazy(() => import("./audit/audit-page.tsx"));
const RatingsPage = lazy(() => import("./ratings/ratings-page.tsx"));

/**
 * The dot on Products: translations are on and some product or category lacks its text in one of
 * the venue's menu languages (spec 3 §2.2, per language since decision 046).
 */
function useMissingTranslations(): boolean {
  const query = useQuery({
    queryKey: ["crm", "translation-missing-any"],
    queryFn: async ({ signal }) => {
      const languages = await apiGet<MenuLanguage[]>("/api/crm/translation-languages", { signal, quiet: true });
      const answers = await Promise.all(
        languages.flatMap((language) => [
          apiGet<boolean>(`/api/crm/translation-missing?language=${language}`, { signal, quiet: true }),
          apiGet<boolean>(`/api/crm/translation-missing/product-category?language=${language}`, { signal, quiet: true }),
        ]),
      );
      return answers.some(Boolean);
    },
    staleTime: 30_000,
  });
  return query.data === true;
}

function Dashboard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  // api/crm/retailer is ADMIN only (a 403 for the cash desk, spec 3 §4): the cash desk reads the
  // venue's name from the dashboard data (api/admin/ip, spec 3 §6) instead.
  const retailer = useQuery({
    queryKey: ["crm", "retailer"],
    queryFn: ({ signal }) => apiGet<{ name?: string | null }>("/api/crm/retailer", { signal, quiet: true }),
    enabled: isAdmin,
  });
  const dashboard = useAdminIp(!isAdmin);
  const source = isAdmin ? retailer : dashboard;
  const name = isAdmin ? retailer.data?.name : dashboard.data?.venueName;
  return (
    <div className={styles.dashboard} data-testid="admin-dashboard">
      {source.isLoading ? (
        // The venue's own name is on its way: no default name flashes before it.
        <DelayedSkeleton rows={1} rowHeight={40} />
      ) : (
        <h1 data-testid="admin-business-name">{name || t("admin.defaultBusinessName")}</h1>
      )}
      <p>{t("admin.systemName")}</p>
      {/* A new venue's first-run guide (issue 18): the owner's, like the settings it links to. */}
      {isAdmin && <SetupChecklistCard adminBase={ADMIN_BASE} />}
      {/* Today's figures are the owner's: api/stats is ADMIN only. */}
      {isAdmin && <TodayGlance statsPath={`${ADMIN_BASE}/stats`} />}
    </div>
  );
}

/** Screens only ADMIN may open; others are sent up one level (spec 3 §2.2, §6). */
function AdminOnly({ isAdmin, children }: { isAdmin: boolean; children: ReactNode }) {
  return isAdmin ? children : <Navigate to=".." replace />;
}

/** {admin}/*: the back office's header and its screens (spec 3 §2.2). */
export function AdminShell({ account }: { account: Account }) {
  const { t } = useTranslation();
  const headerRef = useRef<HTMLElement>(null);
  useToastsBelow(headerRef);
  const isAdmin = hasAnyAuthority(account, ["ROLE_ADMIN"]);
  const mayDelete = mayDeleteRecords(account.authorities);
  const missingTranslations = useMissingTranslations();
  // The Ταμείο dot (spec 3 §2.2), live on every admin screen.
  const cashDeskDot = needsAttention(useLiveCashDeskStatus().status);
  const { pathname } = useLocation();
  // The product editor and the categories belong to the Products tab too.
  const inCatalogue = /^\/service\/admin\/(?:product|categories)(?:\/|$)/.test(pathname);
  const tab =
    (key: string) =>
    ({ isActive }: { isActive: boolean }) =>
      `${styles.tab} ${isActive || (key === "products" && inCatalogue) ? styles.tabActive : ""}`;
  const tabs: { to: string; key: string; dot?: boolean; testId: string }[] = [
    { to: `${ADMIN_BASE}/cash-desk`, key: "cashDesk", dot: cashDeskDot, testId: "admin-tab-cash-desk" },
    { to: `${ADMIN_BASE}/tables`, key: "spaces", testId: "admin-tab-spaces" },
    { to: `${ADMIN_BASE}/waiters`, key: "staff", testId: "admin-tab-staff" },
    { to: `${ADMIN_BASE}/products`, key: "products", dot: missingTranslations, testId: "admin-tab-products" },
    ...(isAdmin
      ? [
          { to: `${ADMIN_BASE}/stats`, key: "stats", testId: "admin-tab-stats" },
          { to: `${ADMIN_BASE}/ratings`, key: "ratings", testId: "admin-tab-ratings" },
          { to: `${ADMIN_BASE}/audit`, key: "audit", testId: "admin-tab-audit" },
        ]
      : []),
  ];
  return (
    <div className={styles.shell}>
      <header className={styles.header} ref={headerRef}>
        <Link to={ADMIN_BASE} className={styles.brand}>
          {t("app.name")}
        </Link>
        <nav className={styles.tabs} aria-label={t("admin.systemName")}>
          {tabs.map((item) => (
            <NavLink key={item.to} to={item.to} className={tab(item.key)} data-testid={item.testId}>
              {t(`admin.tabs.${item.key}`)}
              {item.dot && <span className={styles.dot} role="img" aria-label={t("admin.menu.notification")} />}
            </NavLink>
          ))}
        </nav>
        <div className={styles.headerEnd}>
          <LanguageToggle />
          <Dropdown label={account.firstName || account.login} triggerClassName={styles.userButton} testId="admin-user-menu">
            {(close) => (
              <>
                {isAdmin && (
                  <>
                    <Link to={`${ADMIN_BASE}/settings`} className={styles.menuItem} onClick={close}>
                      {t("admin.menu.account")}
                    </Link>
                    <Link to={`${ADMIN_BASE}/invoicing-settings`} className={styles.menuItem} onClick={close}>
                      {t("admin.menu.invoicing")}
                    </Link>
                  </>
                )}
                <button
                  type="button"
                  className={styles.menuItem}
                  onClick={() => {
                    close();
                    clearSession();
                  }}
                  data-testid="admin-logout"
                >
                  {t("admin.menu.logout")}
                </button>
              </>
            )}
          </Dropdown>
        </div>
      </header>
      <main className={styles.main}>
        <Suspense fallback={<DelayedSkeleton rows={5} />}>
          <Routes>
            {/* The cash desk's work is the till: it lands there, not on the owner's dashboard. */}
            <Route index element={isAdmin ? <Dashboard isAdmin /> : <Navigate to="cash-desk" replace />} />
            <Route path="tables" element={<SpacesPage />} />
            <Route path="table/:id?" element={<TableFormPage />} />
            <Route path="preparation-area/:id?" element={<AreaFormPage isAdmin={isAdmin} mayDelete={mayDelete} />} />
            <Route path="waiters" element={<WaitersPage />} />
            <Route path="wait/:id?" element={<WaiterFormPage mayDelete={mayDelete} />} />
            <Route path="products" element={<ProductListPage />} />
            <Route path="product/:id?" element={<ProductEditorPage mayDelete={mayDelete} />} />
            <Route path="categories" element={<CategoriesPage />} />
            <Route
              path="settings"
              element={
                <AdminOnly isAdmin={isAdmin}>
                  <ShopSettingsPage />
                </AdminOnly>
              }
            />
            <Route
              path="invoicing-settings"
              element={
                <AdminOnly isAdmin={isAdmin}>
                  <InvoicingSettingsPage />
                </AdminOnly>
              }
            />
            <Route
              path="stats"
              element={
                <AdminOnly isAdmin={isAdmin}>
                  <StatsPage />
                </AdminOnly>
              }
            />
            <Route
              path="audit"
              element={
                <AdminOnly isAdmin={isAdmin}>
                  <AuditPage />
                </AdminOnly>
              }
            />
            <Route
              path="ratings"
              element={
                <AdminOnly isAdmin={isAdmin}>
                  <RatingsPage />
                </AdminOnly>
              }
            />
            <Route path="cash-desk/*" element={<CashDeskPage account={account} />} />
            <Route path="*" element={<Navigate to={ADMIN_BASE} replace />} />
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}
