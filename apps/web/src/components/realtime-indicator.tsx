import { useTranslation } from "../lib/i18n.ts";
import type { RealtimeStatus } from "../lib/realtime.ts";
import styles from "./realtime-indicator.module.css";

/** A dot and a word for the live connection, so staff know whether the screen is current. */
export function RealtimeIndicator({ status, compact = false }: { status: RealtimeStatus; compact?: boolean }) {
  const { t } = useTranslation();
  const label = t(`realtime.${status}`);
  return (
    <span
      className={`${styles.indicator} ${styles[status]}`}
      role="status"
      title={label}
      data-testid="realtime-status"
      data-status={status}
    >
      <span className={styles.dot} aria-hidden="true" />
      <span className={compact ? styles.hidden : undefined}>{label}</span>
    </span>
  );
}
