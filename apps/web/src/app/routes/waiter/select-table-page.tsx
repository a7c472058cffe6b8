import { Link, useLocation } from "react-router";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { useAssignedTables } from "../../../features/waiter-order/api.ts";
import { waiterServicePaths } from "../../../features/waiter-payment/service-paths.tsx";
import { TableChoices } from "../../../features/waiter-payment/table-choices.tsx";
import styles from "../../../features/waiter-payment/waiter-payment.module.css";
import { useTranslation } from "../../../lib/i18n.ts";
import { WAITER_BASE_PATH } from "./waiter-context.ts";

/**
 * select-table and select-table/order (spec 2 §2.2): the tables the waiter supervises; from
 * select-table/order a table opens its menu to order, from select-table its feed.
 */
export default function SelectTablePage() {
  const { t } = useTranslation();
  const ordering = useLocation().pathname.replace(/\/$/, "").endsWith("/order");
  const tables = useAssignedTables();
  return (
    <div className={styles.screen} data-testid={ordering ? "select-table-order" : "select-table"}>
      <div className={styles.titleRow}>
        <Link to={WAITER_BASE_PATH} className={styles.back} aria-label={t("common.back")}>
          ←
        </Link>
        <h2 className={styles.title}>{ordering ? t("waiterOrder.newOrder") : t("waiterOrder.selectTable")}</h2>
      </div>
      <p className={styles.hint}>{t("waiterOrder.selectTableHint")}</p>
      {tables.isPending && <DelayedSkeleton rows={10} />}
      {tables.isSuccess && tables.data.length === 0 && (
        <p className={styles.notice}>
          {t("waiterOrder.noTables")} <Link to={`${WAITER_BASE_PATH}/settings`}>{t("waiter.settings")}</Link>
        </p>
      )}
      <TableChoices
        tables={tables.data ?? []}
        to={(table) =>
          ordering
            ? waiterServicePaths.tablePath(table.tableId, table.label, "menu-categories")
            : waiterServicePaths.feedPath(table.tableId, table.label)
        }
        testId="select-table-row"
      />
    </div>
  );
}
