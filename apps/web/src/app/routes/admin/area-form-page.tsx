import { createPreparationAreaRequest, updatePreparationAreaRequest } from "@tableorder/domain/contracts/crm-preparation-areas";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { toast } from "../../../components/toasts.tsx";
import { AREAS_KEY, areaKey, deleteArea, saveArea, useCrmArea } from "../../../features/admin-areas/api.ts";
import { TestPrintButton } from "../../../features/admin-areas/components/test-print-button.tsx";
import { useRecordDeletion } from "../../../features/admin-shell/use-record-deletion.ts";
import { useAdminIp } from "../../../features/cash-desk/api/get-admin-ip.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./admin.module.css";
import { focusFirstInvalid, TextField, useCrmForm, useDeleteConfirmation } from "./form-parts.tsx";

const KEYED = { prep_area_name_exists: "name", username_exists: "username", userexists: "username" };

/**
 * {admin}/preparation-area/:id? — add or edit a preparation area; returns to {admin}/tables. Delete only in edit
 * mode, for those who may delete (spec 3 §6). The
 * venue's administrator can also send a test page to a saved area's printer.
 */
export default function AreaFormPage({ isAdmin, mayDelete }: { isAdmin: boolean; mayDelete: boolean }) {
  const { t } = useTranslation();
  const { confirmDelete, deleteDialog } = useDeleteConfirmation();
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useCrmArea(id);
  // The print agent's address and the venue's name, for the test print.
  const venue = useAdminIp(isAdmin && id !== null);
  const deleteRecord = useRecordDeletion({ recordKey: areaKey(id), refresh: [AREAS_KEY] });
  // Create requires a password; on edit an untouched (empty) one keeps the current password.
  const schema = id === null ? createPreparationAreaRequest : updatePreparationAreaRequest;
  const form = useCrmForm({ name: "", username: "", password: "", printerIp: "" }, schema);
  const [saving, setSaving] = useState(false);
  const { reset } = form;
  useEffect(() => {
    if (existing.data)
      reset({
        name: existing.data.name,
        username: existing.data.username ?? "",
        password: "",
        printerIp: existing.data.printerIp ?? "",
      });
  }, [existing.data, reset]);

  if (id !== null && existing.isPending) return <DelayedSkeleton rows={4} />;
  const back = () => navigate("../tables");
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.submit()) return focusFirstInvalid(event.currentTarget);
    setSaving(true);
    try {
      await saveArea(id, { ...form.values, printerIp: form.values.printerIp || null });
      await queryClient.invalidateQueries({ queryKey: AREAS_KEY });
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
      await deleteRecord(() => deleteArea(id));
      toast.success(t("admin.common.deleted"));
      back();
    } catch {
      // the API client has shown the keyed error (e.g. prep_area_has_products)
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="area-form">
      {deleteDialog}
      <h2>{id === null ? t("admin.areas.add") : t("admin.areas.edit")}</h2>
      <TextField
        id="area-name"
        label={t("admin.areas.name")}
        value={form.values.name}
        error={form.errors.name}
        onChange={(v) => form.set("name", v)}
      />
      <TextField
        id="area-username"
        label={t("admin.areas.username")}
        value={form.values.username}
        error={form.errors.username}
        onChange={(v) => form.set("username", v)}
      />
      <TextField
        id="area-password"
        type="password"
        autoComplete="new-password"
        label={t("admin.areas.password")}
        value={form.values.password}
        error={form.errors.password}
        hint={id !== null ? t("admin.common.passwordHint") : undefined}
        onChange={(v) => form.set("password", v)}
      />
      <TextField
        id="area-printer-ip"
        label={t("admin.areas.printerIp")}
        value={form.values.printerIp}
        error={form.errors.printerIp}
        onChange={(v) => form.set("printerIp", v)}
      />
      {isAdmin && existing.data && (
        <TestPrintButton
          agentAddress={venue.isPending ? undefined : (venue.data?.address ?? null)}
          venueName={venue.data?.venueName ?? ""}
          area={{ name: existing.data.name, printerIp: existing.data.printerIp ?? null }}
          typedPrinterIp={form.values.printerIp}
        />
      )}
      <div className={styles.formActions}>
        <Button type="submit" loading={saving} data-testid="area-save">
          {t("admin.common.save")}
        </Button>
        <Button variant="secondary" onClick={back}>
          {t("admin.common.cancel")}
        </Button>
        {id !== null && mayDelete && (
          <Button variant="danger" onClick={onDelete} disabled={saving} data-testid="area-delete">
            {t("admin.common.delete")}
          </Button>
        )}
      </div>
    </form>
  );
}
