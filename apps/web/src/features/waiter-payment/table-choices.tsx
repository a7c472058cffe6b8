import type { TableAssignment } from "@tableorder/domain/contracts/waiter";
import { Link } from "react-router";
import { useFormatEuros } from "../../components/price.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import styles from "./waiter-payment.module.css";

/**
 * The venue's tables to pick one from, each with what is still unpaid on it: the waiter's table
 * list and the cash register's dine-in table both choose this way.
 */
export function TableChoices({
  tables,
  to,
  testId,
}: {
  tables: readonly TableAssignment[];
  to: (table: TableAssignment) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const format = useFormatEuros();
  return (
    <ul className={styles.choices}>
      {tables.map((table) => (
        <li key={table.tableId}>
          <Link to={to(table)} className={styles.choice} data-testid={testId} data-label={table.label}>
            <span className={styles.choiceText}>
              <strong>{t("waiter.table", { name: table.label })}</strong>
              <small>
                {t("waiter.unpaid")} {format(table.amount)}
              </small>
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
