import { tableForm } from "@tableorder/domain/contracts/crm-tables";
import { useEffect } from "react";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { useCrmWaiters } from "../../../features/admin-staff/api.ts";
import { deleteTable, saveTable, TABLES_KEY, tableKey, useCrmTable } from "../../../features/admin-tables/api.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./admin.module.css";
import { TextField, useCrmForm } from "./form-parts.tsx";
import { RecordForm, toggled, useRecordForm, useRecordId } from "./record-form.tsx";

/** The server's keyed uniqueness errors, shown on the field they concern. */
const KEYED = { table_name_already_exists: "label", table_code_already_exists: "code" };

/** {admin}/table/:id? — add (no id) or edit a table (spec 3 §2.2, §5). */
export default function TableFormPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const existing = useCrmTable(id);
  const waiters = useCrmWaiters();
  const form = useCrmForm({ label: "", code: "", waiterIds: [] as number[], onService: true }, tableForm);
  const actions = useRecordForm({
    id,
    listPath: "../tables",
    recordKey: tableKey(id),
    lists: [TABLES_KEY],
    validate: form.submit,
    save: () => saveTable(id, form.values),
    remove: deleteTable,
    showSaveErrors: (error) => form.failed(error, KEYED),
  });
  const { reset } = form;
  useEffect(() => {
    if (existing.data) reset({ ...existing.data });
  }, [existing.data, reset]);

  if (id !== null && existing.isPending) return <DelayedSkeleton rows={4} />;

  return (
    <RecordForm name="table" heading={id === null ? t("admin.tables.add") : t("admin.tables.edit")} actions={actions}>
      <TextField
        id="table-label"
        label={t("admin.tables.label")}
        value={form.values.label}
        error={form.errors.label}
        onChange={(v) => form.set("label", v)}
      />
      <TextField
        id="table-code"
        label={t("admin.tables.code")}
        value={form.values.code}
        error={form.errors.code}
        onChange={(v) => form.set("code", v)}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={form.values.onService}
          onChange={(e) => form.set("onService", e.target.checked)}
          data-testid="table-on-service"
        />
        {t("admin.tables.onService")}
      </label>
      {!!waiters.data?.length && (
        <fieldset className={styles.checks}>
          <legend>{t("admin.tables.waiters")}</legend>
          {waiters.data.map((waiter) => (
            <label key={waiter.id} className={styles.check}>
              <input
                type="checkbox"
                checked={form.values.waiterIds.includes(waiter.id)}
                onChange={() => form.set("waiterIds", toggled(form.values.waiterIds, waiter.id))}
              />
              {[waiter.firstName, waiter.lastName].filter(Boolean).join(" ") || waiter.userName}
            </label>
          ))}
        </fieldset>
      )}
    </RecordForm>
  );
}
