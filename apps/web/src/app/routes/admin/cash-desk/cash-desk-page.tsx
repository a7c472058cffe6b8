import type { Account } from "@tableorder/domain/contracts/auth";
import type { CashDeskStatus } from "@tableorder/domain/contracts/cash-desk";
import { lazy, type ReactNode, Suspense } from "react";
import { Navigate, NavLink, Outlet, Route, Routes } from "react-router";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { hasAnyAuthority } from "../../../../features/auth/has-authority.ts";
import { useCashDeskStatus } from "../../../../features/cash-desk/api/get-cash-desk-status.ts";
import { useTillPrinter } from "../../../../features/cash-desk/hooks/use-till-printer.ts";
import { addAreaCatalog, useTranslation } from "../../../../lib/i18n.ts";
import { STAFF_APP_SCOPES, useStaffServiceWorker } from "../../../../lib/staff-service-worker.ts";
import { useBillAction } from "./bill-action.ts";
import { CardsTab } from "./cards-tab.tsx";
import styles from "./cash-desk.module.css";
import { CASH_DESK_BASE, CASH_DESK_TABS, type CashDeskTab } from "./cash-desk-paths.ts";
import { DocumentsDialog } from "./documents-dialog.tsx";
import { HistoryTab } from "./history-tab.tsx";
import { PrepAreaModal } from "./prep-area-modal.tsx";
import { PrepAreasTab } from "./prep-areas-tab.tsx";
import * as texts from "./texts.ts";

addAreaCatalog(texts);

// The service modal (the waiter's screens) and the cash register are their own chunks.
const ServiceModal = lazy(() => import("./service-modal.tsx"));
const CashRegisterModal = lazy(() => import("./cash-register-modal.tsx"));
const PrepFeedPage = lazy(() => import("../../prep/prep-feed-page.tsx"));
const PrepTicketPage = lazy(() => import("../../prep/prep-ticket-page.tsx"));
const PrepAvailabilityPage = lazy(() => import("../../prep/prep-availability-page.tsx"));

/** Which tab is red (spec 3 §2.3): unbilled tables, unbilled take-aways, unprinted tickets. */
function needsAttention(tab: CashDeskTab, status: CashDeskStatus | undefined): boolean {
  if (!status) return false;
  if (tab === "tables") return status.hasUnbilled;
  if (tab === "take-away") return status.hasUnbilledTakeAway;
  if (tab === "prep-areas") return status.hasUnprinted;
  return false;
}

function CashDeskLayout({ documentsWaiting }: { documentsWaiting: number }) {
  const { t } = useTranslation();
  const status = useCashDeskStatus().data;
  return (
    <div className={styles.page} data-testid="cash-desk">
      <nav className={styles.tabs} aria-label={t("cashDesk.tabsLabel")}>
        {CASH_DESK_TABS.map((tab) => {
          const attention = needsAttention(tab, status);
          return (
            <NavLink
              key={tab}
              to={`${CASH_DESK_BASE}/${tab}`}
              className={({ isActive }) =>
                [styles.tab, isActive ? styles.tabActive : "", attention ? styles.tabAttention : ""].filter(Boolean).join(" ")
              }
              data-testid={`cash-desk-tab-${tab}`}
              data-attention={attention}
            >
              {t(`cashDesk.tabs.${tab}`)}
              {attention && <span className={styles.tabDot} role="img" aria-label={t("cashDesk.attention")} />}
            </NavLink>
          );
        })}
        {documentsWaiting > 0 && (
          <span className={styles.documentsWaiting} role="status" data-testid="documents-waiting">
            {t("cashDesk.documentsWaiting", { count: documentsWaiting })}
          </span>
        )}
      </nav>
      <Suspense fallback={<DelayedSkeleton rows={5} />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

/** A modal's chunk loads over the tab it opens from, without blanking the tab. */
const modal = (element: ReactNode) => <Suspense fallback={null}>{element}</Suspense>;

/**
 * {admin}/cash-desk/* (spec 3 §2.3): the tabs and their nested modals. An unknown tab leads to
 * tables. Every tab has cash-register/*; a table or take-away card opens the service modal, a
 * preparation area opens its screens, a sale in the history opens its documents.
 */
export default function CashDeskPage({ account }: { account: Account }) {
  const till = useTillPrinter();
  const billAction = useBillAction(till);
  // The till opens offline too, from its last known tables.
  useStaffServiceWorker(STAFF_APP_SCOPES.till);
  // Every tab has its own cash-register/* (spec 3 §2.3): the register opens over the tab in use.
  const cashRegister = <Route path="cash-register/*" element={modal(<CashRegisterModal />)} />;
  return (
    <Routes>
      <Route element={<CashDeskLayout documentsWaiting={till.documentsWaiting} />}>
        <Route index element={<Navigate to={`${CASH_DESK_BASE}/tables`} replace />} />
        <Route path="tables" element={<CardsTab kind="tables" billAction={billAction} />}>
          <Route path="table/:id/:label/*" element={modal(<ServiceModal mode="table" />)} />
          {cashRegister}
        </Route>
        <Route path="take-away" element={<CardsTab kind="take-away" billAction={billAction} />}>
          <Route path="take-away/:id/:label/*" element={modal(<ServiceModal mode="take-away" />)} />
          {cashRegister}
        </Route>
        <Route path="prep-areas" element={<PrepAreasTab />}>
          <Route path="prep-area/:id" element={<PrepAreaModal account={account} />}>
            <Route index element={modal(<PrepFeedPage />)} />
            <Route path="availability" element={modal(<PrepAvailabilityPage />)} />
            <Route path=":ticketId" element={modal(<PrepTicketPage />)} />
          </Route>
          {cashRegister}
        </Route>
        <Route path="history" element={<HistoryTab />}>
          <Route
            path="ticket/:ticketId"
            element={<DocumentsDialog isAdmin={hasAnyAuthority(account, ["ROLE_ADMIN"])} till={till} />}
          />
          {cashRegister}
        </Route>
        <Route path="*" element={<Navigate to={`${CASH_DESK_BASE}/tables`} replace />} />
      </Route>
    </Routes>
  );
}
