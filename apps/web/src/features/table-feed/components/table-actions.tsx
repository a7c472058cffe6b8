import type { Cents } from "@tableorder/domain/money";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { BUTTON_SPINNER_DELAY_MS } from "../../../components/button.tsx";
import { BellIcon, CardIcon, MenuBookIcon } from "../../../components/icons.tsx";
import { Price } from "../../../components/price.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./table-feed.module.css";

export interface TableActionsProps {
  menuTo: string;
  payTo: string;
  basketCount: number;
  totalUnpaid: Cents;
  callWaiterRequestId: number | null;
  /** A payment request blocks new orders and payments (spec 1 §2). */
  activePaymentRequestId: number | null;
  onCallWaiter: () => void;
  onCancelRequest: (requestId: number) => void;
  /** A call or a cancel on its way: the button stays put and shows a spinner after 200 ms. */
  requestBusy: boolean;
}

function useDelayedSpinner(busy: boolean): boolean {
  const [spinner, setSpinner] = useState(false);
  useEffect(() => {
    if (!busy) {
      setSpinner(false);
      return;
    }
    const timer = setTimeout(() => setSpinner(true), BUTTON_SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return spinner;
}

/**
 * The table's footer: call waiter (cancel while a call or a payment request is open), menu (with
 * the basket count) and payment (with the unpaid total).
 */
export function TableActions({
  menuTo,
  payTo,
  basketCount,
  totalUnpaid,
  callWaiterRequestId,
  activePaymentRequestId,
  onCallWaiter,
  onCancelRequest,
  requestBusy,
}: TableActionsProps) {
  const { t } = useTranslation();
  const spinner = useDelayedSpinner(requestBusy);
  const paymentRequested = activePaymentRequestId !== null;
  // An open call is withdrawn first; then the payment request.
  const activeRequest = callWaiterRequestId ?? activePaymentRequestId;
  const canPay = totalUnpaid > 0 && !paymentRequested;
  return (
    <nav className={styles.actions} aria-label={t("customer.actions")}>
      {activeRequest === null ? (
        <button
          type="button"
          className={styles.action}
          onClick={onCallWaiter}
          disabled={requestBusy}
          aria-busy={requestBusy || undefined}
          data-testid="call-waiter"
        >
          {spinner ? <span className={styles.actionSpinner} aria-hidden="true" /> : <BellIcon />}
          <span>{t("customer.callWaiter")}</span>
        </button>
      ) : (
        <button
          type="button"
          className={`${styles.action} ${styles.actionCancel}`}
          onClick={() => onCancelRequest(activeRequest)}
          disabled={requestBusy}
          aria-busy={requestBusy || undefined}
          data-testid="cancel-request"
          data-request={callWaiterRequestId !== null ? "call" : "payment"}
        >
          {spinner ? <span className={styles.actionSpinner} aria-hidden="true" /> : <BellIcon />}
          <span>{t(callWaiterRequestId !== null ? "customer.cancelCall" : "customer.cancelPayment")}</span>
        </button>
      )}
      {paymentRequested ? (
        <button type="button" className={`${styles.action} ${styles.actionPrimary}`} disabled data-testid="open-menu">
          <MenuBookIcon />
          <span>{t("customer.menu")}</span>
        </button>
      ) : (
        <Link to={menuTo} className={`${styles.action} ${styles.actionPrimary}`} data-testid="open-menu">
          <MenuBookIcon />
          <span>{t("customer.menu")}</span>
          {basketCount > 0 && (
            <span className={styles.count} data-testid="basket-count">
              {basketCount}
            </span>
          )}
        </Link>
      )}
      {canPay ? (
        <Link to={payTo} className={styles.action} data-testid="pay">
          <CardIcon />
          <span>{t("customer.pay")}</span>
          <Price cents={totalUnpaid} className={styles.actionAmount} />
        </Link>
      ) : (
        <button type="button" className={styles.action} disabled data-testid="pay">
          <CardIcon />
          <span>{t("customer.pay")}</span>
          <Price cents={totalUnpaid} className={styles.actionAmount} />
        </button>
      )}
    </nav>
  );
}

/** What the table is waiting for: a waiter on their way, or a waiter coming to collect payment. */
export function RequestNotice({ kind }: { kind: "call" | "payment" }) {
  const { t } = useTranslation();
  return (
    <section
      className={`${styles.notice} ${kind === "payment" ? styles.noticePayment : ""}`}
      role="status"
      data-testid={kind === "payment" ? "waiting-for-waiter" : "waiter-called"}
    >
      <span className={styles.noticeIcon} aria-hidden="true">
        <BellIcon size={22} />
      </span>
      <div>
        <strong>{t(kind === "payment" ? "customer.waitingForWaiter" : "customer.waiterNotified")}</strong>
        <p>{t(kind === "payment" ? "customer.waitingForWaiterText" : "customer.waiterCalledText")}</p>
      </div>
    </section>
  );
}
