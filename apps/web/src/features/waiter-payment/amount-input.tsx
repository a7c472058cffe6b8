import { useId } from "react";
import styles from "./waiter-payment.module.css";

/** What a number field holds as typed: "" or digits with at most 2 decimals (spec 2 §5). */
export function normalizeNumberText(text: string): string {
  const value = text.trim().replace(",", ".");
  if (value === "") return "";
  if (!/^-?\d*\.?\d*$/.test(value) || value === "-" || value === ".") return value === "-" ? "-" : "";
  const [whole, fraction] = value.split(".");
  if (fraction !== undefined && fraction.length > 2) return (Math.round(Number(value) * 100) / 100).toFixed(2);
  return fraction === undefined ? whole : `${whole}.${fraction}`;
}

/** Cents shown in a field: "12.5" → "12.50", 0 → "0". */
export function centsText(cents: number): string {
  return cents === 0 ? "0" : (cents / 100).toFixed(2);
}

/** A decimal field for euros or a percentage: typed with a comma or a dot, rounded to 2 decimals. */
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
          onChange={(event) => onChange(normalizeNumberText(event.target.value))}
          onFocus={(event) => event.target.select()}
          data-testid={testId}
        />
        {suffix && <span className={styles.fieldSuffix}>{suffix}</span>}
      </span>
    </div>
  );
}
