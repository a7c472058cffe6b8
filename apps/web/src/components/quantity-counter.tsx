import { useTranslation } from "../lib/i18n.ts";
import styles from "./quantity-counter.module.css";

export interface QuantityCounterProps {
  value: number;
  onChange: (value: number) => void;
  /** 1 by default; 0 where choosing none is allowed. */
  min?: 0 | 1;
  /** Caps the quantity when a total exists (e.g. unpaid pieces). */
  max?: number;
  label?: string;
  disabled?: boolean;
  testId?: string;
}

/** Clamps a wanted quantity into the counter's bounds (spec 1 §5). */
export function clampQuantity(value: number, min: number, max?: number): number {
  const whole = Number.isFinite(value) ? Math.floor(value) : min;
  return Math.max(min, max === undefined ? whole : Math.min(max, whole));
}

export function QuantityCounter({ value, onChange, min = 1, max, label, disabled, testId }: QuantityCounterProps) {
  const { t } = useTranslation();
  const set = (next: number) => onChange(clampQuantity(next, min, max));
  return (
    <fieldset className={styles.counter} aria-label={label ?? t("common.quantity")} data-testid={testId}>
      <button
        type="button"
        className={styles.step}
        onClick={() => set(value - 1)}
        disabled={disabled || value <= min}
        aria-label={t("common.decrease")}
      >
        −
      </button>
      <output className={styles.value} aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className={styles.step}
        onClick={() => set(value + 1)}
        disabled={disabled || (max !== undefined && value >= max)}
        aria-label={t("common.increase")}
      >
        +
      </button>
    </fieldset>
  );
}
