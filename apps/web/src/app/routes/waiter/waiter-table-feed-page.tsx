import { useParams } from "react-router";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { Price } from "../../../components/price.tsx";
import { useStaffTableFeed } from "../../../features/waiter-tasks/api/waiter-api.ts";
import { TaskItems } from "../../../features/waiter-tasks/components/task-items.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./waiter.module.css";

/** {id}/{label}/feed: a table's items with their status and payment status (read-only for now). */
export default function WaiterTableFeedPage() {
  const { t } = useTranslation();
  const params = useParams();
  const tableId = Number(params.id);
  const feed = useStaffTableFeed(tableId);
  const data = feed.data;
  return (
    <div className={styles.feed} data-testid="waiter-table-feed">
      <section className={styles.panel}>
        <h2 className={styles.panelTitle}>{t("waiter.table", { name: data?.label ?? params.label ?? "" })}</h2>
        {feed.isPending && <DelayedSkeleton rows={4} />}
        {data && data.tableFeed.length === 0 && <p className={styles.empty}>{t("waiter.nothingOrdered")}</p>}
        {data && data.tableFeed.length > 0 && <TaskItems items={data.tableFeed} badges />}
        {data && (
          <p className={styles.panelSum} data-testid="table-unpaid">
            {t("waiter.unpaid")} ({data.totalUnpaidCount}) <Price cents={data.totalUnpaidPrice} />
          </p>
        )}
      </section>
    </div>
  );
}
