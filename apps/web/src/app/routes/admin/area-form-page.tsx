import { createPreparationAreaRequest, updatePreparationAreaRequest } from "@tableorder/domain/contracts/crm-preparation-areas";
import { useEffect } from "react";
import { DelayedSkeleton } from "../../../components/delayed-skeleton.tsx";
import { AREAS_KEY, areaKey, deleteArea, saveArea, useCrmArea } from "../../../features/admin-areas/api.ts";
import { TestPrintButton } from "../../../features/admin-areas/components/test-print-button.tsx";
import { useAdminIp } from "../../../features/cash-desk/api/get-admin-ip.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import { TextField, useCrmForm } from "./form-parts.tsx";
import { RecordForm, useRecordForm, useRecordId } from "./record-form.tsx";

const KEYED = { prep_area_name_exists: "name", username_exists: "username", userexists: "username" };

/**
 * {admin}/preparation-area/:id? — add or edit a preparation area; returns to {admin}/tables. Delete only in edit
 * mode, for those who may delete (spec 3 §6). The
 * venue's administrator can also send a test page to a saved area's printer.
 */
export default function AreaFormPage({ isAdmin, mayDelete }: { isAdmin: boolean; mayDelete: boolean }) {
  const { t } = useTranslation();
  const id = useRecordId();
  const existing = useCrmArea(id);
  // The print agent's address and the venue's name, for the test print.
  const venue = useAdminIp(isAdmin && id !== null);
  // Create requires a password; on edit an untouched (empty) one keeps the current password.
  const schema = id === null ? createPreparationAreaRequest : updatePreparationAreaRequest;
  const form = useCrmForm({ name: "", username: "", password: "", printerIp: "" }, schema);
  const actions = useRecordForm({
    id,
    listPath: "../tables",
    recordKey: areaKey(id),
    lists: [AREAS_KEY],
    validate: form.submit,
    save: () => saveArea(id, { ...form.values, printerIp: form.values.printerIp || null }),
    remove: deleteArea,
    showSaveErrors: (error) => form.failed(error, KEYED),
    mayDelete,
  });
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
  return (
    <RecordForm name="area" heading={id === null ? t("admin.areas.add") : t("admin.areas.edit")} actions={actions}>
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
    </RecordForm>
  );
}
