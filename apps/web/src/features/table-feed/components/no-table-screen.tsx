import { Link } from "react-router";
import buttonStyles from "../../../components/button.module.css";
import { AlertIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./table-feed.module.css";

/**
 * What a guest whose code names no table sees (spec 1: 'No table with this Code'), with what to
 * do about it: the code was misread or is old, so scanning the table's code again or asking the
 * staff helps; the home page is the one way on from here.
 */
export function NoTableScreen() {
  const { t } = useTranslation();
  return (
    <section className={styles.welcome} role="alert" data-testid="no-table">
      <span className={`${styles.welcomeIcon} ${styles.outOfServiceIcon}`} aria-hidden="true">
        <AlertIcon size={28} />
      </span>
      <h1 className={styles.outOfServiceTitle}>{t("customer.noTable")}</h1>
      <p data-testid="no-table-hint">{t("customer.noTableHint")}</p>
      <Link
        to="/"
        className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.outOfServiceRetry}`}
        data-testid="no-table-home"
      >
        {t("customer.toHome")}
      </Link>
    </section>
  );
}
