import { useState } from "react";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { useFormatEuros } from "../../../components/price.tsx";
import { Switch } from "../../../components/switch.tsx";
import { AvailabilityEditor } from "../../../features/product-availability/components/availability-editor.tsx";
import { useWaiterMenu } from "../../../features/waiter-order/api.ts";
import { useAssignMe, useTableAssignments } from "../../../features/waiter-tasks/api/waiter-api.ts";
import { notificationSound } from "../../../features/waiter-tasks/new-task-alert.ts";
import { ringBell } from "../../../lib/bell.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import { useStoredValue } from "../../../lib/stored-value.ts";
import styles from "./waiter.module.css";

function TablesTab() {
  const { t } = useTranslation();
  const euros = useFormatEuros();
  const tables = useTableAssignments();
  const assign = useAssignMe();
  if (tables.isPending) return <DelayedSkeleton rows={10} />;
  if (!tables.data?.length) return <p className={styles.empty}>{t("waiter.noTables")}</p>;
  return (
    <ul className={styles.list} data-testid="waiter-tables">
      {tables.data.map((table) => (
        <li key={table.tableId} className={styles.row} data-testid="waiter-table" data-label={table.label}>
          <Switch
            size="sm"
            label={t("waiter.table", { name: table.label })}
            hint={`${euros(table.amount)} · ${t("waiter.waiterCount", { count: table.waiterCount })}`}
            checked={table.assigned}
            loading={assign.isPending && assign.variables?.tableId === table.tableId}
            onChange={(active) => assign.mutate({ tableId: table.tableId, active })}
            testId="supervise-table"
          />
        </li>
      ))}
    </ul>
  );
}

/** The kitchen's editor over the venue's menu: grouped by category, with the menu's search. */
function AvailabilityTab() {
  const { site: lang } = useLanguage();
  return <AvailabilityEditor menu={useWaiterMenu(lang)} staff="waiter" />;
}

/** Whether a guest's call or payment request rings; turning it on rings once, so the waiter hears it. */
function NotificationSoundSetting() {
  const { t } = useTranslation();
  const on = useStoredValue(notificationSound);
  return (
    <Switch
      label={t("waiter.notificationSound")}
      hint={t("waiter.notificationSoundHint")}
      checked={on}
      onChange={(next) => {
        notificationSound.set(next);
        if (next) void ringBell();
      }}
      testId="notification-sound"
    />
  );
}

/** settings: the notification sound, then tabs Tables and Availability (spec 2 §2.4). */
export default function WaiterSettingsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<"tables" | "availability">("tables");
  return (
    <div className={styles.feed} data-testid="waiter-settings">
      <section className={styles.panel}>
        <NotificationSoundSetting />
      </section>
      <div className={styles.tabs} role="tablist">
        {(["tables", "availability"] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={styles.tab}
            onClick={() => setTab(key)}
            data-testid={`tab-${key}`}
          >
            {t(key === "tables" ? "waiter.tabTables" : "waiter.tabAvailability")}
          </button>
        ))}
      </div>
      <section className={styles.panel} role="tabpanel">
        {tab === "tables" ? <TablesTab /> : <AvailabilityTab />}
      </section>
    </div>
  );
}
