import { Link } from "react-router";
import { CardIcon, MenuBookIcon } from "../../../components/icons.tsx";
import styles from "./payment.module.css";

export interface PaymentTypeOption {
  key: "full" | "partial";
  to: string;
  title: string;
  hint: string;
}

/** Full or partial payment, as two large choices (spec 1 §2, choose payment type). */
export function PaymentTypeOptions({ options }: { options: readonly PaymentTypeOption[] }) {
  return (
    <ul className={styles.options}>
      {options.map((option) => (
        <li key={option.key}>
          <Link to={option.to} className={styles.option} data-testid={`payment-type-${option.key}`}>
            <span className={styles.optionIcon}>
              {option.key === "full" ? <CardIcon size={24} /> : <MenuBookIcon size={24} />}
            </span>
            <span className={styles.optionText}>
              <strong>{option.title}</strong>
              <small>{option.hint}</small>
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
