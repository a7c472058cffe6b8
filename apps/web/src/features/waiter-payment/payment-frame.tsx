import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { DelayedSkeleton } from "../../components/delayed-skeleton.tsx";
import { toast } from "../../components/toasts.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useCollectionUnderWay } from "./api.ts";
import type { PaymentScope } from "./payment-flow.ts";
import { useServicePaths } from "./service-paths.tsx";
import styles from "./waiter-payment.module.css";

/** What the frame knows of this phone's own collection of the table, for the screen inside it. */
export interface OwnCollection {
  /** A collection of the table waits in the outbox: marked, not offered again. */
  kept: boolean;
}

/**
 * The one guard of the payment screens for the phone's own collection (issue 31), read from
 * useCollectionUnderWay (sent and unanswered, or kept in the outbox):
 * - pieces that were there to pay and are gone while no collection of the table from this phone was
 *   under way since the screen opened were paid elsewhere (another waiter, the till, the guest
 *   online): the waiter goes back to the table and is told why, instead of an empty payment screen;
 * - a kept collection that stops waiting was settled by the outbox (its toast says sent or why
 *   refused): the waiter goes back to where the payment started.
 */
function useOwnCollection(scope: PaymentScope, watching: boolean): OwnCollection {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { underWay, kept } = useCollectionUnderWay(scope.tableId);
  const ownSinceOpened = useRef(false);
  const keptHere = useRef(false);
  const hadUnpaid = useRef(false);
  const left = scope.unpaid != null && scope.unpaid.length === 0;
  if (underWay) ownSinceOpened.current = true;
  useEffect(() => {
    if (kept) keptHere.current = true;
    else if (keptHere.current) {
      keptHere.current = false;
      void navigate(scope.returnTo, { replace: true });
    }
  }, [kept, navigate, scope.returnTo]);
  useEffect(() => {
    if (!watching) return;
    if (!left) {
      if (scope.unpaid?.length) hadUnpaid.current = true;
      return;
    }
    if (!hadUnpaid.current || ownSinceOpened.current) return;
    hadUnpaid.current = false;
    toast.info(t("waiterPay.paidElsewhere"), { arrival: true });
    void navigate(scope.returnTo, { replace: true });
  }, [watching, left, scope.unpaid, scope.returnTo, navigate, t]);
  return { kept };
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
  children: (unpaid: TableFeedItem[], own: OwnCollection) => ReactNode;
}) {
  const { t } = useTranslation();
  const { labelKey } = useServicePaths();
  const own = useOwnCollection(scope, requireUnpaid);
  let content: ReactNode;
  if (scope.loading && !scope.unpaid) content = <DelayedSkeleton rows={4} />;
  else if (requireUnpaid && (scope.failed || !scope.unpaid?.length))
    content = (
      <p className={styles.notice} data-testid="nothing-unpaid">
        {t("waiterPay.nothingUnpaid")}
      </p>
    );
  else content = children(scope.unpaid ?? [], own);
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
