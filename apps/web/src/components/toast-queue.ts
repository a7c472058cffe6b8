export type ToastKind = "success" | "error" | "info";

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** Stays until dismissed by code (e.g. the offline notice); otherwise closes by itself. */
  persistent?: boolean;
  /**
   * Says what the action that left the previous screen did, so it is shown on the screen it led
   * to: it survives that one navigation, and the next one clears it like any other.
   */
  arrival?: boolean;
}

/** Spec 1 §9: toasts close by themselves after 5000 ms; an error stays longer to be read (decision 039). */
export const TOAST_AUTO_CLOSE_MS = 5_000;
export const ERROR_TOAST_AUTO_CLOSE_MS = 8_000;

/** More than this on a phone would cover the screen the waiter is working on. */
export const MAX_TOASTS = 3;

/** How long a toast stays; null when it stays until code dismisses it. */
export function autoCloseMs(toast: Toast): number | null {
  if (toast.persistent) return null;
  return toast.kind === "error" ? ERROR_TOAST_AUTO_CLOSE_MS : TOAST_AUTO_CLOSE_MS;
}

/**
 * Adds a toast: one with the same id is replaced in place; past the limit the oldest that closes
 * by itself goes first (a persistent one says something still true).
 */
export function withToast(list: readonly Toast[], toast: Toast): Toast[] {
  if (list.some((t) => t.id === toast.id)) return list.map((t) => (t.id === toast.id ? toast : t));
  const next = [...list, toast];
  while (next.length > MAX_TOASTS) {
    const oldest = next.findIndex((t) => !t.persistent);
    if (oldest === -1) break;
    next.splice(oldest, 1);
  }
  return next;
}

/** A toast from one screen does not follow the person to the next, except the news of arriving. */
export function afterNavigation(list: readonly Toast[]): Toast[] {
  return list.filter((t) => t.persistent || t.arrival).map((t) => (t.arrival ? { ...t, arrival: false } : t));
}
