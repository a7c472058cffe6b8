import { type RefObject, useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../lib/i18n.ts";
import { afterNavigation, autoCloseMs, type Toast, withToast } from "./toast-queue.ts";
import styles from "./toasts.module.css";

/**
 * Keeps toasts just under a screen's header, so they never cover its buttons (the header may wrap
 * on a portrait tablet, hence measured), on phones too: at the bottom they would cover the action bar.
 */
export function useToastsBelow(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--toast-top", `${element.offsetHeight + 12}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--toast-top");
    };
  }, [header]);
}

/**
 * While a menu hangs under the header (the kitchen's settings with its area switch), toasts move
 * below it rather than over its switches.
 */
export function useToastsBelowMenu(panel: RefObject<HTMLElement | null>, open: boolean): void {
  useEffect(() => {
    const element = panel.current;
    if (!open || !element || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty("--toast-menu-bottom", `${element.getBoundingClientRect().bottom + 12}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--toast-menu-bottom");
    };
  }, [panel, open]);
}

export type { Toast, ToastKind } from "./toast-queue.ts";

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
let sequence = 0;

function emit(next: Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/**
 * Shows a toast. A toast with the same id is replaced in place, and the same message already on
 * screen is not stacked twice (a retried call that fails again says it once).
 */
function show(input: Omit<Toast, "id"> & { id?: string }): string {
  const duplicate = !input.id && toasts.find((t) => t.kind === input.kind && t.message === input.message);
  if (duplicate) {
    // Said again as the news of an action that leaves the screen: the one toast goes along.
    if (input.arrival && !duplicate.arrival) emit(withToast(toasts, { ...duplicate, arrival: true }));
    return duplicate.id;
  }
  const id = input.id ?? `toast-${++sequence}`;
  emit(withToast(toasts, { ...input, id }));
  return id;
}

function dismiss(id: string): void {
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

/** `arrival`: the toast tells what the action leaving this screen did, on the screen it leads to. */
type ToastOptions = Pick<Toast, "arrival">;

/** Toasts can be raised from anywhere, including outside React (the API client). */
export const toast = {
  show,
  dismiss,
  success: (message: string, options?: ToastOptions) => show({ kind: "success", message, ...options }),
  error: (message: string, options?: ToastOptions) => show({ kind: "error", message, ...options }),
  info: (message: string, options?: ToastOptions) => show({ kind: "info", message, ...options }),
};

/**
 * The navigation state of a redirect the person did not ask for (a settled table's window closing
 * by itself): the toasts of the action that led to it stay.
 */
export const KEEP_TOASTS = { keepToasts: true } as const;

/** Clears the previous screen's toasts when the path changes; mount once inside the router. */
export function useClearToastsOnNavigation(): void {
  const { pathname, state } = useLocation();
  const previous = useRef(pathname);
  const keep = (state as Partial<typeof KEEP_TOASTS> | null)?.keepToasts === true;
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (keep) return;
    const next = afterNavigation(toasts);
    if (next.length !== toasts.length || next.some((t, i) => t !== toasts[i])) emit(next);
  }, [pathname, keep]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  useEffect(() => {
    const delay = autoCloseMs(item);
    if (delay === null) return;
    const timer = setTimeout(() => dismiss(item.id), delay);
    return () => clearTimeout(timer);
  }, [item]);
  return (
    <div
      className={`${styles.toast} ${styles[item.kind]}`}
      role={item.kind === "error" ? "alert" : "status"}
      data-testid={`toast-${item.kind}`}
    >
      <span className={styles.message}>{item.message}</span>
      {!item.persistent && (
        <button type="button" className={styles.close} onClick={() => dismiss(item.id)} aria-label={t("common.close")}>
          ×
        </button>
      )}
    </div>
  );
}

/** Renders the toasts above everything; mount once near the root. */
export function ToastViewport() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <section className={styles.viewport} aria-label={t("toast.region")} aria-live="polite">
      {items.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </section>
  );
}
