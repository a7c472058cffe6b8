import { type ComponentType, type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "../lib/i18n.ts";
import styles from "./delayed-skeleton.module.css";

/** Spec 1 §9: placeholders only after 300 ms, so fast answers never flash a skeleton. */
export const SKELETON_DELAY_MS = 300;

export function DelayedSkeleton({
  rows = 5,
  rowHeight = 56,
  delayMs = SKELETON_DELAY_MS,
}: {
  rows?: number;
  rowHeight?: number;
  delayMs?: number;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return (
    <div className={styles.list} role="status" aria-busy="true" aria-label={t("common.loading")}>
      {visible &&
        Array.from({ length: rows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity of their own
          <div key={index} className={styles.row} style={{ height: rowHeight }} />
        ))}
    </div>
  );
}

/** A lazy screen as a route's element: the skeleton (or `fallback`) stands in while its chunk loads. */
export function lazyScreen(Component: ComponentType, fallback: ReactNode = <DelayedSkeleton />) {
  return (
    <Suspense fallback={fallback}>
      <Component />
    </Suspense>
  );
}
