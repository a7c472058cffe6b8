import { useTranslation } from "../lib/i18n.ts";
import type { StaffAction } from "../lib/staff-action.ts";
import { staffActionNameKey } from "../lib/staff-action-names.ts";
import styles from "./staff-outbox-banner.module.css";
import { useWaitingActions } from "./staff-outbox-banner.tsx";

/** How many pieces an order for a table holds: its lines' quantities. */
function orderPieces(action: StaffAction): number | null {
  if (!/^\/api\/orders\/\d+$/.test(action.path) || !Array.isArray(action.body)) return null;
  return (action.body as { quantity?: number }[]).reduce((sum, line) => sum + (line.quantity ?? 1), 0);
}

/**
 * The user's actions about one thing (a table) still waiting on the device, one line each, marked
 * "waiting to send": what the server does not know yet is on the screen with what it does.
 */
export function WaitingActions({ about }: { about: (action: StaffAction) => boolean }) {
  const { t } = useTranslation();
  const waiting = useWaitingActions().filter((entry) => about(entry.action));
  if (waiting.length === 0) return null;
  return (
    <ul className={styles.waitingList} data-testid="waiting-actions">
      {waiting.map(({ seq, action }) => {
        const pieces = orderPieces(action);
        return (
          <li key={seq} className={styles.waitingLine} data-testid="waiting-action">
            <span>
              {t(staffActionNameKey(action))}
              {pieces !== null && ` · ${t("basket.itemCount", { count: pieces })}`}
            </span>
            <span className={styles.waitingMark}>{t("outbox.waiting")}</span>
          </li>
        );
      })}
    </ul>
  );
}
