import { SERVICE_MODES } from "@tableorder/domain/enums";
import { Link, useSearchParams } from "react-router";
import styles from "../../../../features/waiter-payment/waiter-payment.module.css";
import { useTranslation } from "../../../../lib/i18n.ts";
import { registerQuery } from "./cash-register-query.ts";

/** The register's root (spec 3 §2.3): the sale is dine-in, take-away or delivery. */
export function ChooseRegisterSource({ base }: { base: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <div className={styles.screen} data-testid="register-source">
      <h2 className={styles.title}>{t("cashRegister.chooseSource")}</h2>
      <ul className={styles.choices}>
        {SERVICE_MODES.map((source) => (
          <li key={source}>
            <Link
              to={`${base}/panel${registerQuery(search, { source, tableId: null, tableLabel: null })}`}
              className={styles.choice}
              data-testid={`register-source-${source}`}
            >
              <span className={styles.choiceText}>
                <strong>{t(`serviceMode.${source}`)}</strong>
                <small>{t(`cashRegister.sourceHint.${source}`)}</small>
              </span>
              <span className={styles.chevron} aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
