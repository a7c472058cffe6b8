import type { ContactFormRequest } from "@tableorder/domain/contracts/contact";
import { isValidEmail, isValidGreekPhone } from "@tableorder/domain/validators";

export type ContactField = keyof ContactFormRequest;
export type ContactMessageKey = "fieldRequired" | "invalidPhone" | "invalidEmail";

export const CONTACT_FIELDS: readonly ContactField[] = ["name", "companyName", "phone", "email"];

/** The same rules the server applies (the domain's validators), as message keys per field. */
export function contactFieldError(field: ContactField, value: string): ContactMessageKey | null {
  if (!value.trim()) return "fieldRequired";
  if (field === "phone" && !isValidGreekPhone(value)) return "invalidPhone";
  if (field === "email" && !isValidEmail(value)) return "invalidEmail";
  return null;
}

const KEYS = new Set<string>(["fieldRequired", "invalidPhone", "invalidEmail"]);

/** The server's field errors ({field, message} with the contract's keys) by field. */
export function serverFieldErrors(body: unknown): Partial<Record<ContactField, ContactMessageKey>> {
  const list = (body as { fieldErrors?: unknown } | null)?.fieldErrors;
  const errors: Partial<Record<ContactField, ContactMessageKey>> = {};
  if (!Array.isArray(list)) return errors;
  for (const item of list) {
    const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field !== "string" || typeof message !== "string") continue;
    if ((CONTACT_FIELDS as readonly string[]).includes(field) && KEYS.has(message)) {
      errors[field as ContactField] = message as ContactMessageKey;
    }
  }
  return errors;
}
