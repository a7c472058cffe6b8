import { useTranslation } from "react-i18next";
import styles from "./table-feed.module.css";

/** Shown while the table has not ordered anything yet. */
export function WelcomeMessage() {
  const { t } = useTranslation();
  return (
    <section className={styles.welcome} data-testid="welcome-message">
      <span className={styles.welcomeIcon} aria-hidden="true">
        🍽️
      </span>
      <h2>{t("customer.welcomeTitle")}</h2>
      <p>{t("customer.welcomeText")}</p>
    </section>
  );
}
