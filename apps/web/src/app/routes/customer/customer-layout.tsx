import { useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { Outlet, useMatch, useNavigate, useParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { usePreparedPrices } from "../../../components/price.tsx";
import { useAccount } from "../../../features/auth/api/get-account.ts";
import { hasAnyAuthority } from "../../../features/auth/has-authority.ts";
import { useLiveMenu } from "../../../features/menu/hooks/use-live-menu.ts";
import { useCheckIn } from "../../../features/table-feed/api/check-in.ts";
import { useTableByCode } from "../../../features/table-feed/api/get-table-by-code.ts";
import { NoTableScreen } from "../../../features/table-feed/components/no-table-screen.tsx";
import { TableNotInServiceScreen } from "../../../features/table-feed/components/table-not-in-service.tsx";
import { useLiveTableFeed } from "../../../features/table-feed/hooks/use-live-table-feed.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { useToken } from "../../../lib/session.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import styles from "./customer.module.css";
import { type CustomerContext, lastTableCode, type MenuPreviewContext, tablePath } from "./customer-context.ts";
import { CustomerHeader } from "./customer-header.tsx";
import { loadGuestSignInDialog } from "./guest-screens.ts";
import { MenuScreen } from "./menu-page.tsx";
import { seedCheckIn, startTable } from "./table-start.ts";
import { usePaymentCompleted } from "./use-payment-completed.ts";

const GuestSignInDialog = lazy(loadGuestSignInDialog);

function Problem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.problem} role="alert">
      <p>{message}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      )}
    </div>
  );
}

/**
 * Everything under /service/customer/{tableCode}: sign-in (terms accepted) and check-in first,
 * and only then the table's screens show. The table's code and its menu need neither: on the
 * table's and the menu's address the menu shows under the sign-in popup (the server renders it
 * into the page, or one start call brings it), and continuing as a guest checks in with the
 * sign-in's own request. The table's live state is followed here, so it is current on whichever
 * screen the guest is.
 */
export default function CustomerLayout() {
  const { tableCode = "" } = useParams();
  const { content: lang } = useLanguage();
  const token = useToken();
  const { account, isLoading, error: accountError } = useAccount();
  const isGuest = hasAnyAuthority(account, ["ROLE_USER"]);
  const lookup = useTableByCode(tableCode);
  const tableId = lookup.data?.tableId;
  const checkIn = useCheckIn(tableId, isGuest ? account?.id : undefined);
  const ready = isGuest && tableId !== undefined && checkIn.isSuccess;
  useLiveTableFeed(ready ? (tableId as number) : null, lang);
  useLiveMenu(ready ? (tableId as number) : null);
  useEffect(() => {
    if (ready) lastTableCode.set(tableCode);
  }, [ready, tableCode]);
  // The menu is what a guest opens next (or is opening now), in the language chosen now.
  const queryClient = useQueryClient();
  useEffect(() => {
    startTable(queryClient, tableCode, lang).catch(() => {});
  }, [tableCode, lang, queryClient]);
  usePreparedPrices();
  const navigate = useNavigate();
  // The server renders a guest as signed out (the session is in the browser's storage): the popup
  // opens only after the hydration, and never for a guest whose session is already there.
  const hydrated = useHydrated();
  const onMenu = useMatch("/service/customer/:tableCode/menu") !== null;
  const onTable = useMatch("/service/customer/:tableCode") !== null;
  // Until the guest is checked in: on the menu's address its page (the same one goes on after),
  // on the table's the menu too (the table's own screen needs the check-in).
  let waiting: ReactNode = <DelayedSkeleton rows={4} />;
  if (tableId !== undefined && onMenu) {
    const preview: MenuPreviewContext = { tableId, tableCode, checkedIn: false };
    waiting = <Outlet context={preview} />;
  } else if (tableId !== undefined && onTable) {
    waiting = <MenuScreen tableId={tableId} tableCode={tableCode} checkedIn={false} />;
  }
  // A settled payment request (-1) takes every guest at the table to the success page.
  usePaymentCompleted(ready ? (tableId as number) : null, (paid) => {
    const query = new URLSearchParams();
    if (paid.paidProductCount !== null) query.set("totalCount", String(paid.paidProductCount));
    if (paid.paidAmount !== null) query.set("totalPrice", String(paid.paidAmount));
    navigate(`${tablePath(tableCode, "successful-payment")}?${query}`);
  });

  let content: ReactNode;
  let signIn: ReactNode = null;
  if (token && isLoading) {
    content = waiting;
  } else if (token && accountError && !(accountError instanceof ApiError && accountError.status === 401)) {
    content = <Problem message={errorMessage(accountError)} onRetry={() => window.location.reload()} />;
  } else if (lookup.error instanceof ApiError && lookup.error.key === "venue_not_accepting_guests") {
    // Said before any sign-in: there is nothing to sign in for.
    content = <TableNotInServiceScreen venue onRetry={() => void lookup.refetch()} />;
  } else if (lookup.error instanceof ApiError && lookup.error.status === 404) {
    // Said before any sign-in too: there is no table to sign in at.
    content = <NoTableScreen />;
  } else if (!account || !isGuest) {
    content = waiting;
    // Continuing as a guest checks in at this table with the same request.
    if (hydrated)
      signIn = (
        <Suspense fallback={null}>
          <GuestSignInDialog
            staffSignedIn={Boolean(account) && !isGuest}
            atTable={{ tableCode, onCheckedIn: (reservation, accountId) => seedCheckIn(queryClient, reservation, accountId) }}
          />
        </Suspense>
      );
  } else if (lookup.isError) {
    content = <Problem message={errorMessage(lookup.error)} onRetry={() => void lookup.refetch()} />;
  } else if (checkIn.error instanceof ApiError && checkIn.error.key === "table_not_in_service") {
    content = <TableNotInServiceScreen onRetry={() => void checkIn.refetch()} />;
  } else if (checkIn.error instanceof ApiError && checkIn.error.key === "venue_not_accepting_guests") {
    content = <TableNotInServiceScreen venue onRetry={() => void checkIn.refetch()} />;
  } else if (checkIn.isError) {
    content = <Problem message={errorMessage(checkIn.error)} onRetry={() => void checkIn.refetch()} />;
  } else if (!ready || !account) {
    content = waiting;
  } else {
    const context: CustomerContext = { tableId: tableId as number, tableCode, account };
    content = <Outlet context={context} />;
  }

  return (
    <div className={styles.shell}>
      <CustomerHeader tableCode={tableCode} account={isGuest ? account : null} />
      {/* The popup after the content: the menu's page stays the same element when it closes. */}
      <main className={styles.main}>
        {content}
        {signIn}
      </main>
    </div>
  );
}
