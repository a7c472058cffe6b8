import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DelayedSkeleton } from "../../components/delayed-skeleton.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import type { PaymentScope } from "./payment-flow.ts";
import { useServicePaths } from "./service-paths.tsx";
import styles from "./waiter-payment.module.css";

/**
 * The frame of the waiter's payment screens: title with the table, a back link, the scope
 * loaded, and a plain message when nothing is left to pay (paid meanwhile by someone else).
 */
export function PaymentFrame({
  scope,
  title,
  backTo,
  testId,
  requireUnpaid = true,
  children,
}: {
  scope: PaymentScope;
  title: string;
  backTo: string;
  testId: string;
  requireUnpaid?: boolean;
  children: (unpaid: TableFeedItem[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const { labelKey } = useServicePaths();
  let content: ReactNode;
  if (scope.loading && !scope.unpaid) content = <DelayedSkeleton rows={4} />;
  else if (requireUnpaid && (scope.failed || !scope.unpaid?.length))
    content = (
      <p className={styles.notice} data-testid="nothing-unpaid">
        {t("waiterPay.nothingUnpaid")}
      </p>
    );
  else content = children(scope.unpaid ?? []);
  return (
    <div className={styles.screen} data-testid={testId}>
      <div className={styles.titleRow}>
        <Link to={backTo} className={styles.back} aria-label={t("common.back")} data-testid="payment-back">
          ←
        </Link>
        <h2 className={styles.title}>{title}</h2>
        {scope.label && <span className={styles.titleMeta}>{t(labelKey, { name: scope.label })}</span>}
      </div>
      {content}
    </div>
  );
}
