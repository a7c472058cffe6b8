import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "../../../../components/toasts.tsx";
import { readTerminalPaymentStatus } from "../../../../features/waiter-payment/api.ts";
import { usePaymentScope } from "../../../../features/waiter-payment/payment-flow.ts";
import styles from "../../../../features/waiter-payment/waiter-payment.module.css";
import { useTranslation } from "../../../../lib/i18n.ts";
import { useRealtime } from "../../../../lib/realtime.ts";

/**
 * The body of /topic/payment-update/{tableId}: the card terminal's answer. A message about another
 * sale on the same table (another waiter's) is not this screen's.
 */
function paymentStatus(body: unknown, paymentId: number | null): "SUCCESS" | "FAILED" | null {
  const message = body as { status?: unknown; paymentId?: unknown } | null;
  if (paymentId !== null && typeof message?.paymentId === "number" && message.paymentId !== paymentId) return null;
  const status = message?.status;
  return status === "SUCCESS" || status === "FAILED" ? status : null;
}

/**
 * pending-pos-payment (spec 2 §4.5): the card payment waits on the terminal. The terminal's
 * answer arrives on /topic/payment-update/{tableId}; either way the waiter returns to the table
 * feed, with 'Επιτυχής είσπραξη και έκδοση απόδειξης!' or 'Αποτυχία πληρωμής POS!'.
 */
export default function PendingPosPaymentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const scope = usePaymentScope();
  const tableId = Number(search.get("tableId")) || scope.tableId;
  const paymentId = Number(search.get("paymentId")) || null;
  const done = useRef(false);
  const finish = (status: "SUCCESS" | "FAILED") => {
    if (done.current) return;
    done.current = true;
    if (status === "SUCCESS") toast.success(t("waiterPay.posSuccess"));
    else toast.error(t("waiterPay.posFailed"));
    void queryClient.invalidateQueries({ queryKey: ["staff-table-feed"] });
    void navigate(scope.returnTo, { replace: true });
  };
  useRealtime(
    tableId > 0 ? `/topic/payment-update/${tableId}` : null,
    (body) => {
      const status = paymentStatus(body, paymentId);
      if (status) finish(status);
    },
    // After every (re)connection: the result may have been pushed while the screen was away.
    () => {
      if (paymentId === null) return;
      void readTerminalPaymentStatus(paymentId).then((status) => {
        if (status === "SUCCESS" || status === "FAILED") finish(status);
      });
    },
  );
  return (
    <div className={styles.screen} data-testid="pending-pos-payment">
      <section className={`${styles.panel} ${styles.pending}`} aria-live="polite">
        <span className={styles.spinner} aria-hidden="true" />
        <h2 className={styles.title}>{t("waiterPay.pendingTitle")}</h2>
        <p className={styles.hint}>{t("waiterPay.pendingText", { terminal: search.get("terminalLabel") ?? "" })}</p>
        {scope.label && <p className={styles.row}>{t("waiter.table", { name: scope.label })}</p>}
      </section>
      <Link to={scope.returnTo} className={styles.choice} data-testid="pending-leave">
        <span className={styles.choiceText}>
          <strong>{t("waiterPay.pendingLeave")}</strong>
        </span>
      </Link>
    </div>
  );
}
