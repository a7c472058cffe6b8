import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { Price, useFormatEuros } from "../../../components/price.tsx";
import { PAYMENT_METHOD_ROUTES, PAYMENT_TYPE_ROUTES } from "../../../features/waiter-payment/payment-flow.ts";
import { useWaiterRequest } from "../../../features/waiter-tasks/api/waiter-api.ts";
import { isPaymentTask } from "../../../features/waiter-tasks/apply-waiter-message.ts";
import { TaskCard } from "../../../features/waiter-tasks/components/task-card.tsx";
import { TaskItems } from "../../../features/waiter-tasks/components/task-items.tsx";
import { useTaskRunner } from "../../../features/waiter-tasks/use-task-runner.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { useNow } from "../../../lib/use-now.ts";
import styles from "./waiter.module.css";
import { WAITER_BASE_PATH } from "./waiter-context.ts";

/** request/{requestId}: one task with its items (spec 2 §2.4); it leaves once nothing is left. */
export default function WaiterTaskPage() {
  const { t } = useTranslation();
  const format = useFormatEuros();
  const navigate = useNavigate();
  const requestId = Number(useParams().requestId);
  const request = useWaiterRequest(requestId);
  const runner = useTaskRunner();
  const now = useNow();
  const task = request.data;
  const goBack = request.isError || (task !== undefined && task.type !== "WAITER_CALL" && task.items.length === 0);

  useEffect(() => {
    // Spec 2 §4.8: a failed load goes back; so does a task whose items are all handled.
    if (goBack) void navigate(WAITER_BASE_PATH, { replace: true });
  }, [goBack, navigate]);

  if (!task) return <DelayedSkeleton rows={4} />;
  const tablePath = `${WAITER_BASE_PATH}/${task.placementId}/${encodeURIComponent(task.placement)}/feed`;
  const requestPath = `${WAITER_BASE_PATH}/request/${task.requestId}`;
  const query = `?tableId=${task.placementId}&returnTo=${encodeURIComponent(tablePath)}`;
  const askedMethod = task.type.endsWith("_WITH_POS") ? "card" : "cash";
  return (
    <div className={styles.feed} data-testid="waiter-task-page">
      {isPaymentTask(task.type) ? (
        <section className={styles.panel} data-testid="payment-task">
          <h2 className={styles.panelTitle}>{t(`waiter.type.${task.type}`)}</h2>
          <p className={styles.panelMeta}>{t("waiter.table", { name: task.placement })}</p>
          <TaskItems items={task.items} />
          <p className={styles.panelSum}>
            {t("waiter.sum")} <Price cents={task.sum} />
          </p>
          {/* What the guest asked for, straight to its collect screen: three taps from the feed. */}
          <Link
            to={`${requestPath}/${PAYMENT_TYPE_ROUTES.full}/${PAYMENT_METHOD_ROUTES[askedMethod]}/finalize-payment${query}`}
            className={`${styles.linkButton} ${styles.primaryLink}`}
            data-testid={`collect-request-${askedMethod}`}
          >
            {t("waiterPay.collectIn", { price: format(task.sum), method: t(`waiterPay.method.${askedMethod}`) })}
          </Link>
          <Link to={`${requestPath}/choose-payment-type${query}`} className={styles.linkButton} data-testid="collect-request">
            {t("waiterPay.collectOther")}
          </Link>
          <Link
            to={`${WAITER_BASE_PATH}/request/${task.requestId}/choose-payment-type?tableId=${task.placementId}&shouldReturnAllFeedItems=true&returnTo=${encodeURIComponent(tablePath)}`}
            className={styles.linkButton}
            data-testid="collect-request-all"
          >
            {t("waiterPay.collectAll")}
          </Link>
        </section>
      ) : (
        <TaskCard
          task={task}
          now={now}
          busy={runner.busyId === task.id}
          disabled={false}
          taskPath={`${WAITER_BASE_PATH}/request/${task.requestId}`}
          onAction={(item, action) => runner.run(item, action, () => void navigate(WAITER_BASE_PATH, { replace: true }))}
        />
      )}
      <Link to={tablePath} className={styles.linkButton} data-testid="open-table-feed">
        {t("waiter.tableFeed")} · {t("waiter.table", { name: task.placement })}
      </Link>
    </div>
  );
}
