import type { PendingTerminalSale } from "@tableorder/domain/contracts/waiter";
import { Button } from "../../components/button.tsx";
import { useFormatEuros } from "../../components/price.tsx";
import { toast } from "../../components/toasts.tsx";
import { useLanguage, useTranslation } from "../../lib/i18n.ts";
import { useCancelTerminalSale } from "./api.ts";
import styles from "./waiter-payment.module.css";

/**
 * The table's card sales waiting at a terminal (its staff feed's terminalSales): amount, terminal
 * and since when, why collecting waits, and "Ακύρωση συναλλαγής", which aborts the sale at the
 * terminal so the pieces can be collected otherwise at once.
 */
export function PendingTerminalSales({ sales }: { sales: readonly PendingTerminalSale[] }) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  const format = useFormatEuros();
  const cancel = useCancelTerminalSale();
  if (sales.length === 0) return null;
  const onCancel = (paymentId: number) =>
    cancel.mutate(paymentId, {
      // PENDING: the terminal has not confirmed the abort yet; the sale stays shown until it ends.
      onSuccess: (result) => {
        if (result.status === "SUCCESS") toast.success(t("waiterPay.posSuccess"));
        if (result.status === "FAILED") toast.info(t("waiterPay.terminalSaleCancelled"));
      },
    });
  return (
    <section className={`${styles.panel} ${styles.notice}`} aria-live="polite" data-testid="terminal-sales">
      {sales.map((sale) => (
        <div key={sale.paymentId} className={styles.terminalSale} data-testid="terminal-sale">
          <p className={styles.terminalSaleText}>
            <strong>{t("waiterPay.terminalSale")}</strong>
            <span data-testid="terminal-sale-details">
              {t("waiterPay.terminalSaleDetails", {
                amount: format(sale.amount),
                terminal: sale.terminalName,
                time: new Date(sale.startedAt).toLocaleTimeString(locale, {
                  hour: "2-digit",
                  minute: "2-digit",
                  hour12: false,
                  timeZone: "Europe/Athens",
                }),
              })}
            </span>
          </p>
          <Button
            variant="danger"
            onClick={() => onCancel(sale.paymentId)}
            loading={cancel.isPending && cancel.variables === sale.paymentId}
            data-testid="cancel-terminal-sale"
          >
            {t("waiterPay.cancelTerminalSale")}
          </Button>
        </div>
      ))}
      <p className={styles.hint}>{t("waiterPay.terminalSaleBlocks")}</p>
    </section>
  );
}
