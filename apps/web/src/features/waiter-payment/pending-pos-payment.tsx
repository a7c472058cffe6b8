import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../components/button.tsx";
import { useFormatEuros } from "../../components/price.tsx";
import { toast } from "../../components/toasts.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useRealtime } from "../../lib/realtime.ts";
import { readTerminalPaymentStatus, useCancelTerminalSale } from "./api.ts";
import styles from "./waiter-payment.module.css";

/**
 * Where the terminal's answer is pushed: a table's sale on /topic/payment-update/{tableId} (every
 * staff screen of the table hears it), a cash-register sale without a table to the cashier alone.
 */
export function paymentUpdateDestination(tableId: number | null): string {
  return tableId !== null && tableId > 0 ? `/topic/payment-update/${tableId}` : "/user/queue/admin/payment-update";
}

/**
 * The body of a payment update: the card terminal's answer. A message about another sale on the
 * same table (another waiter's) is not this screen's.
 */
export function paymentStatus(body: unknown, paymentId: number | null): "SUCCESS" | "FAILED" | null {
  const message = body as { status?: unknown; paymentId?: unknown } | null;
  if (paymentId !== null && typeof message?.paymentId === "number" && message.paymentId !== paymentId) return null;
  const status = message?.status;
  return status === "SUCCESS" || status === "FAILED" ? status : null;
}

/**
 * The card payment waits on the terminal (spec 2 §4.5, spec 3 §4), for a table's collection and
 * for a cash-register sale alike; "Ακύρωση συναλλαγής" aborts it there (beyond the spec). Either answer returns to `returnTo` with 'Επιτυχής είσπραξη και
 * έκδοση απόδειξης!' or 'Αποτυχία πληρωμής POS!'; after every (re)connection the sale's status is
 * read, since the answer may have been pushed while the screen was away.
 */
export function PendingPosPayment({
  tableId,
  paymentId,
  terminalLabel,
  charge = null,
  placeLabel,
  returnTo,
  failedTo = returnTo,
  leaveLabel,
  onFinished,
}: {
  tableId: number | null;
  paymentId: number | null;
  terminalLabel: string;
  /** What the terminal takes, in cents: the card part plus a card tip; null when not known. */
  charge?: number | null;
  /** "Τραπέζι 3", or null when the sale has no table. */
  placeLabel: string | null;
  returnTo: string;
  /** Where a declined, aborted or timed-out sale goes, when elsewhere than returnTo. */
  failedTo?: string;
  leaveLabel: string;
  onFinished?: (status: "SUCCESS" | "FAILED") => void;
}) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const done = useRef(false);
  const cancel = useCancelTerminalSale();
  const finish = (status: "SUCCESS" | "FAILED") => {
    if (done.current) return;
    done.current = true;
    if (status === "SUCCESS") toast.success(t("waiterPay.posSuccess"), { arrival: true });
    else toast.error(t("waiterPay.posFailed"), { arrival: true });
    void queryClient.invalidateQueries({ queryKey: ["staff-table-feed"] });
    onFinished?.(status);
    void navigate(status === "SUCCESS" ? returnTo : failedTo, { replace: true });
  };
  useRealtime(
    paymentUpdateDestination(tableId),
    (body) => {
      const status = paymentStatus(body, paymentId);
      if (status) finish(status);
    },
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
        <p className={styles.hint}>{t("waiterPay.pendingText", { terminal: terminalLabel })}</p>
        {charge !== null && (
          <p className={styles.row} data-testid="pending-charge">
            {t("waiterPay.pendingCharge", { amount: format(charge) })}
          </p>
        )}
        {placeLabel && <p className={styles.row}>{placeLabel}</p>}
      </section>
      {paymentId !== null && (
        // Aborted at the terminal; its answer (FAILED, or SUCCESS if the card paid just before) ends this screen.
        <Button
          variant="danger"
          block
          onClick={() =>
            cancel.mutate(paymentId, {
              onSuccess: (result) => {
                if (result.status !== "PENDING") finish(result.status);
              },
            })
          }
          loading={cancel.isPending}
          data-testid="pending-cancel"
        >
          {t("waiterPay.cancelTerminalSale")}
        </Button>
      )}
      <Link to={returnTo} className={styles.choice} data-testid="pending-leave">
        <span className={styles.choiceText}>
          <strong>{leaveLabel}</strong>
        </span>
      </Link>
    </div>
  );
}
