import type { InvoicingTaxField } from "@tableorder/domain/contracts/card-terminals";
import { TERMINAL_TYPES } from "@tableorder/domain/contracts/card-terminals";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { DelayedSkeleton } from "../../../../components/delayed-skeleton.tsx";
import { toast } from "../../../../components/toasts.tsx";
import { INVOICING_DETAILS_KEY, useInvoicingDetails } from "../../../../features/admin-settings/api/get-invoicing-details.ts";
import { usePendingDocuments } from "../../../../features/admin-settings/api/get-pending-documents.ts";
import { saveInvoicingDetails } from "../../../../features/admin-settings/api/save-invoicing-details.ts";
import {
  ageParts,
  emptyTerminal,
  type InvoicingValues,
  inputFromValues,
  invoicingFieldErrors,
  type TerminalRow,
  touchedAfterRemoval,
  valuesFromDetails,
} from "../../../../features/admin-settings/invoicing-form.ts";
import * as texts from "../../../../features/admin-settings/invoicing-texts.ts";
import { messageText, serverFieldErrors, visibleErrors } from "../../../../features/admin-shell/form-errors.ts";
import { ApiError, errorMessage } from "../../../../lib/api-client.ts";
import { addAreaCatalog, useTranslation } from "../../../../lib/i18n.ts";
import styles from "../admin.module.css";
import { TextField } from "../form-parts.tsx";
import own from "./invoicing-settings.module.css";
import shared from "./settings.module.css";

addAreaCatalog(texts);

/** The toggle's refusals (spec 3 §8) show under the toggle. */
const KEYED = {
  invoicing_enable_active_service: "isInvoicingEnabled",
  invoicing_disable_active_service: "isInvoicingEnabled",
  order_slip_choice_active_service: "orderSlipOnEveryOrder",
};
const SHOP_FIELDS: InvoicingTaxField[] = ["name", "description", "address", "city", "zip", "phone", "website"];
const TAX_ONLY: InvoicingTaxField[] = ["tin", "taxOffice", "gemhNumber"];
const TERMINAL_TEXT = ["friendlyName", "tid", "mid", "authorizationCode"] as const;

function PendingTransmission() {
  const { t } = useTranslation();
  const pending = usePendingDocuments();
  if (!pending.data) return null;
  const { count, oldestAgeSeconds } = pending.data;
  const age = ageParts(oldestAgeSeconds);
  return (
    <section className={`${own.pending} ${count > 0 ? own.pendingWarn : ""}`} aria-live="polite" data-testid="invoicing-pending">
      <strong>{t("invoicing.pending.title")}</strong>
      {count === 0 ? (
        <p>{t("invoicing.pending.none")}</p>
      ) : (
        <>
          <p data-testid="invoicing-pending-count">{t("invoicing.pending.count", { count })}</p>
          <p data-testid="invoicing-pending-age">
            {t("invoicing.pending.oldest", { age: t(`invoicing.pending.${age.unit}`, { count: age.count }) })}
          </p>
        </>
      )}
    </section>
  );
}

/**
 * {admin}/invoicing-settings (ADMIN only, spec 3 §2.4, §3, §5, §8): the venue's shop and tax
 * details, its myDATA credentials (shown masked; typing replaces them), the invoicing toggle and
 * its card terminals. The domain's own rules check the form as the user types; the server's field
 * and keyed errors land on the same fields, and a failed save stays on the screen.
 */
export default function InvoicingSettingsPage() {
  const { t, site: lang } = useTranslation();
  const queryClient = useQueryClient();
  const details = useInvoicingDetails();
  const [values, setValues] = useState<InvoicingValues | null>(null);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (details.data) setValues(valuesFromDetails(details.data));
  }, [details.data]);
  const clientErrors = useMemo(() => (values ? invoicingFieldErrors(values) : {}), [values]);

  if (details.isError) return <p className={styles.empty}>{t("admin.common.loadFailed")}</p>;
  if (!details.data || !values) return <DelayedSkeleton rows={8} />;
  const stored = details.data;
  const errors = visibleErrors(clientErrors, touched, serverErrors, submitted);
  const errorText = (field: string) => {
    const key = errors[field];
    return key ? (messageText(key, lang) ?? key) : null;
  };

  const touch = (...fields: string[]) => {
    setTouched((s) => new Set([...s, ...fields]));
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([f]) => !fields.includes(f))));
  };
  const setField = (field: InvoicingTaxField | "myDataUserId" | "myDataSubscriptionKey", value: string) => {
    setValues((v) => v && { ...v, [field]: value });
    touch(field);
  };
  const setTerminal = (index: number, field: keyof Omit<TerminalRow, "key">, value: string) => {
    setValues((v) => v && { ...v, terminals: v.terminals.map((row, i) => (i === index ? { ...row, [field]: value } : row)) });
    // The type decides whether MID or the authorization code is required: both show at once.
    touch(
      `terminals.${index}.${field}`,
      ...(field === "type" ? [`terminals.${index}.mid`, `terminals.${index}.authorizationCode`] : []),
    );
  };
  const addTerminal = () => {
    setValues((v) => v && { ...v, terminals: [...v.terminals, emptyTerminal()] });
    touch("terminals");
  };
  const removeTerminal = (index: number) => {
    setValues((v) => v && { ...v, terminals: v.terminals.filter((_, i) => i !== index) });
    setTouched((s) => touchedAfterRemoval(s, index).add("terminals"));
    setServerErrors({});
  };
  const setEnabled = (enabled: boolean) => {
    setValues((v) => v && { ...v, isInvoicingEnabled: enabled });
    // Turning it on makes a terminal required: that message shows at once.
    touch("isInvoicingEnabled", "terminals");
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(clientErrors).length) return;
    setSaving(true);
    try {
      const saved = await saveInvoicingDetails(inputFromValues(values));
      if (saved.isInvoicingEnabled !== stored.isInvoicingEnabled) {
        toast.success(t(saved.isInvoicingEnabled ? "invoicing.enabledToast" : "invoicing.disabledToast"));
      } else toast.success(t("admin.common.saved"));
      queryClient.setQueryData(INVOICING_DETAILS_KEY, saved);
      // The product editor shows VAT and goods/service only while invoicing is on (spec 3 §5).
      await queryClient.invalidateQueries({ queryKey: ["crm", "catalog", "invoicing-enabled"] });
      setTouched(new Set());
      setSubmitted(false);
      setServerErrors({});
    } catch (error) {
      const found = error instanceof ApiError ? serverFieldErrors(error.body, KEYED) : {};
      setServerErrors(found);
      const key = error instanceof ApiError ? error.key : null;
      if (key && KEYED[key as keyof typeof KEYED]) toast.error(messageText(key, lang) ?? key);
      else if (!Object.keys(found).length) toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const tax = (field: InvoicingTaxField) => (
    <TextField
      key={field}
      id={`invoicing-${field}`}
      label={t(`invoicing.fields.${field}`)}
      value={values[field]}
      error={errors[field]}
      onChange={(v) => setField(field, v)}
    />
  );
  const secret = (field: "myDataUserId" | "myDataSubscriptionKey") => {
    const masked = stored[field];
    return (
      <TextField
        id={`invoicing-${field}`}
        type={field === "myDataSubscriptionKey" ? "password" : "text"}
        autoComplete="new-password"
        label={t(`invoicing.${field}`)}
        hint={masked ? t("invoicing.storedSecret", { value: masked }) : t("invoicing.noSecret")}
        value={values[field]}
        error={errors[field]}
        onChange={(v) => setField(field, v)}
      />
    );
  };
  const toggleError = errorText("isInvoicingEnabled");
  const slipChoiceError = errorText("orderSlipOnEveryOrder");
  const terminalsError = errorText("terminals");

  return (
    <form className={`${styles.form} ${own.form}`} onSubmit={onSubmit} noValidate data-testid="invoicing-settings-form">
      <h2>{t("invoicing.title")}</h2>
      <PendingTransmission />
      <div className={shared.field}>
        <label className={shared.check}>
          <input
            type="checkbox"
            checked={values.isInvoicingEnabled}
            onChange={(e) => setEnabled(e.target.checked)}
            aria-invalid={toggleError ? true : undefined}
            aria-describedby={toggleError ? "invoicing-enabled-error" : undefined}
            data-testid="invoicing-enabled"
          />
          {t("invoicing.enabled")}
        </label>
        <p className={styles.hint}>{t("invoicing.enabledHint")}</p>
        {toggleError && (
          <p id="invoicing-enabled-error" className={styles.error} data-testid="error-invoicing-enabled">
            {toggleError}
          </p>
        )}
      </div>
      {values.isInvoicingEnabled && (
        <div className={shared.field}>
          <label className={shared.check}>
            <input
              type="checkbox"
              checked={values.orderSlipOnEveryOrder}
              onChange={(e) => {
                setValues((v) => v && { ...v, orderSlipOnEveryOrder: e.target.checked });
                touch("orderSlipOnEveryOrder");
              }}
              aria-invalid={slipChoiceError ? true : undefined}
              aria-describedby={slipChoiceError ? "order-slip-choice-error" : "order-slip-choice-hint"}
              data-testid="invoicing-order-slip-every-order"
            />
            {t("invoicing.orderSlipOnEveryOrder")}
          </label>
          <p id="order-slip-choice-hint" className={styles.hint}>
            {t("invoicing.orderSlipOnEveryOrderHint")}
          </p>
          {slipChoiceError && (
            <p id="order-slip-choice-error" className={styles.error} data-testid="error-order-slip-every-order">
              {slipChoiceError}
            </p>
          )}
        </div>
      )}
      <fieldset className={shared.group}>
        <legend>{t("invoicing.shop")}</legend>
        {tax("name")}
        {tax("description")}
        <div className={own.pair}>{SHOP_FIELDS.slice(2).map(tax)}</div>
      </fieldset>
      <fieldset className={shared.group}>
        <legend>{t("invoicing.tax")}</legend>
        <div className={own.pair}>{TAX_ONLY.map(tax)}</div>
      </fieldset>
      <fieldset className={shared.group}>
        <legend>{t("invoicing.myData")}</legend>
        <div className={own.pair}>
          {secret("myDataUserId")}
          {secret("myDataSubscriptionKey")}
        </div>
      </fieldset>
      <fieldset className={shared.group} data-testid="invoicing-terminals">
        <legend>{t("invoicing.terminals")}</legend>
        {values.terminals.length === 0 && <p className={styles.hint}>{t("invoicing.noTerminals")}</p>}
        {values.terminals.map((row, index) => {
          const id = (field: string) => `invoicing-terminal-${index}-${field}`;
          const typeError = errorText(`terminals.${index}.type`);
          return (
            <div key={row.key} className={own.terminal} data-testid={`invoicing-terminal-${index}`}>
              {TERMINAL_TEXT.slice(0, 1).map((field) => (
                <TextField
                  key={field}
                  id={id(field)}
                  label={t(`invoicing.terminal.${field}`)}
                  value={row[field]}
                  error={errors[`terminals.${index}.${field}`]}
                  onChange={(v) => setTerminal(index, field, v)}
                />
              ))}
              <div className={shared.field}>
                <label htmlFor={id("type")}>{t("invoicing.terminal.type")}</label>
                <select
                  id={id("type")}
                  className={shared.select}
                  value={row.type}
                  aria-invalid={typeError ? true : undefined}
                  aria-describedby={typeError ? `${id("type")}-error` : undefined}
                  onChange={(e) => setTerminal(index, "type", e.target.value)}
                  data-testid={`field-${id("type")}`}
                >
                  <option value="">{t("invoicing.terminal.choose")}</option>
                  {TERMINAL_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
                {typeError && (
                  <p id={`${id("type")}-error`} className={shared.error} data-testid={`error-${id("type")}`}>
                    {typeError}
                  </p>
                )}
              </div>
              {TERMINAL_TEXT.slice(1).map((field) => (
                <TextField
                  key={field}
                  id={id(field)}
                  label={t(`invoicing.terminal.${field}`)}
                  value={row[field]}
                  error={errors[`terminals.${index}.${field}`]}
                  onChange={(v) => setTerminal(index, field, v)}
                />
              ))}
              <Button
                variant="ghost"
                className={own.remove}
                onClick={() => removeTerminal(index)}
                aria-label={`${t("invoicing.removeTerminal")} ${index + 1}`}
                data-testid={`invoicing-terminal-${index}-remove`}
              >
                {t("admin.common.delete")}
              </Button>
            </div>
          );
        })}
        {terminalsError && (
          <p className={styles.error} data-testid="error-invoicing-terminals">
            {terminalsError}
          </p>
        )}
        <div>
          <Button variant="secondary" onClick={addTerminal} data-testid="invoicing-terminal-add">
            {t("invoicing.addTerminal")}
          </Button>
        </div>
      </fieldset>
      <div className={styles.formActions}>
        <Button type="submit" loading={saving} data-testid="invoicing-save">
          {t("admin.common.save")}
        </Button>
      </div>
    </form>
  );
}
