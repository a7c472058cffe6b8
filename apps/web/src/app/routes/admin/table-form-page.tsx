import { tableForm } from "@tableorder/domain/contracts/crm-tables";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { toast } from "../../../components/toasts.tsx";
import { useRecordDeletion } from "../../../features/admin-shell/use-record-deletion.ts";
import { useCrmWaiters } from "../../../features/admin-staff/api.ts";
import { deleteTable, saveTable, TABLES_KEY, tableKey, useCrmTable } from "../../../features/admin-tables/api.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./admin.module.css";
import { focusFirstInvalid, TextField, useCrmForm, useDeleteConfirmation } from "./form-parts.tsx";

/** The server's keyed uniqueness errors, shown on the field they concern. */
const KEYED = { table_name_already_exists: "label", table_code_already_exists: "code" };

/** {admin}/table/:id? — add (no id) or edit a table (spec 3 §2.2, §5). */
export default function TableFormPage() {
  const { t } = useTranslation();
  const { confirmDelete, deleteDialog } = useDeleteConfirmation();
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useCrmTable(id);
  const deleteRecord = useRecordDeletion({ recordKey: tableKey(id), refresh: [TABLES_KEY] });
  const waiters = useCrmWaiters();
  const form = useCrmForm({ label: "", code: "", waiterIds: [] as number[], onService: true }, tableForm);
  const [saving, setSaving] = useState(false);
  const { reset } = form;
  useEffect(() => {
    if (existing.data) reset({ ...existing.data });
  }, [existing.data, reset]);

  if (id !== null && existing.isPending) return <DelayedSkeleton rows={4} />;
  const back = () => navigate("../tables");

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return focusFirstInvalid(event.currentTarget);
    setSaving(true);
    try {
      await saveTable(id, form.values);
      await queryClient.invalidateQueries({ queryKey: TABLES_KEY });
      toast.success(t("admin.common.saved"));
      back();
    } catch (error) {
      if (!form.failed(error, KEYED)) toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };
  const onDelete = async () => {
    if (id === null || !(await confirmDelete())) return;
    setSaving(true);
    try {
      await deleteRecord(() => deleteTable(id));
      toast.success(t("admin.common.deleted"));
      back();
    } catch {
      // the API client has shown the keyed error (e.g. active_session_on_table)
    } finally {
      setSaving(false);
    }
  };
  const toggleWaiter = (waiterId: number) =>
    form.set(
      "waiterIds",
      form.values.waiterIds.includes(waiterId)
        ? form.values.waiterIds.filter((w) => w !== waiterId)
        : [...form.values.waiterIds, waiterId],
    );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="table-form">
      {deleteDialog}
      <h2>{id === null ? t("admin.tables.add") : t("admin.tables.edit")}</h2>
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
                onChange={() => toggleWaiter(waiter.id)}
              />
              {[waiter.firstName, waiter.lastName].filter(Boolean).join(" ") || waiter.userName}
            </label>
          ))}
        </fieldset>
      )}
      <div className={styles.formActions}>
        <Button type="submit" loading={saving} data-testid="table-save">
          {t("admin.common.save")}
        </Button>
        <Button variant="secondary" onClick={back}>
          {t("admin.common.cancel")}
        </Button>
        {id !== null && (
          <Button variant="danger" onClick={onDelete} disabled={saving} data-testid="table-delete">
            {t("admin.common.delete")}
          </Button>
        )}
      </div>
    </form>
  );
}
