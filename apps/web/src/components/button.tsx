import { type ButtonHTMLAttributes, useEffect, useState } from "react";
import styles from "./button.module.css";

/** Spec 1 §9: the loading indicator appears only after 200 ms. */
export const BUTTON_SPINNER_DELAY_MS = 200;

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Disables the button at once (no double submit); the spinner follows after 200 ms. */
  loading?: boolean;
  block?: boolean;
  size?: "md" | "lg";
}

export function Button({
  variant = "primary",
  loading = false,
  block = false,
  size = "md",
  disabled,
  className,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  const [spinner, setSpinner] = useState(false);
  useEffect(() => {
    if (!loading) {
      setSpinner(false);
      return;
    }
    const timer = setTimeout(() => setSpinner(true), BUTTON_SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  const classes = [styles.button, styles[variant], styles[size], block ? styles.block : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {spinner && <span className={styles.spinner} aria-hidden="true" />}
      <span className={styles.label}>{children}</span>
    </button>
  );
}
