import { z } from "zod";
import type { ValidationMessageKey } from "../validation-messages.ts";

/** The card terminal types a venue may register (spec 3 §3). */
export const TERMINAL_TYPES = [
  "Viva",
  "ePay",
  "Worldline",
  "NBG",
  "Cosmote",
  "Nexi",
  "JCC",
  "Attica Bank",
  "Pancreta Bank",
  "Tora",
  "PBT",
  "myPOS",
] as const;
export type TerminalType = (typeof TERMINAL_TYPES)[number];

/**
 * A terminal the waiter (or cash desk) may send a card sale to: GET api/feed/card-terminals.
 * Beyond the spec, which reads the terminals from the invoicing settings only the back office
 * may read; `id` is what complete-orders takes as selectedTerminalId.
 */
export const cardTerminalOption = z.object({
  id: z.number(),
  friendlyName: z.string(),
  type: z.string(),
});
export type CardTerminalOption = z.infer<typeof cardTerminalOption>;
export const cardTerminalOptions = z.array(cardTerminalOption);

/**
 * Pushed on /topic/payment-update/{tableId} (staff of the venue) when a card sale sent to a
 * terminal ends: SUCCESS once its pieces are paid, FAILED when the terminal declined it, it was
 * aborted or it timed out (nothing paid, the pieces free again). paymentId is the one the PENDING
 * answer of complete-orders carried, so a screen can tell its own sale from another's.
 */
export const paymentUpdateMessage = z.object({
  status: z.enum(["SUCCESS", "FAILED"]),
  paymentId: z.number(),
});
export type PaymentUpdateMessage = z.infer<typeof paymentUpdateMessage>;

/**
 * GET api/feed/payment/{id}/status (beyond the spec): where a terminal sale stands, so a waiting
 * screen that was disconnected when the result was pushed catches up after it reconnects.
 */
export const terminalPaymentStatus = z.object({ status: z.enum(["PENDING", "SUCCESS", "FAILED"]), paymentId: z.number() });
export type TerminalPaymentStatus = z.infer<typeof terminalPaymentStatus>;

/** The invoicing settings' tax and shop details (spec 3 §3), kept together in the venue's invoicing record. */
export const INVOICING_TAX_FIELDS = [
  "name",
  "description",
  "address",
  "city",
  "zip",
  "phone",
  "website",
  "tin",
  "taxOffice",
  "gemhNumber",
] as const;
export type InvoicingTaxField = (typeof INVOICING_TAX_FIELDS)[number];

/** The invoicing settings' field rules answer these keys (spec 3 §5; wording in validation-messages.ts). */
export type InvoicingMessageKey = Extract<ValidationMessageKey, `invoicing.${string}` | `terminal.${string}` | "fieldRequired">;

const text = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((value) => (value ? value : null));

/** One card terminal as the invoicing settings list it; `tid` also names it (spec 3 §3). */
export const terminalForm = z.object({
  friendlyName: text,
  tid: text,
  mid: text,
  authorizationCode: text,
  type: text,
});
export type TerminalForm = z.output<typeof terminalForm>;

/** POST api/crm/invoicing-details (spec 3 §3, §7): the venue's tax details and its card terminals. */
export const invoicingDetailsForm = z.object({
  isInvoicingEnabled: z.boolean().default(false),
  /** Beyond the spec (issue 13): each sent order gets its own order slip (8.6), not only the bill. */
  orderSlipOnEveryOrder: z.boolean().default(false),
  name: text,
  description: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((value) => (value ? value : null)),
  address: text,
  city: text,
  zip: text,
  phone: text,
  website: text,
  tin: text,
  taxOffice: text,
  gemhNumber: text,
  terminals: z.array(terminalForm).max(50).default([]),
  /**
   * The venue's myDATA credentials (issue 13), secrets: sent only to change them; absent, empty or
   * the masked value read back keeps what is stored.
   */
  myDataUserId: text.optional(),
  myDataSubscriptionKey: text.optional(),
});
export type InvoicingDetailsInput = z.input<typeof invoicingDetailsForm>;
export type InvoicingDetailsForm = z.output<typeof invoicingDetailsForm>;

/** The invoicing settings as read: the form's fields, each terminal with its id. */
const storedText = z.string().nullable();
export const invoicingDetails = z.object({
  isInvoicingEnabled: z.boolean(),
  orderSlipOnEveryOrder: z.boolean(),
  name: storedText,
  description: storedText,
  address: storedText,
  city: storedText,
  zip: storedText,
  phone: storedText,
  website: storedText,
  tin: storedText,
  taxOffice: storedText,
  gemhNumber: storedText,
  /** Masked (••••1234), never the secret itself; null when none is stored. */
  myDataUserId: storedText.optional(),
  myDataSubscriptionKey: storedText.optional(),
  terminals: z.array(
    z.object({
      id: z.number(),
      friendlyName: z.string(),
      tid: z.string(),
      mid: z.string().nullable(),
      authorizationCode: z.string().nullable(),
      type: z.string(),
    }),
  ),
});
export type InvoicingDetails = z.infer<typeof invoicingDetails>;

/** A Greek VAT number (ΑΦΜ): 9 digits, Σ dᵢ·2^(8−i) for the first 8, mod 11, mod 10 = the 9th. */
export function isValidAfm(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = digits.slice(0, 8).reduce((total, digit, i) => total + digit * 2 ** (8 - i), 0);
  return (sum % 11) % 10 === digits[8];
}

const GREEK_PLACE = /^[\p{Script=Greek}\s.-]+$/u;
const GREEK_TAX_OFFICE = /^[\p{Script=Greek}\s.'’-]+$/u;

function isValidWebsite(value: string): boolean {
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `https://${value}`);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export interface InvoicingProblem {
  field: string;
  message: InvoicingMessageKey;
}

/**
 * The invoicing settings' rules (spec 3 §5), for the form and the server alike. The tax details
 * are required only while invoicing is on (then at least one terminal too); a filled field must
 * keep its format either way; every listed terminal needs a label and a type, a TID of exactly 8
 * digits (unique in the list), a MID when it is a Viva terminal, an authorization code otherwise.
 */
export function invoicingProblems(form: InvoicingDetailsForm): InvoicingProblem[] {
  const problems: InvoicingProblem[] = [];
  const on = form.isInvoicingEnabled;
  const check = (field: keyof InvoicingDetailsForm, valid: (value: string) => boolean, message: InvoicingMessageKey) => {
    const value = form[field];
    if (typeof value !== "string") {
      if (on) problems.push({ field, message });
    } else if (!valid(value)) problems.push({ field, message });
  };
  check("name", () => true, "fieldRequired");
  check("description", () => true, "fieldRequired");
  check("city", (v) => GREEK_PLACE.test(v), "invoicing.city.invalid");
  check("zip", (v) => /^\d{5}$/.test(v), "invoicing.zip.invalid");
  check("tin", isValidAfm, "invoicing.tin.invalid");
  check("taxOffice", (v) => GREEK_TAX_OFFICE.test(v), "invoicing.taxOffice.invalid");
  check("gemhNumber", (v) => /^\d{12}$/.test(v), "invoicing.gemhNumber.invalid");
  if (form.phone && !/^\d{10}$/.test(form.phone)) problems.push({ field: "phone", message: "invoicing.phone.invalid" });
  if (form.website && !isValidWebsite(form.website)) problems.push({ field: "website", message: "invoicing.website.invalid" });
  if (on && !form.terminals.length) problems.push({ field: "terminals", message: "invoicing.terminals.required" });
  const seen = new Set<string>();
  form.terminals.forEach((terminal, i) => {
    const at = (field: string) => `terminals.${i}.${field}`;
    if (!terminal.friendlyName) problems.push({ field: at("friendlyName"), message: "terminal.required" });
    if (!terminal.type || !(TERMINAL_TYPES as readonly string[]).includes(terminal.type)) {
      problems.push({ field: at("type"), message: "terminal.required" });
    }
    if (!terminal.tid || !/^\d{8}$/.test(terminal.tid)) problems.push({ field: at("tid"), message: "terminal.tidMid.invalid" });
    else if (seen.has(terminal.tid)) problems.push({ field: at("tid"), message: "terminal.tid.duplicate" });
    else seen.add(terminal.tid);
    if (terminal.type === "Viva" && !terminal.mid) problems.push({ field: at("mid"), message: "terminal.tidMid.invalid" });
    if (terminal.type && terminal.type !== "Viva" && !terminal.authorizationCode) {
      problems.push({ field: at("authorizationCode"), message: "terminal.required" });
    }
  });
  return problems;
}
