import type { HeldPayment, TableFeedItem } from "@tableorder/domain/contracts/table";
import { heldPiecesOf } from "@tableorder/domain/held-pieces";
import { Button } from "../../components/button.tsx";
import { toast } from "../../components/toasts.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useReleasePaymentHold } from "./api.ts";
import styles from "./waiter-payment.module.css";

/**
 * The table's pieces a payment in progress holds, and by what (issue 28 A5): an online card
 * payment from a guest's phone, or a sale at a card terminal. Nobody can collect them meanwhile;
 * an online one can be released here once the provider confirms nothing was charged. A terminal's
 * sale is listed by PendingTerminalSales instead, which can cancel it at the terminal.
 */
export function HeldPayments({ heldPayments, items }: { heldPayments: readonly HeldPayment[]; items: readonly TableFeedItem[] }) {
  const { t } = useTranslation();
  const release = useReleasePaymentHold();
  const online = heldPayments.filter((payment) => payment.heldBy === "ONLINE");
  if (online.length === 0) return null;
  return (
    <ul className={styles.heldList} data-testid="held-payments">
      {online.map((payment) => {
        const pieces = items
          .filter((item) => item.paymentStatus === "UNPAID")
          .map((item) => ({ name: item.name, count: heldPiecesOf(item, [payment]).count }))
          .filter((line) => line.count > 0);
        return (
          <li key={payment.paymentId} className={styles.notice} data-testid="held-payment" data-held-by={payment.heldBy}>
            <span>{t(`waiterPay.held.${payment.heldBy}`)}</span>
            <span className={styles.heldPieces}>{pieces.map((line) => `${line.count}× ${line.name}`).join(", ")}</span>
            {payment.heldBy === "ONLINE" && (
              <>
                <span className={styles.hint}>{t("waiterPay.held.releaseHint")}</span>
                <Button
                  variant="secondary"
                  loading={release.isPending && release.variables === payment.paymentId}
                  onClick={() =>
                    release.mutate(payment.paymentId, { onSuccess: () => toast.success(t("waiterPay.held.released")) })
                  }
                  data-testid="release-held-payment"
                >
                  {t("waiterPay.held.release")}
                </Button>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
