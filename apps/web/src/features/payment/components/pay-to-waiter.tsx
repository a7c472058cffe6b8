import { useId } from "react";
import { ServiceBellIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./payment.module.css";

/**
 * Paying the waiter, one of the two methods (the other is the card); once chosen, the 'needs card
 * terminal' toggle tells the waiter to bring a terminal (spec 1 §1).
 */
export function PayToWaiter({
  needsTerminal,
  onNeedsTerminal,
  selected = true,
  onSelect,
}: {
  needsTerminal: boolean;
  onNeedsTerminal: (on: boolean) => void;
  selected?: boolean;
  onSelect?: () => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div>
      <label className={`${styles.option} ${styles.method} ${selected ? styles.optionSelected : ""}`} data-testid="pay-to-waiter">
        <input
          type="radio"
          name="payment-method"
          className={styles.radioInput}
          checked={selected}
          onChange={() => onSelect?.()}
        />
        <span className={styles.optionIcon}>
          <ServiceBellIcon size={24} />
        </span>
        <span className={styles.optionText}>
          <strong>{t("payment.payToWaiter")}</strong>
          <small>{t("payment.payToWaiterHint")}</small>
        </span>
        <span className={styles.radio} aria-hidden="true" />
      </label>
      {selected && (
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
      )}
    </div>
  );
}
