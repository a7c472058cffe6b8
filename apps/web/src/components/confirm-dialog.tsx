import { type ReactNode, useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { Button } from "./button.tsx";
import styles from "./dialog.module.css";
import { Dialog } from "./dialog.tsx";

/** What a confirmation asks and what its confirming button says. */
export interface ConfirmRequest {
  title: string;
  message?: string;
  confirmLabel: string;
  /** The action destroys something: the confirming button is red. */
  danger?: boolean;
}

/**
 * The product's own "are you sure?", in place of the browser's window.confirm (which looks like
 * another program and cannot be styled or translated): `confirm(request)` opens the dialog and
 * resolves true on confirm, false on cancel or Escape. Render `dialog` once in the screen. Focus
 * starts on Cancel, so a stray Enter never destroys anything; the native modal keeps focus inside.
 */
export function useConfirm(): { confirm: (request: ConfirmRequest) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation();
  const messageId = useId();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const confirm = useCallback((next: ConfirmRequest) => {
    answer.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);
  const close = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setRequest(null);
  };

  const dialog = request && (
    <Dialog
      title={request.title}
      onClose={() => close(false)}
      alert
      describedBy={request.message ? messageId : undefined}
      testId="confirm-dialog"
    >
      {request.message && (
        <p id={messageId} className={styles.message}>
          {request.message}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => close(false)} data-autofocus data-testid="confirm-dialog-cancel">
          {t("common.cancel")}
        </Button>
        <Button variant={request.danger ? "danger" : "primary"} onClick={() => close(true)} data-testid="confirm-dialog-confirm">
          {request.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
  return { confirm, dialog };
}
