import type { WaiterFeedItem } from "@tableorder/domain/contracts/waiter";
import { Link } from "react-router";
import { CheckIcon } from "../../../components/icons.tsx";
import { Price } from "../../../components/price.tsx";
import { useIsWaiting } from "../../../components/staff-outbox-banner.tsx";
import { DEFAULT_THRESHOLDS, elapsedMinutes, ticketAge } from "../../../lib/elapsed-minutes.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { staffActionPieceIds } from "../../../lib/staff-action-names.ts";
import { type TaskAction, taskAction, taskOrderProductIds } from "../apply-waiter-message.ts";
import { TaskItems } from "./task-items.tsx";
import styles from "./waiter.module.css";

/** The task's kind in words: "Παραλαβή από Kitchen", "Κλήση σερβιτόρου", … */
export function useTaskLabel(): (task: WaiterFeedItem) => string {
  const { t } = useTranslation();
  return (task) => t(`waiter.type.${task.type}`, { area: task.preparationArea ?? "" });
}

export interface TaskCardProps {
  task: WaiterFeedItem;
  now: number;
  /** Another task is updating: this one waits (spec 2 §2.4). */
  disabled: boolean;
  busy: boolean;
  taskPath: string;
  onAction: (task: WaiterFeedItem, action: TaskAction) => void;
}

/** One card of the service feed: what, where, since when, the items, and one big button. */
export function TaskCard({ task, now, disabled, busy, taskPath, onAction }: TaskCardProps) {
  const { t } = useTranslation();
  const label = useTaskLabel();
  const action = taskAction(task.type);
  const minutes = elapsedMinutes(task.timestamp, now);
  // Ages as the kitchen's tickets do, so a dish going cold on the pass or a guest kept waiting stands out.
  const age = ticketAge(minutes, DEFAULT_THRESHOLDS.warn, DEFAULT_THRESHOLDS.late);
  // Delivered or completed offline: the card stays, marked, until the outbox has sent it.
  const waiting = useIsWaiting((sent) => {
    if (task.requestId && sent.path === `/api/feed/complete-request/${task.requestId}`) return true;
    const pieces = new Set(taskOrderProductIds(task));
    return staffActionPieceIds(sent).some((id) => pieces.has(id)) && sent.path === "/api/feed/next-status";
  });
  const head = (
    <Link to={taskPath} className={styles.cardHead} data-testid="open-task">
      <span className={styles.cardType}>{label(task)}</span>
      <span className={styles.cardMeta}>
        <span className={styles.table} data-testid="task-table">
          {t("waiter.table", { name: task.placement })}
        </span>
        {age !== "fresh" && <span className={styles.ageWord}>{t(`waiter.age.${age}`)}</span>}
        <span className={styles.elapsed} data-testid="task-elapsed">
          {minutes}'
        </span>
      </span>
    </Link>
  );
  const button =
    action === "open" ? (
      <Link
        to={taskPath}
        className={`${styles.action} ${styles.actionOpen}`}
        aria-disabled={disabled || undefined}
        onClick={(event) => disabled && event.preventDefault()}
        data-testid="task-action"
      >
        {t("waiter.openPayment")}
      </Link>
    ) : (
      <button
        type="button"
        className={`${styles.action} ${action === "check" ? styles.actionWide : ""}`}
        disabled={disabled || busy || waiting}
        aria-busy={(busy && !waiting) || undefined}
        aria-label={waiting ? t("outbox.waiting") : t(`waiter.action.${action}`)}
        onClick={() => onAction(task, action)}
        data-testid="task-action"
      >
        {waiting ? (
          <span>{t("outbox.waiting")}</span>
        ) : (
          <>
            {busy ? <span className={styles.spinner} aria-hidden /> : <CheckIcon size={34} />}
            {action === "check" && <span>{t("waiter.action.check")}</span>}
          </>
        )}
      </button>
    );
  const compact = task.items.length === 0 && action !== "check";
  return (
    <article
      className={`${styles.card} ${styles[`card_${action}`] ?? ""} ${styles[`age_${age}`] ?? ""}`}
      data-age={age}
      data-waiting={waiting || undefined}
      data-testid="waiter-task"
      data-type={task.type}
      data-request={task.requestId}
      data-task-id={task.id}
      data-table={task.placement}
      aria-busy={busy || undefined}
    >
      {compact ? (
        // A call has nothing to list: its button sits beside its head, so a busy feed shows more cards.
        <div className={styles.cardFoot}>
          {head}
          {button}
        </div>
      ) : (
        <>
          {head}
          {task.items.length > 0 && <TaskItems items={task.items} />}
          <div className={styles.cardFoot}>
            {task.items.length > 0 ? (
              <span className={styles.sum}>
                {t("waiter.sum")} <Price cents={task.sum} />
              </span>
            ) : (
              <span />
            )}
            {button}
          </div>
        </>
      )}
    </article>
  );
}
