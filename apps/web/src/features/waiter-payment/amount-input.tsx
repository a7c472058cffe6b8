import { cleanAmountText, decimalMarkOf } from "@tableorder/domain/money";
import { useId } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import styles from "./waiter-payment.module.css";

/** A decimal field for euros or a percentage: typed with a comma or a dot, shown with the reader's mark. */
export function AmountInput({
  label,
  value,
  onChange,
  disabled,
  suffix,
  testId,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  disabled?: boolean;
  suffix?: string;
  testId?: string;
}) {
  const id = useId();
  const { lang } = useTranslation();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <span className={styles.fieldBox}>
        <input
          id={id}
          className={styles.fieldInput}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(cleanAmountText(event.target.value, decimalMarkOf(lang)))}
          onFocus={(event) => event.target.select()}
          data-testid={testId}
        />
        {suffix && <span className={styles.fieldSuffix}>{suffix}</span>}
      </span>
    </div>
  );
}
