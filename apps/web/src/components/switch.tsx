import { type ReactNode, useEffect, useId, useState } from "react";
import { BUTTON_SPINNER_DELAY_MS } from "./button.tsx";
import styles from "./switch.module.css";

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  /** The state in words next to the switch (e.g. Ανοικτός / Κλειστός), for readers from afar. */
  stateLabel?: ReactNode;
  /** Shown under the label, always visible: touch screens have no hover for tooltips. */
  hint?: ReactNode;
  disabled?: boolean;
  /** A change on its way: the switch stays put and shows a spinner after 200 ms. */
  loading?: boolean;
  testId?: string;
  /** Default 'md' (a 56 px row); 'sm' for dense lists that still keep a 48 px target. */
  size?: "md" | "sm";
  /** 'danger' when "off" is a state to notice (a closed area, a dish off the menu). */
  offTone?: "neutral" | "danger";
}

/** An on/off switch as one large touch target: the whole row toggles, not only the knob. */
export function Switch({
  checked,
  onChange,
  label,
  stateLabel,
  hint,
  disabled,
  loading,
  testId,
  size = "md",
  offTone = "neutral",
}: SwitchProps) {
  const hintId = useId();
  const [spinner, setSpinner] = useState(false);
  useEffect(() => {
    if (!loading) {
      setSpinner(false);
      return;
    }
    const timer = setTimeout(() => setSpinner(true), BUTTON_SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  return (
    <div className={`${styles.row} ${styles[size]}`}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hint ? hintId : undefined}
        aria-busy={loading || undefined}
        disabled={disabled || loading}
        className={styles.switch}
        onClick={() => onChange(!checked)}
        data-testid={testId}
        data-checked={checked}
      >
        <span className={styles.label}>{label}</span>
        {stateLabel && <span className={checked ? styles.stateOn : styles[`stateOff_${offTone}`]}>{stateLabel}</span>}
        <span className={styles.track} aria-hidden="true">
          <span className={styles.knob}>{spinner && <span className={styles.spinner} />}</span>
        </span>
      </button>
      {hint && (
        <span id={hintId} className={styles.hint} data-testid={testId ? `${testId}-hint` : undefined}>
          {hint}
        </span>
      )}
    </div>
  );
}
