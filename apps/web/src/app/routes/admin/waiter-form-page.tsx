import { createWaiterRequest, updateWaiterRequest } from "@tableorder/domain/contracts/crm-waiters";
import { useEffect } from "react";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import {
  deleteWaiter,
  saveWaiter,
  useCrmWaiter,
  useWaiterTableOptions,
  WAITERS_KEY,
  waiterKey,
} from "../../../features/admin-staff/api.ts";
import { TABLES_KEY } from "../../../features/admin-tables/api.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./admin.module.css";
import { TextField, useCrmForm } from "./form-parts.tsx";
import { RecordForm, toggled, useRecordForm, useRecordId } from "./record-form.tsx";

const KEYED = { username_exists: "userName", userexists: "userName" };

/** {admin}/wait/:id? — add or edit a waiter; delete only in edit mode, for those who may delete (spec 3 §6). */
export default function WaiterFormPage({ mayDelete }: { mayDelete: boolean }) {
  const { t } = useTranslation();
  const id = useRecordId();
  const existing = useCrmWaiter(id);
  const tables = useWaiterTableOptions();
  const schema = id === null ? createWaiterRequest : updateWaiterRequest;
  const form = useCrmForm({ firstName: "", lastName: "", userName: "", password: "", tableIds: [] as number[] }, schema);
  const actions = useRecordForm({
    id,
    listPath: "../waiters",
    recordKey: waiterKey(id),
    // A waiter's tables show how many waiters each has: the tables change with the waiters.
    lists: [WAITERS_KEY, TABLES_KEY],
    validate: form.submit,
    save: () => saveWaiter(id, form.values),
    remove: deleteWaiter,
    showSaveErrors: (error) => form.failed(error, KEYED),
    mayDelete,
  });
  const { reset } = form;
  useEffect(() => {
    const w = existing.data;
    if (w)
      reset({
        firstName: w.firstName ?? "",
        lastName: w.lastName ?? "",
        userName: w.userName,
        password: "",
        tableIds: w.tableIds,
      });
  }, [existing.data, reset]);

  if (id !== null && existing.isPending) return <DelayedSkeleton rows={5} />;
  return (
    <RecordForm name="waiter" heading={id === null ? t("admin.waiters.add") : t("admin.waiters.edit")} actions={actions}>
      <TextField
        id="waiter-first-name"
        label={t("admin.waiters.firstName")}
        value={form.values.firstName}
        error={form.errors.firstName}
        onChange={(v) => form.set("firstName", v)}
      />
      <TextField
        id="waiter-last-name"
        label={t("admin.waiters.lastName")}
        value={form.values.lastName}
        error={form.errors.lastName}
        onChange={(v) => form.set("lastName", v)}
      />
      <TextField
        id="waiter-username"
        label={t("admin.waiters.userName")}
        value={form.values.userName}
        error={form.errors.userName}
        onChange={(v) => form.set("userName", v)}
      />
      <TextField
        id="waiter-password"
        type="password"
        autoComplete="new-password"
        label={t("admin.waiters.password")}
        value={form.values.password}
        error={form.errors.password}
        hint={id !== null ? t("admin.common.passwordHint") : undefined}
        onChange={(v) => form.set("password", v)}
      />
      {!!tables.data?.length && (
        <fieldset className={styles.checks}>
          <legend>{t("admin.waiters.tables")}</legend>
          {tables.data.map((table) => (
            <label key={table.id} className={styles.check}>
              <input
                type="checkbox"
                checked={form.values.tableIds.includes(table.id)}
                onChange={() => form.set("tableIds", toggled(form.values.tableIds, table.id))}
              />
              {table.label}{" "}
              <span className={styles.rowMeta}>({t("admin.waiters.waiterCount", { count: table.waiterCount })})</span>
            </label>
          ))}
        </fieldset>
      )}
    </RecordForm>
  );
}
