import { createWaiterRequest, updateWaiterRequest } from "@tableorder/domain/contracts/crm-waiters";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { toast } from "../../../components/toasts.tsx";
import { useRecordDeletion } from "../../../features/admin-shell/use-record-deletion.ts";
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
import { focusFirstInvalid, TextField, useCrmForm, useDeleteConfirmation } from "./form-parts.tsx";

const KEYED = { username_exists: "userName", userexists: "userName" };

/** {admin}/wait/:id? — add or edit a waiter; delete only in edit mode, for those who may delete (spec 3 §6). */
export default function WaiterFormPage({ mayDelete }: { mayDelete: boolean }) {
  const { t } = useTranslation();
  const { confirmDelete, deleteDialog } = useDeleteConfirmation();
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useCrmWaiter(id);
  // A waiter's tables show how many waiters each has: the tables change with the waiters.
  const deleteRecord = useRecordDeletion({ recordKey: waiterKey(id), refresh: [WAITERS_KEY, TABLES_KEY] });
  const tables = useWaiterTableOptions();
  const schema = id === null ? createWaiterRequest : updateWaiterRequest;
  const form = useCrmForm({ firstName: "", lastName: "", userName: "", password: "", tableIds: [] as number[] }, schema);
  const [saving, setSaving] = useState(false);
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
  const back = () => navigate("../waiters");
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: WAITERS_KEY }),
      queryClient.invalidateQueries({ queryKey: TABLES_KEY }),
    ]);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return focusFirstInvalid(event.currentTarget);
    setSaving(true);
    try {
      await saveWaiter(id, form.values);
      await refresh();
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
      await deleteRecord(() => deleteWaiter(id));
      toast.success(t("admin.common.deleted"));
      back();
    } catch {
      // the API client has shown the error
    } finally {
      setSaving(false);
    }
  };
  const toggleTable = (tableId: number) =>
    form.set(
      "tableIds",
      form.values.tableIds.includes(tableId)
        ? form.values.tableIds.filter((x) => x !== tableId)
        : [...form.values.tableIds, tableId],
    );
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="waiter-form">
      {deleteDialog}
      <h2>{id === null ? t("admin.waiters.add") : t("admin.waiters.edit")}</h2>
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
              <input type="checkbox" checked={form.values.tableIds.includes(table.id)} onChange={() => toggleTable(table.id)} />
              {table.label}{" "}
              <span className={styles.rowMeta}>({t("admin.waiters.waiterCount", { count: table.waiterCount })})</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className={styles.formActions}>
        <Button type="submit" loading={saving} data-testid="waiter-save">
          {t("admin.common.save")}
        </Button>
        <Button variant="secondary" onClick={back}>
          {t("admin.common.cancel")}
        </Button>
        {id !== null && mayDelete && (
          <Button variant="danger" onClick={onDelete} disabled={saving} data-testid="waiter-delete">
            {t("admin.common.delete")}
          </Button>
        )}
      </div>
    </form>
  );
}
