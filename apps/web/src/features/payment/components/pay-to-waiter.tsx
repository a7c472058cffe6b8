import { useId } from "react";
import { ServiceBellIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./payment.module.css";

/**
 * Paying the waiter, the one method offered until card payment exists; with the 'needs card
 * terminal' toggle the waiter knows to bring a terminal (spec 1 §1).
 */
export function PayToWaiter({
  needsTerminal,
  onNeedsTerminal,
}: {
  needsTerminal: boolean;
  onNeedsTerminal: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div>
      <div className={`${styles.option} ${styles.optionSelected}`} data-testid="pay-to-waiter">
        <span className={styles.optionIcon}>
          <ServiceBellIcon size={24} />
        </span>
        <span className={styles.optionText}>
          <strong>{t("payment.payToWaiter")}</strong>
          <small>{t("payment.payToWaiterHint")}</small>
        </span>
      </div>
      <label className={styles.terminal}>
        <span className={styles.terminalText}>
          <strong>{t("payment.needsTerminal")}</strong>
          <small id={hintId}>{t("payment.needsTerminalHint")}</small>
        </span>
        <input
          type="checkbox"
          role="switch"
          className={styles.toggle}
          checked={needsTerminal}
          aria-checked={needsTerminal}
          onChange={(event) => onNeedsTerminal(event.target.checked)}
          aria-describedby={hintId}
          data-testid="needs-terminal"
        />
      </label>
    </div>
  );
}
