import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n.ts";
import type { PaymentMethodKey } from "./payment-flow.ts";
import styles from "./waiter-payment.module.css";

/**
 * The list of payment methods to choose from (spec 2 §4.5): each a link to its confirmation, with
 * its name and hint from `{textPrefix}.{method}` and `{textPrefix}.{method}Hint`. The table's
 * collection offers cash, card and on credit; the cash register cash and card.
 */
export function PaymentMethodChoices({
  methods,
  to,
  textPrefix,
}: {
  methods: readonly PaymentMethodKey[];
  to: (method: PaymentMethodKey) => string;
  textPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={styles.choices}>
      {methods.map((method) => (
        <li key={method}>
          <Link to={to(method)} className={styles.choice} data-testid={`payment-method-${method}`}>
            <span className={styles.choiceText}>
              <strong>{t(`${textPrefix}.${method}`)}</strong>
              <small>{t(`${textPrefix}.${method}Hint`)}</small>
            </span>
            <span className={styles.chevron} aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
