import type { Account } from "@tableorder/domain/contracts/auth";
import { useRef } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { ArrowLeftIcon, SettingsIcon, UndoIcon } from "../../../components/icons.tsx";
import { RealtimeIndicator } from "../../../components/realtime-indicator.tsx";
import { toast, useToastsBelow } from "../../../components/toasts.tsx";
import { displayName } from "../../../features/auth/has-authority.ts";
import { ServicePathsProvider, waiterServicePaths } from "../../../features/waiter-payment/service-paths.tsx";
import { el, en } from "../../../features/waiter-payment/texts.ts";
import { useUndoStatus, useWaiterFeed } from "../../../features/waiter-tasks/api/waiter-api.ts";
import { lastDelivered, useLastDelivered } from "../../../features/waiter-tasks/undo-batch.ts";
import { useLiveWaiterFeed } from "../../../features/waiter-tasks/use-live-waiter-feed.ts";
import { addAreaCatalog, useTranslation } from "../../../lib/i18n.ts";
import { clearSession } from "../../../lib/session.ts";
import { STAFF_APP_SCOPES, useStaffServiceWorker } from "../../../lib/staff-service-worker.ts";
import { useWebAppIdentity } from "../../../lib/web-app-manifest.ts";
import { StaffArea } from "../staff/staff-area.tsx";
import styles from "./waiter.module.css";
import { isPaymentScreen, WAITER_BASE_PATH, type WaiterContext } from "./waiter-context.ts";

// The payment, transfer and ordering texts load with the waiter's chunk, not the guest's.
addAreaCatalog({ el, en });

function UndoButton() {
  const { t } = useTranslation();
  const ids = useLastDelivered();
  const undo = useUndoStatus();
  return (
    <button
      type="button"
      className={styles.headerButton}
      disabled={ids.length === 0 || undo.isPending}
      aria-busy={undo.isPending || undefined}
      title={ids.length ? t("waiter.undoLabel", { count: ids.length }) : t("waiter.undoEmpty")}
      onClick={() =>
        undo.mutate(ids, {
          onSuccess: () => {
            lastDelivered.set([]);
            toast.success(t("waiter.undone"));
          },
        })
      }
      data-testid="waiter-undo"
      data-size={ids.length}
    >
      <UndoIcon size={24} />
      <span className={styles.headerButtonText}>{t("waiter.undo")}</span>
    </button>
  );
}

/** The waiter's screens (spec 2 §2.2): the live feed lives here, above every screen. */
function WaiterArea({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const feed = useWaiterFeed();
  const realtime = useLiveWaiterFeed();
  const onFeed = pathname === WAITER_BASE_PATH || pathname === `${WAITER_BASE_PATH}/`;
  const onSettings = pathname.replace(/\/$/, "") === `${WAITER_BASE_PATH}/settings`;
  const onPayment = isPaymentScreen(pathname);
  const context: WaiterContext = { account, feed };
  const headerRef = useRef<HTMLElement>(null);
  useToastsBelow(headerRef);
  return (
    <div className={styles.screen}>
      <header className={styles.header} ref={headerRef}>
        <div className={styles.headerStart}>
          {onFeed ? (
            <h1 className={styles.title} data-testid="waiter-title">
              {t("waiter.feed")}
              {feed.data && (
                <span className={styles.count} data-testid="waiter-task-count">
                  {feed.data.length}
                </span>
              )}
            </h1>
          ) : onPayment ? null : (
            <Link
              to={WAITER_BASE_PATH}
              className={styles.headerButton}
              aria-label={t("waiter.backToFeed")}
              data-testid="back-to-feed"
            >
              <ArrowLeftIcon size={24} />
              <span className={styles.headerButtonText}>{t("common.back")}</span>
            </Link>
          )}
          <span className={styles.who}>
            {displayName(account)} <RealtimeIndicator status={realtime} compact />
          </span>
        </div>
        <nav className={styles.headerEnd} aria-label={t("waiter.settings")}>
          {!onPayment && <UndoButton />}
          <Link
            to={`${WAITER_BASE_PATH}/settings`}
            className={styles.headerButton}
            aria-label={t("waiter.settings")}
            data-testid="open-settings"
          >
            <SettingsIcon size={24} />
          </Link>
        </nav>
      </header>
      <main className={styles.main}>
        <ServicePathsProvider paths={waiterServicePaths}>
          <Outlet context={context} />
        </ServicePathsProvider>
      </main>
      {/* Logout only where no action bar sits at the bottom: never one tap from a payment. */}
      {(onFeed || onSettings) && (
        <footer className={styles.footer}>
          <button type="button" className={styles.logout} onClick={() => clearSession()} data-testid="staff-logout">
            {t("common.logout")}
          </button>
        </footer>
      )}
    </div>
  );
}

/** /service/wait: waiters and the cash desk (ROLE_EMPLOYEE). */
export default function WaiterLayout() {
  // Installs as its own app, from the sign-in screen on.
  useWebAppIdentity({ manifest: "/wait.webmanifest", themeColor: "#123a2f", appleTouchIcon: "/wait-icon-192.png" });
  useStaffServiceWorker(STAFF_APP_SCOPES.waiter);
  return (
    <StaffArea area="wait" authorities={["ROLE_EMPLOYEE"]}>
      {(account) => <WaiterArea account={account} />}
    </StaffArea>
  );
}
