import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { DelayedSkeleton } from "../../components/delayed-skeleton.tsx";
import { toast } from "../../components/toasts.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { collectionsSentFor } from "./api.ts";
import type { PaymentScope } from "./payment-flow.ts";
import { useServicePaths } from "./service-paths.tsx";
import styles from "./waiter-payment.module.css";

/**
 * Pieces that were there to pay and are gone, while this phone sent no collection of the table
 * since the screen opened (at once or kept offline), were paid elsewhere (another waiter, the till, the guest online): the waiter goes back to the table
 * and is told why, instead of being left on an empty payment screen (issue 31).
 */
function useReturnWhenPaidElsewhere(scope: PaymentScope, watching: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sentBefore = useRef(collectionsSentFor(scope.tableId));
  const hadUnpaid = useRef(false);
  const left = scope.unpaid != null && scope.unpaid.length === 0;
  useEffect(() => {
    if (!watching) return;
    if (!left) {
      if (scope.unpaid?.length) hadUnpaid.current = true;
      return;
    }
    if (!hadUnpaid.current || collectionsSentFor(scope.tableId) !== sentBefore.current) return;
    hadUnpaid.current = false;
    toast.info(t("waiterPay.paidElsewhere"), { arrival: true });
    void navigate(scope.returnTo, { replace: true });
  }, [watching, left, scope.unpaid, scope.tableId, scope.returnTo, navigate, t]);
}

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
  useReturnWhenPaidElsewhere(scope, requireUnpaid);
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
