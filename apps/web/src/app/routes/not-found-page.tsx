import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n.ts";
import styles from "./shell.module.css";

/** Any unknown path (spec 1 §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className={styles.centerPage} data-testid="not-found">
      <h1 className={styles.bigCode}>404</h1>
      <p className={styles.centerText}>{t("notFound.message")}</p>
      <Link to="/" className={styles.linkButton}>
        {t("notFound.home")}
      </Link>
    </main>
  );
}
