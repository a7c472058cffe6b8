import { type ReactNode, useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "../../../../lib/i18n.ts";
import styles from "./service-modal.module.css";

/**
 * A panel over the cash desk for the reused screens (the service modal, the cash register): a
 * title, a close link back to the tab (Escape too), and the screens, whose fixed action bars sit
 * at the panel's bottom.
 */
export function ServiceModalFrame({
  title,
  closeTo,
  testId,
  children,
}: {
  title: string;
  closeTo: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A dialog open inside (a confirmation) handles its own Escape.
      if (event.key === "Escape" && !document.querySelector("dialog[open]")) void navigate(closeTo);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, closeTo]);
  return (
    <div className={styles.overlay}>
      <section className={styles.panel} role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
        <header className={styles.header}>
          <h2 className={styles.title}>{title}</h2>
          <Link to={closeTo} className={styles.close} aria-label={t("common.close")} data-testid={`${testId}-close`}>
            ×
          </Link>
        </header>
        <div className={styles.body}>{children}</div>
      </section>
    </div>
  );
}
