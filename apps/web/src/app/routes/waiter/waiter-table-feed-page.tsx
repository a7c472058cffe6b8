import { CANCEL_REASON_LABELS, CANCEL_REASONS, type CancelReason, needsCancelReason } from "@tableorder/domain/cancel-reason";
import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { Dialog } from "../../../components/dialog.tsx";
import { Price, useFormatEuros } from "../../../components/price.tsx";
import { toast } from "../../../components/toasts.tsx";
import { WaitingActions } from "../../../components/waiting-actions.tsx";
import { useRemoveTableProducts } from "../../../features/waiter-payment/api.ts";
import { HeldPayments } from "../../../features/waiter-payment/held-payments.tsx";
import { PendingTerminalSales } from "../../../features/waiter-payment/pending-terminal-sales.tsx";
import { useServicePaths } from "../../../features/waiter-payment/service-paths.tsx";
import { useLongPress } from "../../../features/waiter-payment/use-long-press.ts";
import payStyles from "../../../features/waiter-payment/waiter-payment.module.css";
import { useStaffTableFeed } from "../../../features/waiter-tasks/api/waiter-api.ts";
import { TaskItems } from "../../../features/waiter-tasks/components/task-items.tsx";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { staffActionTableId } from "../../../lib/staff-action-names.ts";
import styles from "./waiter.module.css";

/**
 * The table's collect button (spec 2 §5): disabled while nothing is unpaid or the feed loads. A tap
 * opens choose-payment-type; holding it 500 ms is the secondary action, a full payment in cash
 * straight to its confirmation (the amounts can still be changed there before collecting).
 */
function CollectButton({ feedPath, total, disabled }: { feedPath: string; total: number; disabled: boolean }) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const navigate = useNavigate();
  const press = useLongPress(
    () => void navigate(`${feedPath}/choose-payment-type`),
    () => void navigate(`${feedPath}/full-payment/cash-payment/finalize-payment`),
    disabled,
  );
  return (
    <Button
      size="lg"
      block
      disabled={disabled}
      className={payStyles.collect}
      title={t("waiterPay.collectHint")}
      data-testid="collect-table"
      {...press}
    >
      {t("waiterPay.collectAmount", { price: format(total) })}
    </Button>
  );
}

/**
 * {id}/{label}/feed: the table's items with status and payment status, cancelling, collecting; the
 * root of the cash desk's service modal too (its paths come from the mount, service-paths.tsx).
 */
export default function WaiterTableFeedPage() {
  const { t } = useTranslation();
  const paths = useServicePaths();
  const params = useParams();
  const tableId = Number(params.id);
  const feed = useStaffTableFeed(tableId);
  const remove = useRemoveTableProducts(tableId);
  const [removing, setRemoving] = useState<TableFeedItem | null>(null);
  const [reason, setReason] = useState<CancelReason | null>(null);
  const { site: lang } = useLanguage();
  const data = feed.data;
  const label = data?.label ?? params.label ?? "";
  const feedPath = paths.feedPath(tableId, label);
  const navigate = useNavigate();
  // While a card sale waits at a terminal the table collects nothing else (explained above the bar).
  const collectDisabled = !data || feed.isFetching || data.totalUnpaidPrice === 0 || data.terminalSales.length > 0;

  const closeRemove = () => {
    setRemoving(null);
    setReason(null);
  };
  // A feed line's pieces share one status, so the piece taken back needs a reason as its line does.
  const reasonNeeded = removing != null && needsCancelReason(removing);
  const onRemove = () => {
    const item = removing;
    const unit = item?.orderProductIds[item.orderProductIds.length - 1];
    if (!item || unit === undefined || remove.isPending || (reasonNeeded && !reason)) return;
    remove.mutate(
      { orderProductIds: [unit], ...(reason && { reason }) },
      {
        onSuccess: () => toast.success(t("waiterPay.removed")),
        onSettled: closeRemove,
      },
    );
  };

  return (
    <div className={`${styles.feed} ${payStyles.screen}`} data-testid="waiter-table-feed">
      <section className={styles.panel}>
        <h2 className={styles.panelTitle}>{t(paths.labelKey, { name: label })}</h2>
        <WaitingActions about={(action) => staffActionTableId(action) === tableId} />
        {feed.isPending && <DelayedSkeleton rows={4} />}
        {data && data.tableFeed.length === 0 && <p className={styles.empty}>{t("waiter.nothingOrdered")}</p>}
        {data && data.tableFeed.length > 0 && (
          <TaskItems
            items={data.tableFeed}
            badges
            heldPayments={data.heldPayments}
            onRemove={setRemoving}
            removeDisabled={remove.isPending}
            removeLabel={(item) => t("waiterPay.removeOne", { name: item.name })}
          />
        )}
        {data && <HeldPayments heldPayments={data.heldPayments} items={data.tableFeed} />}
        {data && (
          <p className={styles.panelSum} data-testid="table-unpaid">
            {t("waiter.unpaid")} ({data.totalUnpaidCount}) <Price cents={data.totalUnpaidPrice} />
          </p>
        )}
      </section>
      {data && <PendingTerminalSales sales={data.terminalSales} />}
      <Link to={paths.tablePath(tableId, label, "menu-categories")} className={styles.linkButton} data-testid="order-for-table">
        {t("waiterOrder.newOrder")}
      </Link>
      <div className={payStyles.actionBar} data-testid="action-bar">
        {paths.quickCashSettle && (
          <Button
            size="lg"
            block
            variant="secondary"
            disabled={collectDisabled}
            onClick={() => void navigate(`${feedPath}/full-payment/cash-payment/finalize-payment`)}
            data-testid="settle-in-cash"
          >
            {t("waiterPay.type.full")} · {t("waiterPay.method.cash")}
          </Button>
        )}
        <CollectButton feedPath={feedPath} total={data?.totalUnpaidPrice ?? 0} disabled={collectDisabled} />
      </div>
      {removing && (
        <Dialog title={t("waiterPay.removeTitle")} onClose={closeRemove} testId="remove-item-dialog">
          <p className={payStyles.confirmText}>{t("waiterPay.removeQuestion")}</p>
          <p className={`${payStyles.hint} ${payStyles.dialogHint}`}>{t("waiterPay.removeOne", { name: removing.name })}</p>
          {reasonNeeded && (
            <fieldset className={payStyles.reasons} data-testid="cancel-reasons">
              <legend>
                <strong className={payStyles.already} data-testid="cancel-already">
                  {t(`waiterPay.removeAlready.${removing.status}`)}
                </strong>{" "}
                {t("waiterPay.removeReason")}
              </legend>
              {CANCEL_REASONS.map((choice) => (
                <Button
                  key={choice}
                  size="lg"
                  block
                  variant={reason === choice ? "primary" : "secondary"}
                  aria-pressed={reason === choice}
                  onClick={() => setReason(choice)}
                  data-testid={`cancel-reason-${choice}`}
                >
                  {CANCEL_REASON_LABELS[choice][lang]}
                </Button>
              ))}
            </fieldset>
          )}
          <div className={payStyles.confirmActions}>
            <Button variant="secondary" onClick={closeRemove} data-testid="remove-item-cancel">
              {t("common.cancel")}
            </Button>
            <Button
              variant="danger"
              onClick={onRemove}
              disabled={reasonNeeded && !reason}
              loading={remove.isPending}
              data-testid="remove-item-confirm"
            >
              {t("waiterPay.remove")}
            </Button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
