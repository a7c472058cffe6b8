import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "../lib/i18n.ts";
import styles from "./dialog.module.css";

export interface DialogProps {
  title: ReactNode;
  children: ReactNode;
  /** Without onClose the dialog cannot be dismissed (e.g. a sign-in that must happen first). */
  onClose?: () => void;
  headerExtra?: ReactNode;
  testId?: string;
  /** A question that needs an answer before anything else (role alertdialog). */
  alert?: boolean;
  /** The id of the text that says what the dialog is about, read after its title. */
  describedBy?: string;
}

/** A modal on the native <dialog>: focus is kept inside and Escape closes it when allowed. */
export function Dialog({ title, children, onClose, headerExtra, testId, alert, describedBy }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // The opener may name the control that starts with the focus (React's autoFocus runs before the modal opens).
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current?.();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role={alert ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      data-testid={testId}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {headerExtra}
        {onClose && (
          <button type="button" className={styles.close} onClick={onClose} aria-label={t("common.close")}>
            ×
          </button>
        )}
      </div>
      <div className={styles.body}>{children}</div>
    </dialog>
  );
}
