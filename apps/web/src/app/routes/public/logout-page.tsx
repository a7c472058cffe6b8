import { useEffect } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../lib/i18n.ts";
import { clearSession } from "../../../lib/session.ts";
import styles from "../shell.module.css";

/**
 * Ends the session (spec 1 §2). Guests here sign in anonymously or through a provider's code
 * exchange, so no provider session is left to end in the browser.
 */
export default function LogoutPage() {
  const { t } = useTranslation();
  useEffect(() => clearSession(), []);
  return (
    <main className={styles.centerPage} data-testid="logout-page">
      <p className={styles.centerText} role="status">
        {t("logout.done")}
      </p>
      <Link to="/" className={styles.linkButton}>
        {t("logout.home")}
      </Link>
    </main>
  );
}
