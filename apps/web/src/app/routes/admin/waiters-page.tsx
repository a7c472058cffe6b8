import { Link } from "react-router";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { useCrmWaiters, useWaiterTableOptions } from "../../../features/admin-staff/api.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./admin.module.css";

/** {admin}/waiters: the staff list with each waiter's tables. */
export default function WaitersPage() {
  const { t } = useTranslation();
  const waiters = useCrmWaiters();
  const tables = useWaiterTableOptions();
  const labelOf = (id: number) => tables.data?.find((table) => table.id === id)?.label ?? `#${id}`;
  return (
    <section className={styles.section} aria-labelledby="admin-waiters-title">
      <div className={styles.sectionHead}>
        <h2 id="admin-waiters-title">{t("admin.waiters.title")}</h2>
        <Link to="../wait" className={styles.small} data-testid="waiter-add">
          + {t("admin.waiters.add")}
        </Link>
      </div>
      {waiters.isPending ? (
        <DelayedSkeleton rows={5} />
      ) : waiters.data?.length ? (
        <ul className={styles.list}>
          {waiters.data.map((waiter) => (
            <li key={waiter.id} className={`${styles.row} ${styles.rowOpens}`} data-testid={`waiter-row-${waiter.userName}`}>
              {/* The title's link covers the whole row. */}
              <Link to={`../wait/${waiter.id}`} className={styles.rowTitle}>
                {[waiter.firstName, waiter.lastName].filter(Boolean).join(" ") || waiter.userName}
              </Link>
              <span className={styles.rowMeta}>{waiter.userName}</span>
              <span className={styles.rowMeta}>
                {t("admin.waiters.tables")}: {waiter.tableIds.map(labelOf).join(", ") || "—"}
              </span>
              <span className={styles.rowEdit} aria-hidden="true">
                {t("admin.common.edit")} ›
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>{waiters.isError ? t("admin.common.loadFailed") : t("admin.common.empty")}</p>
      )}
    </section>
  );
}
