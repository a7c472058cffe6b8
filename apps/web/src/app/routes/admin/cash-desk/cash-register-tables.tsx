import { Link, useSearchParams } from "react-router";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { TableChoices } from "../../../../features/waiter-payment/table-choices.tsx";
import styles from "../../../../features/waiter-payment/waiter-payment.module.css";
import { useTableAssignments } from "../../../../features/waiter-tasks/api/waiter-api.ts";
import { useTranslation } from "../../../../lib/i18n.ts";
import { registerQuery } from "./cash-register-query.ts";

/** table-selection (spec 3 §2.3): the venue's table a dine-in sale is for. */
export function RegisterTableSelection({ base }: { base: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const tables = useTableAssignments();
  return (
    <div className={styles.screen} data-testid="register-table-selection">
      <div className={styles.titleRow}>
        <Link to={`${base}/panel${registerQuery(search)}`} className={styles.back} aria-label={t("common.back")}>
          ←
        </Link>
        <h2 className={styles.title}>{t("cashRegister.selectTable")}</h2>
      </div>
      <p className={styles.hint}>{t("cashRegister.selectTableHint")}</p>
      {tables.isPending && <DelayedSkeleton rows={8} />}
      {tables.isSuccess && tables.data.length === 0 && <p className={styles.notice}>{t("cashRegister.noTables")}</p>}
      <TableChoices
        tables={tables.data ?? []}
        to={(table) =>
          `${base}/choose-payment-method${registerQuery(search, { tableId: String(table.tableId), tableLabel: table.label })}`
        }
        testId="register-table"
      />
    </div>
  );
}
