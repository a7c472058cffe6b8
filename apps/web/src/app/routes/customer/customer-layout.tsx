import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Outlet, useNavigate, useParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { useAccount } from "../../../features/auth/api/get-account.ts";
import { GuestSignInDialog } from "../../../features/auth/components/guest-sign-in-dialog.tsx";
import { hasAnyAuthority } from "../../../features/auth/has-authority.ts";
import { tableMenuQueryOptions } from "../../../features/menu/api/get-table-menu.ts";
import { useLiveMenu } from "../../../features/menu/hooks/use-live-menu.ts";
import { useCheckIn } from "../../../features/table-feed/api/check-in.ts";
import { useTableByCode } from "../../../features/table-feed/api/get-table-by-code.ts";
import { useLiveTableFeed } from "../../../features/table-feed/hooks/use-live-table-feed.ts";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { useToken } from "../../../lib/session.ts";
import styles from "./customer.module.css";
import { type CustomerContext, tablePath } from "./customer-context.ts";
import { CustomerHeader } from "./customer-header.tsx";
import { usePaymentCompleted } from "./use-payment-completed.ts";

function Problem({ message, onRetry, testId }: { message: string; onRetry?: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.problem} role="alert" data-testid={testId}>
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
 * Everything under /service/customer/{tableCode}: sign-in first (terms accepted), then the code
 * is looked up and the guest checked in, and only then the table's screens load. The table's
 * live state is followed here, so it is current on whichever screen the guest is.
 */
export default function CustomerLayout() {
  const { t } = useTranslation();
  const { tableCode = "" } = useParams();
  const { lang } = useLanguage();
  const token = useToken();
  const { account, isLoading, error: accountError } = useAccount();
  const isGuest = hasAnyAuthority(account, ["ROLE_USER"]);
  // Looked up as soon as there is a token, alongside the account (any signed-in caller may look a
  // code up): one network round trip less before a first-time guest sees the menu.
  const lookup = useTableByCode(tableCode, Boolean(token));
  const tableId = lookup.data?.tableId;
  const checkIn = useCheckIn(tableId, isGuest ? account?.id : undefined);
  const ready = isGuest && tableId !== undefined && checkIn.isSuccess;
  useLiveTableFeed(ready ? (tableId as number) : null, lang);
  useLiveMenu(ready ? (tableId as number) : null);
  // The menu is what a guest opens next (or is opening now): ask for it as soon as the guest is
  // seated, not after the screen's code has rendered. A prefetch only; no screen is held up by it.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (ready) void queryClient.prefetchQuery(tableMenuQueryOptions(tableId as number, lang));
  }, [ready, tableId, lang, queryClient]);
  const navigate = useNavigate();
  // A settled payment request (-1) takes every guest at the table to the success page.
  usePaymentCompleted(ready ? (tableId as number) : null, (paid) => {
    const query = new URLSearchParams();
    if (paid.paidProductCount !== null) query.set("totalCount", String(paid.paidProductCount));
    if (paid.paidAmount !== null) query.set("totalPrice", String(paid.paidAmount));
    navigate(`${tablePath(tableCode, "successful-payment")}?${query}`);
  });

  let content: ReactNode;
  if (token && isLoading) {
    content = <DelayedSkeleton rows={4} />;
  } else if (token && accountError && !(accountError instanceof ApiError && accountError.status === 401)) {
    content = <Problem message={errorMessage(accountError)} onRetry={() => window.location.reload()} />;
  } else if (!account || !isGuest) {
    content = <GuestSignInDialog staffSignedIn={Boolean(account) && !isGuest} />;
  } else if (lookup.isError) {
    const unknown = lookup.error instanceof ApiError && lookup.error.status === 404;
    content = unknown ? (
      <Problem message={t("customer.noTable")} testId="no-table" />
    ) : (
      <Problem message={errorMessage(lookup.error)} onRetry={() => void lookup.refetch()} />
    );
  } else if (checkIn.isError) {
    content = <Problem message={errorMessage(checkIn.error)} onRetry={() => void checkIn.refetch()} />;
  } else if (!ready || !account) {
    content = <DelayedSkeleton rows={4} />;
  } else {
    const context: CustomerContext = { tableId: tableId as number, tableCode, account };
    content = <Outlet context={context} />;
  }

  return (
    <div className={styles.shell}>
      <CustomerHeader tableCode={tableCode} account={isGuest ? account : null} />
      <main className={styles.main}>{content}</main>
    </div>
  );
}
