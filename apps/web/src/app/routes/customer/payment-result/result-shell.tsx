import type { ReactNode } from "react";
import { LanguagePicker } from "../../../../components/language-picker.tsx";
import { useTranslation } from "../../../../lib/i18n.ts";
import styles from "../customer.module.css";

/**
 * The frame of the provider's return pages, which live outside a table's code (spec 1 §2): the
 * guest's header without the table's account menu, since no table is loaded yet.
 */
export function ResultShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <span className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true" />
          <span>{t("app.name")}</span>
        </span>
        <div className={styles.headerEnd}>
          <LanguagePicker />
        </div>
      </header>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
