import { useCallback, useMemo, useState } from "react";
import type { ZodType } from "zod";
import { messageText, schemaFieldErrors, serverFieldErrors, visibleErrors } from "../../../features/admin-shell/form-errors.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n.ts";
import styles from "./admin.module.css";

/**
 * A back-office form's state: values, which fields the user touched, and the errors of the
 * domain's schema (as the user types) merged with the server's answer to the last save. Save is
 * never disabled: a refused save shows every field's error at once (see focusFirstInvalid), where a
 * disabled button would not say what is missing.
 */
export function useCrmForm<T extends Record<string, unknown>>(initial: T, schema: ZodType) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const clientErrors = useMemo(() => schemaFieldErrors(schema, values), [schema, values]);
  const errors = visibleErrors(clientErrors, touched, serverErrors, submitted);
  // Stable, so a loaded record can be put in the form from an effect.
  const reset = useCallback((next: T) => setValues(next), []);
  return {
    values,
    errors,
    reset,
    set: <K extends keyof T>(field: K, value: T[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      setTouched((s) => new Set(s).add(String(field)));
      setServerErrors(({ [String(field)]: _, ...rest }) => rest);
    },
    /** Marks the form submitted; returns whether it may be sent. */
    submit: () => {
      setSubmitted(true);
      return Object.keys(clientErrors).length === 0;
    },
    /** Puts a failed save's field and keyed errors on their fields; true when it had any. */
    failed: (error: unknown, keyedFields: Record<string, string>) => {
      if (!(error instanceof ApiError)) return false;
      const found = serverFieldErrors(error.body, keyedFields);
      setServerErrors(found);
      return Object.keys(found).length > 0;
    },
  };
}

/**
 * After a refused save, the first field that says what is wrong takes the focus, so it scrolls
 * into view and a screen reader reads its error. Waits a frame for the errors to render.
 */
export function focusFirstInvalid(form: Element): void {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

export function TextField({
  id,
  label,
  value,
  error,
  onChange,
  type = "text",
  hint,
  autoComplete = "off",
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  type?: string;
  hint?: string;
  autoComplete?: string;
}) {
  const { site: lang } = useTranslation();
  const message = error ? (messageText(error, lang) ?? error) : null;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        data-testid={`field-${id}`}
      />
      {hint && <p className={styles.hint}>{hint}</p>}
      {message && (
        <p id={`${id}-error`} className={styles.error} data-testid={`error-${id}`}>
          {message}
        </p>
      )}
    </div>
  );
}
