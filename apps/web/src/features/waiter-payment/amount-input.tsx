import { cleanAmountText, decimalMarkOf } from "@tableorder/domain/money";
import { type InputHTMLAttributes, useId } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import styles from "./waiter-payment.module.css";

type PaymentTextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  suffix?: string;
  "data-testid"?: string;
};

/** A labelled text box of the payment screens: the amounts and the name of who owes share it. */
export function PaymentTextField({ label, suffix, ...input }: PaymentTextFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <span className={styles.fieldBox}>
        <input id={id} className={styles.fieldInput} type="text" autoComplete="off" {...input} />
        {suffix && <span className={styles.fieldSuffix}>{suffix}</span>}
      </span>
    </div>
  );
}

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
  const { lang } = useTranslation();
  return (
    <PaymentTextField
      label={label}
      suffix={suffix}
      inputMode="decimal"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(cleanAmountText(event.target.value, decimalMarkOf(lang)))}
      onFocus={(event) => event.target.select()}
      data-testid={testId}
    />
  );
}
