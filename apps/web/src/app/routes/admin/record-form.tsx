import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Button } from "../../../components/button.tsx";
import { useConfirm } from "../../../components/confirm-dialog.tsx";
import { toast } from "../../../components/toasts.tsx";
import { useRecordDeletion } from "../../../features/admin-shell/use-record-deletion.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./admin.module.css";
import { focusFirstInvalid } from "./form-parts.tsx";

/** The record an add-or-edit route (`…/:id?`) shows: its id, or null to add one. */
export function useRecordId(): number | null {
  const { id } = useParams();
  return id ? Number(id) : null;
}

/** A check list's ids with one ticked or unticked. */
export function toggled(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

/**
 * The back office's "delete this record?" question: `confirmDelete()` resolves true once the user
 * confirms in the app's own dialog; render `deleteDialog` in the form.
 */
function useDeleteConfirmation(): { confirmDelete: () => Promise<boolean>; deleteDialog: ReactNode } {
  const { t } = useTranslation();
  const { confirm, dialog } = useConfirm();
  const confirmDelete = () =>
    confirm({ title: t("admin.common.confirmDelete"), confirmLabel: t("admin.common.delete"), danger: true });
  return { confirmDelete, deleteDialog: dialog };
}

export type RecordFormOptions = {
  /** The record shown, or null while adding one. */
  id: number | null;
  /** Where the form returns after a save, a delete or Cancel (relative to the form's route). */
  listPath: string;
  /** The record's own query, dropped once it is deleted. */
  recordKey: QueryKey;
  /** The lists a save or a delete changes, read again before the form leaves. */
  lists: QueryKey[];
  /** Checks the form and shows its errors; false keeps the form open. */
  validate: () => boolean;
  save: () => Promise<unknown>;
  remove: (id: number) => Promise<void>;
  /** Puts a refused save's errors on their fields; false when it had none (a toast then says what failed). */
  showSaveErrors: (error: unknown) => boolean;
  /** Whether this user may delete such records (spec 3 §6); the control is offered in edit mode only. */
  mayDelete?: boolean;
};

export type RecordFormActions = {
  id: number | null;
  saving: boolean;
  canDelete: boolean;
  back: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onDelete: () => Promise<void>;
  deleteDialog: ReactNode;
};

/**
 * What every back-office record form does around its fields, written once: a save checks the form,
 * sends it, reads the lists again, says so and returns to the list; a delete asks first, and a
 * refused one leaves the form as it was (the API client has shown the keyed reason). Both keep the
 * buttons busy, so a double tap sends once.
 */
export function useRecordForm(options: RecordFormOptions): RecordFormActions {
  const { id, listPath, recordKey, lists, validate, save, remove, showSaveErrors, mayDelete = true } = options;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { confirmDelete, deleteDialog } = useDeleteConfirmation();
  const deleteRecord = useRecordDeletion({ recordKey, refresh: lists });
  const [saving, setSaving] = useState(false);
  const back = () => navigate(listPath);

  const busyWhile = async (work: () => Promise<void>, onError: (error: unknown) => void) => {
    setSaving(true);
    try {
      await work();
    } catch (error) {
      onError(error);
    } finally {
      setSaving(false);
    }
  };
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (!validate()) return focusFirstInvalid(event.currentTarget);
    await busyWhile(
      async () => {
        await save();
        await Promise.all(lists.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        toast.success(t("admin.common.saved"), { arrival: true });
        back();
      },
      (error) => {
        if (!showSaveErrors(error)) toast.error(error instanceof Error ? error.message : String(error));
      },
    );
  };
  const onDelete = async () => {
    if (id === null || saving || !(await confirmDelete())) return;
    await busyWhile(
      async () => {
        await deleteRecord(() => remove(id));
        toast.success(t("admin.common.deleted"), { arrival: true });
        back();
      },
      // The API client has shown the keyed reason (e.g. active_session_on_table, prep_area_has_products).
      () => {},
    );
  };
  return { id, saving, canDelete: id !== null && mayDelete, back, onSubmit, onDelete, deleteDialog };
}

/**
 * A record form's frame: its heading, its fields and the bar of Save, Cancel and (for those who may)
 * Delete. `name` prefixes the test ids (`{name}-form`, `{name}-save`, `{name}-delete`).
 */
export function RecordForm({
  name,
  heading,
  actions,
  children,
}: {
  name: string;
  heading: string;
  actions: RecordFormActions;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form className={styles.form} onSubmit={actions.onSubmit} noValidate data-testid={`${name}-form`}>
      {actions.deleteDialog}
      <h2>{heading}</h2>
      {children}
      <div className={styles.formActions}>
        <Button type="submit" loading={actions.saving} data-testid={`${name}-save`}>
          {t("admin.common.save")}
        </Button>
        <Button variant="secondary" onClick={actions.back}>
          {t("admin.common.cancel")}
        </Button>
        {actions.canDelete && (
          <Button variant="danger" onClick={actions.onDelete} disabled={actions.saving} data-testid={`${name}-delete`}>
            {t("admin.common.delete")}
          </Button>
        )}
      </div>
    </form>
  );
}
