import { type ContactRequestRow, type CreatedVenue, createVenueRequest } from "@tableorder/domain/contracts/operator";
import { RETAILER_TYPES } from "@tableorder/domain/enums";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Dialog } from "../../../components/dialog.tsx";
import { messageText } from "../../../features/admin-shell/form-errors.ts";
import { useCreateVenue } from "../../../features/operator-console/api.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useLanguage, useTranslation } from "../../../lib/i18n.ts";
import adminStyles from "../admin/admin.module.css";
import { focusFirstInvalid, TextField, useCrmForm } from "../admin/form-parts.tsx";
import { LinkPanel } from "./link-panel.tsx";
import styles from "./operator.module.css";

/** The keyed errors that belong to one field of the form. */
const KEYED_FIELDS = { username_exists: "adminUsername" };

/**
 * A new venue with its first administrator, from a contact-form request (its company filled in,
 * and the request then reads "became a venue") or from nothing. On success the dialog shows the
 * administrator's one-time set-password link in place of the form.
 */
export function CreateVenueDialog({ request, onClose }: { request: ContactRequestRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { site: lang } = useLanguage();
  const id = useId();
  const create = useCreateVenue();
  const [created, setCreated] = useState<CreatedVenue | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useCrmForm(
    { name: request?.companyName ?? "", type: "", adminUsername: "", adminFirstName: "", adminLastName: "" },
    createVenueRequest,
  );
  const { values, errors } = form;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    setFailure(null);
    if (!form.submit()) return focusFirstInvalid(element);
    create.mutate(
      { ...values, type: values.type as CreateVenueRequestType, contactRequestId: request?.id ?? null },
      {
        onSuccess: setCreated,
        onError: (error) => {
          if (form.failed(error, KEYED_FIELDS)) focusFirstInvalid(element);
          else setFailure(errorMessage(error));
        },
      },
    );
  };

  const typeError = errors.type ? messageText(errors.type, lang) : null;
  return (
    <Dialog
      title={created ? t("operator.link.title") : t("operator.create.title")}
      onClose={onClose}
      testId="create-venue-dialog"
    >
      {created ? (
        <div className={styles.dialogForm}>
          <LinkPanel venueName={created.venue.name} link={created.link} />
          <div className={adminStyles.formActions}>
            <Button onClick={onClose} data-testid="create-venue-done">
              {t("operator.link.done")}
            </Button>
          </div>
        </div>
      ) : (
        <form className={styles.dialogForm} onSubmit={onSubmit} noValidate>
          {request && (
            <p className={adminStyles.hint}>
              {t("operator.create.fromRequest", { name: request.name, phone: request.phone, email: request.email })}
            </p>
          )}
          <TextField
            id="name"
            label={t("operator.create.name")}
            value={values.name}
            error={errors.name}
            onChange={(v) => form.set("name", v)}
          />
          <div className={adminStyles.field}>
            <label htmlFor={`${id}-type`}>{t("operator.create.type")}</label>
            <select
              id={`${id}-type`}
              value={values.type}
              aria-invalid={typeError ? true : undefined}
              onChange={(e) => form.set("type", e.target.value)}
              data-testid="field-type"
            >
              <option value="">{t("operator.create.chooseType")}</option>
              {RETAILER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`retailerType.${type}`)}
                </option>
              ))}
            </select>
            {typeError && <p className={adminStyles.error}>{typeError}</p>}
          </div>
          <TextField
            id="adminUsername"
            label={t("operator.create.adminUsername")}
            value={values.adminUsername}
            error={errors.adminUsername}
            onChange={(v) => form.set("adminUsername", v)}
          />
          <TextField
            id="adminFirstName"
            label={t("operator.create.adminFirstName")}
            value={values.adminFirstName}
            error={errors.adminFirstName}
            onChange={(v) => form.set("adminFirstName", v)}
          />
          <TextField
            id="adminLastName"
            label={t("operator.create.adminLastName")}
            value={values.adminLastName}
            error={errors.adminLastName}
            onChange={(v) => form.set("adminLastName", v)}
          />
          {failure && (
            <p className={adminStyles.error} role="alert">
              {failure}
            </p>
          )}
          <div className={adminStyles.formActions}>
            <Button type="submit" loading={create.isPending} data-testid="create-venue-submit">
              {t("operator.create.submit")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

type CreateVenueRequestType = (typeof RETAILER_TYPES)[number];
