import { type RefObject, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "../lib/i18n.ts";
import styles from "./toasts.module.css";

/**
 * Keeps toasts just under a screen's header, so they never cover its buttons (the header may wrap
 * on a portrait tablet, hence measured). Phones show toasts at the bottom instead (see the CSS).
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

export type ToastKind = "success" | "error" | "info";

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  /** Stays until dismissed by code (e.g. the offline notice); otherwise closes after 5 s. */
  persistent?: boolean;
}

/** Spec 1 §9: toasts close by themselves after 5000 ms. */
export const TOAST_AUTO_CLOSE_MS = 5_000;

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
  if (duplicate) return duplicate.id;
  const id = input.id ?? `toast-${++sequence}`;
  const toast: Toast = { ...input, id };
  emit(toasts.some((t) => t.id === id) ? toasts.map((t) => (t.id === id ? toast : t)) : [...toasts, toast]);
  return id;
}

function dismiss(id: string): void {
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

/** Toasts can be raised from anywhere, including outside React (the API client). */
export const toast = {
  show,
  dismiss,
  success: (message: string) => show({ kind: "success", message }),
  error: (message: string) => show({ kind: "error", message }),
  info: (message: string) => show({ kind: "info", message }),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (item.persistent) return;
    const timer = setTimeout(() => dismiss(item.id), TOAST_AUTO_CLOSE_MS);
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
