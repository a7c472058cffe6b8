import { ERROR_MESSAGES } from "@tableorder/domain/error-messages";
import { VALIDATION_MESSAGES } from "@tableorder/domain/validation-messages";
import type { ZodType } from "zod";

export type Lang = "el" | "en";
const ALL_MESSAGES: Record<string, { el: string; en: string }> = { ...VALIDATION_MESSAGES, ...ERROR_MESSAGES };

/** The wording of a domain message key (field rule or keyed server error), or null when unknown. */
export function messageText(key: string, lang: Lang): string | null {
  return ALL_MESSAGES[key]?.[lang] ?? null;
}

/**
 * The first message key per field that the domain's own schema raises for this input: the client
 * shows exactly what the server would answer, with no copy of the rules here.
 */
export function schemaFieldErrors(schema: ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The server's answer to a save as field errors: its field errors ({field, message} with the
 * contract's keys) and its keyed errors (e.g. table_code_already_exists) on the field they concern.
 */
export function serverFieldErrors(body: unknown, keyedFields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  const record = (body ?? {}) as { fieldErrors?: unknown; message?: unknown };
  if (Array.isArray(record.fieldErrors)) {
    for (const item of record.fieldErrors) {
      const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
      if (typeof field === "string" && typeof message === "string" && !errors[field]) errors[field] = message;
    }
  }
  if (typeof record.message === "string") {
    const key = record.message.startsWith("error.") ? record.message.slice(6) : record.message;
    const field = keyedFields[key];
    if (field) errors[field] = key;
  }
  return errors;
}

/** Only the fields the user has touched show their client-side error; the server's always show. */
export function visibleErrors(
  clientErrors: Record<string, string>,
  touched: ReadonlySet<string>,
  serverErrors: Record<string, string>,
  submitted: boolean,
): Record<string, string> {
  const visible: Record<string, string> = {};
  for (const [field, key] of Object.entries(clientErrors)) if (submitted || touched.has(field)) visible[field] = key;
  return { ...visible, ...serverErrors };
}
