import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "../../../../components/button.tsx";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { Dialog } from "../../../../components/dialog.tsx";
import { useFormatEuros } from "../../../../components/price.tsx";
import { toast } from "../../../../components/toasts.tsx";
import { useTransferTable } from "../../../../features/waiter-payment/api.ts";
import { flowQuery, usePaymentScope } from "../../../../features/waiter-payment/payment-flow.ts";
import { PaymentFrame } from "../../../../features/waiter-payment/payment-frame.tsx";
import { useServicePaths } from "../../../../features/waiter-payment/service-paths.tsx";
import styles from "../../../../features/waiter-payment/waiter-payment.module.css";
import { useTableAssignments } from "../../../../features/waiter-tasks/api/waiter-api.ts";
import { ApiError } from "../../../../lib/api-client.ts";
import { useTranslation } from "../../../../lib/i18n.ts";

/**
 * table-transfer (spec 2 §4.5, §5): the venue's other tables; confirm is disabled until one is
 * chosen, a popup asks once more, and the waiter lands on the target's feed.
 */
export default function TableTransferPage() {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const scope = usePaymentScope();
  const paths = useServicePaths();
  const tables = useTableAssignments();
  const transfer = useTransferTable();
  const [targetId, setTargetId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const targets = (tables.data ?? []).filter((table) => table.tableId !== scope.tableId);
  const target = targets.find((table) => table.tableId === targetId) ?? null;

  const onTransfer = () => {
    if (!target || transfer.isPending) return;
    transfer.mutate(
      { tableId: scope.tableId, targetTableId: target.tableId },
      {
        onSuccess: () => {
          toast.success(t("waiterPay.success.TABLE_TRANSFER"), { arrival: true });
          void navigate(paths.feedPath(target.tableId, target.label), { replace: true });
        },
        onError: (error) => {
          setConfirming(false);
          const reason = error instanceof ApiError && error.key ? error.messages[0] : null;
          toast.error(reason ? `${t("waiterPay.transferFailed")}: ${reason}` : t("waiterPay.transferFailed"));
        },
      },
    );
  };

  return (
    <PaymentFrame
      scope={scope}
      title={t("waiterPay.transferTitle")}
      backTo={`${scope.basePath}/choose-payment-type${flowQuery(search)}`}
      testId="table-transfer"
      requireUnpaid={false}
    >
      {() => (
        <>
          <p className={styles.hint}>{t("waiterPay.transferHint", { name: scope.label })}</p>
          {tables.isPending && <DelayedSkeleton rows={10} />}
          {tables.isSuccess && targets.length === 0 && <p className={styles.notice}>{t("waiterPay.noTargets")}</p>}
          <fieldset className={styles.choices}>
            <legend className={styles.hint}>{t("waiterPay.transferTitle")}</legend>
            {targets.map((table) => (
              <label key={table.tableId} className={styles.choice} data-testid="transfer-target" data-label={table.label}>
                <input
                  type="radio"
                  name="target"
                  className={styles.choiceInput}
                  checked={targetId === table.tableId}
                  onChange={() => setTargetId(table.tableId)}
                />
                <span className={styles.choiceText}>
                  <strong>{t("waiter.table", { name: table.label })}</strong>
                  <small>{format(table.amount)}</small>
                </span>
              </label>
            ))}
          </fieldset>
          <div className={styles.actionBar}>
            <Button size="lg" block disabled={!target} onClick={() => setConfirming(true)} data-testid="transfer-confirm">
              {t("waiterPay.transferConfirm")}
            </Button>
          </div>
          {confirming && target && (
            <Dialog title={t("waiterPay.transferTitle")} onClose={() => setConfirming(false)} testId="transfer-dialog">
              <p className={styles.confirmText}>{t("waiterPay.transferQuestion", { from: scope.label, to: target.label })}</p>
              <div className={styles.confirmActions}>
                <Button variant="secondary" onClick={() => setConfirming(false)} data-testid="transfer-cancel">
                  {t("common.cancel")}
                </Button>
                <Button onClick={onTransfer} loading={transfer.isPending} data-testid="transfer-go">
                  {t("waiterPay.transferConfirm")}
                </Button>
              </div>
            </Dialog>
          )}
        </>
      )}
    </PaymentFrame>
  );
}
