import { useEffect } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { useNewOrderCards } from "../../../features/waiter-tasks/api/waiter-api.ts";
import { NewOrderCard } from "../../../features/waiter-tasks/components/new-order-card.tsx";
import { TaskCard } from "../../../features/waiter-tasks/components/task-card.tsx";
import { clearTaskToReveal, useTaskToReveal } from "../../../features/waiter-tasks/new-task-alert.ts";
import { useTaskRunner } from "../../../features/waiter-tasks/use-task-runner.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { useNow } from "../../../lib/use-now.ts";
import styles from "./waiter.module.css";
import { useWaiterContext, WAITER_BASE_PATH } from "./waiter-context.ts";

/**
 * The service feed (spec 2 §2.4): one card per task, urgent first (sortTasks), one update at a
 * time; below the tasks, the orders still being prepared as information
 * (docs/decisions/041-new-order-cards.md).
 */
export default function WaiterFeedPage() {
  const { t } = useTranslation();
  const { feed } = useWaiterContext();
  const now = useNow();
  const runner = useTaskRunner();
  const tasks = feed.data;
  const newOrders = useNewOrderCards().data;
  const revealId = useTaskToReveal();
  // A guest's new call or payment request never waits below the fold: its card scrolls into view.
  useEffect(() => {
    // The push reaches the feed's list a moment after the alert: wait for the card to be there.
    if (revealId === null || !tasks?.some((task) => task.id === revealId)) return;
    const card = document.querySelector(`[data-testid="waiter-task"][data-task-id="${revealId}"]`);
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    card?.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
    clearTaskToReveal();
  }, [revealId, tasks]);
  return (
    <div className={styles.feed} data-testid="waiter-feed">
      <nav className={styles.quickLinks} aria-label={t("waiterOrder.order")}>
        <Link
          to={`${WAITER_BASE_PATH}/select-table/order`}
          className={`${styles.linkButton} ${styles.primaryLink}`}
          data-testid="new-order"
        >
          {t("waiterOrder.newOrder")}
        </Link>
        <Link to={`${WAITER_BASE_PATH}/select-table`} className={styles.linkButton} data-testid="open-tables">
          {t("waiter.tabTables")}
        </Link>
      </nav>
      {feed.isPending && <DelayedSkeleton rows={4} rowHeight={160} />}
      {feed.isError && !tasks && (
        <div className={styles.problem} role="alert">
          <p>{errorMessage(feed.error)}</p>
          <Button variant="secondary" size="lg" onClick={() => void feed.refetch()}>
            {t("common.retry")}
          </Button>
        </div>
      )}
      {tasks?.length === 0 && (
        <p className={styles.empty} data-testid="waiter-feed-empty">
          {t("waiter.empty")}
        </p>
      )}
      {tasks?.map((task) => (
        <TaskCard
          key={task.id}
          task={task}
          now={now}
          busy={runner.busyId === task.id}
          disabled={runner.busyId !== null && runner.busyId !== task.id}
          taskPath={`${WAITER_BASE_PATH}/request/${task.requestId}`}
          onAction={(item, action) => runner.run(item, action)}
        />
      ))}
      {newOrders?.map((card) => (
        <NewOrderCard key={card.orderId} card={card} now={now} />
      ))}
    </div>
  );
}
