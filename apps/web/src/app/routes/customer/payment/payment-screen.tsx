import type { TableState } from "@tableorder/domain/contracts/table";
import type { ReactNode } from "react";
import { Link, Navigate } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { useTableFeed } from "../../../../features/table-feed/api/get-table-feed.ts";
import { errorMessage } from "../../../../lib/api-client.ts";
import { useLanguage, useTranslation } from "../../../../lib/i18n.ts";
import styles from "../customer.module.css";
import { tablePath, useCustomerContext } from "../customer-context.ts";

/**
 * The frame of the payment screens: title and back link, the table's state loaded, and a way out
 * when there is nothing to pay or a waiter is already coming to collect.
 */
export function PaymentScreen({
  title,
  backTo,
  testId,
  children,
}: {
  title: string;
  backTo?: string;
  testId: string;
  children: (state: TableState) => ReactNode;
}) {
  const { t } = useTranslation();
  const { tableId, tableCode } = useCustomerContext();
  const { content: lang } = useLanguage();
  const feed = useTableFeed(tableId, lang);
  const home = tablePath(tableCode);

  let content: ReactNode;
  if (feed.isPending) content = <DelayedSkeleton rows={4} />;
  else if (feed.isError)
    content = (
      <div className={styles.problem} role="alert">
        <p>{errorMessage(feed.error)}</p>
        <Button variant="secondary" onClick={() => void feed.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  // A request is open (this guest's or another's): the table page says the waiter is coming.
  else if (feed.data.activePaymentRequestId !== null) return <Navigate to={home} replace />;
  else if (feed.data.totalUnpaidCount === 0 || feed.data.unpaidTableFeed.length === 0)
    content = (
      <p className={styles.empty} data-testid="nothing-unpaid">
        {t("payment.nothingUnpaid")}
      </p>
    );
  else content = children(feed.data);

  return (
    <div className={styles.withFooter} data-testid={testId}>
      <div className={styles.titleRow}>
        <Link to={backTo ?? home} className={styles.back} aria-label={t("common.back")}>
          ←
        </Link>
        <h1 className={styles.pageTitle}>{title}</h1>
      </div>
      {content}
    </div>
  );
}
