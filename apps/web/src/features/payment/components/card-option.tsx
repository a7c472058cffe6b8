import { CardIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./payment.module.css";

/** The card choice of the payment screen (spec 1 §2, payment): paid online through the card provider. */
export function CardOption({ selected, onSelect }: { selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  return (
    <label className={`${styles.option} ${styles.method} ${selected ? styles.optionSelected : ""}`} data-testid="pay-by-card">
      <input type="radio" name="payment-method" className={styles.radioInput} checked={selected} onChange={() => onSelect?.()} />
      <span className={styles.optionIcon}>
        <CardIcon size={24} />
      </span>
      <span className={styles.optionText}>
        <strong>{t("onlinePayment.card")}</strong>
        <small>{t("onlinePayment.cardHint")}</small>
      </span>
      <span className={styles.radio} aria-hidden="true" />
    </label>
  );
}
