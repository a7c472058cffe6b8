import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "../../../../lib/i18n.ts";
import styles from "./cash-desk.module.css";

/**
 * A full-screen modal for a whole screen reused from another area (the preparation screens). It
 * is not a native top-layer dialog, so the app's toasts still show above it; Escape closes it
 * unless a dialog of the screen inside is open.
 */
export function Overlay({
  label,
  onClose,
  children,
  testId,
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || document.querySelector("dialog[open]")) return;
      closeRef.current();
    };
    document.addEventListener("keydown", onKey);
    // The page under the modal does not scroll along with it.
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = previous;
    };
  }, []);
  return (
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-label={label} data-testid={testId}>
      <div className={styles.overlayBar}>
        <button type="button" className={styles.overlayClose} onClick={onClose} data-testid="overlay-close">
          {t("cashDesk.close")}
        </button>
      </div>
      <div className={styles.overlayBody}>{children}</div>
    </div>
  );
}
