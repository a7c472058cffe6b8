import { UtensilsIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./table-feed.module.css";

/** Shown while the table has not ordered anything yet. */
export function WelcomeMessage() {
  const { t } = useTranslation();
  return (
    <section className={styles.welcome} data-testid="welcome-message">
      <span className={styles.welcomeIcon}>
        <UtensilsIcon size={28} />
      </span>
      <h2>{t("customer.welcomeTitle")}</h2>
      <p>{t("customer.welcomeText")}</p>
    </section>
  );
}
