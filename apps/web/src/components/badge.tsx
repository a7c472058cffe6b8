import type { ReactNode } from "react";
import styles from "./badge.module.css";

export type BadgeTone = "success" | "warning" | "info" | "error" | "neutral";

export function Badge({ tone = "neutral", children, testId }: { tone?: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span className={`${styles.badge} ${styles[tone]}`} data-testid={testId}>
      {children}
    </span>
  );
}
