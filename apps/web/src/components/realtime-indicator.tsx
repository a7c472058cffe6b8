import { useTranslation } from "../lib/i18n.ts";
import type { RealtimeStatus } from "../lib/realtime.ts";
import styles from "./realtime-indicator.module.css";
import { useOnline, useWaitingActions } from "./staff-outbox-banner.tsx";

/**
 * A dot and a word for the connection, so staff know whether the screen is current and whether
 * what they do reaches the server: an open socket with actions still waiting on the device is not
 * green (issue 31), and an offline browser is disconnected whatever the socket last said.
 */
export function RealtimeIndicator({ status: socket, compact = false }: { status: RealtimeStatus; compact?: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  const waiting = useWaitingActions().length;
  const status = !online ? "DISCONNECTED" : waiting > 0 ? "SENDING" : socket;
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
