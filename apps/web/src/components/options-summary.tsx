import { useLanguage, useTranslation } from "../lib/i18n.ts";
import styles from "./options-summary.module.css";

export interface OptionsSummaryProps {
  preparationWay?: string | null;
  /** Basic ingredients left out of the dish. */
  removed?: readonly string[];
  extras?: readonly string[];
  notes?: string | null;
  size?: "sm" | "md" | "lg";
  /** The item is done (a prepared kitchen line): its choices grey out with its name. */
  done?: boolean;
}

/**
 * How an item's choices read everywhere (basket, table, kitchen ticket): the way, then
 * "χωρίς κρεμμύδι" for each removed ingredient, "+ Κάπαρη" for each extra, then the comment.
 */
export function OptionsSummary({
  preparationWay,
  removed = [],
  extras = [],
  notes,
  size = "sm",
  done = false,
}: OptionsSummaryProps) {
  const { t } = useTranslation();
  const { locale } = useLanguage();
  if (!preparationWay && !removed.length && !extras.length && !notes) return null;
  return (
    <ul className={`${styles.list} ${styles[size]} ${done ? styles.done : ""}`}>
      {preparationWay && (
        <li className={styles.way} data-testid="option-way">
          {preparationWay}
        </li>
      )}
      {removed.map((name) => (
        <li key={`r-${name}`} className={styles.removed} data-testid="option-removed">
          {t("options.without", { name: name.toLocaleLowerCase(locale) })}
        </li>
      ))}
      {extras.map((name) => (
        <li key={`e-${name}`} className={styles.extra} data-testid="option-extra">
          {t("options.extra", { name })}
        </li>
      ))}
      {notes && (
        <li className={styles.notes} data-testid="option-notes">
          {t("options.notes", { notes })}
        </li>
      )}
    </ul>
  );
}
