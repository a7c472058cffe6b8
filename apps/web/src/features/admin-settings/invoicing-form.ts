import {
  INVOICING_TAX_FIELDS,
  type InvoicingDetails,
  type InvoicingDetailsInput,
  type InvoicingTaxField,
  invoicingDetailsForm,
  invoicingProblems,
} from "@tableorder/domain/contracts/card-terminals";
import { schemaFieldErrors } from "../admin-shell/form-errors.ts";

export interface TerminalRow {
  /** A row's identity in the list (rows are added and removed); never sent. */
  key: number;
  friendlyName: string;
  tid: string;
  mid: string;
  authorizationCode: string;
  type: string;
}

export type InvoicingValues = Record<InvoicingTaxField, string> & {
  isInvoicingEnabled: boolean;
  orderSlipOnEveryOrder: boolean;
  /** Typed anew to replace the stored one; empty keeps it (the stored one is shown masked). */
  myDataUserId: string;
  myDataSubscriptionKey: string;
  terminals: TerminalRow[];
};

let nextKey = 1;

export function emptyTerminal(): TerminalRow {
  return { key: nextKey++, friendlyName: "", tid: "", mid: "", authorizationCode: "", type: "" };
}

/** The form's values for what the server read back (credentials stay masked, outside the inputs). */
export function valuesFromDetails(details: InvoicingDetails): InvoicingValues {
  const tax = Object.fromEntries(INVOICING_TAX_FIELDS.map((field) => [field, details[field] ?? ""])) as Record<
    InvoicingTaxField,
    string
  >;
  return {
    ...tax,
    isInvoicingEnabled: details.isInvoicingEnabled,
    orderSlipOnEveryOrder: details.orderSlipOnEveryOrder,
    myDataUserId: "",
    myDataSubscriptionKey: "",
    terminals: details.terminals.map((t) => ({
      key: nextKey++,
      friendlyName: t.friendlyName,
      tid: t.tid,
      mid: t.mid ?? "",
      authorizationCode: t.authorizationCode ?? "",
      type: t.type,
    })),
  };
}

/** The POST body: the rows without their keys, an empty credential left out so the stored one stays. */
export function inputFromValues(values: InvoicingValues): InvoicingDetailsInput {
  const { terminals, myDataUserId, myDataSubscriptionKey, ...rest } = values;
  return {
    ...rest,
    terminals: terminals.map(({ key: _, ...terminal }) => terminal),
    ...(myDataUserId.trim() ? { myDataUserId } : {}),
    ...(myDataSubscriptionKey.trim() ? { myDataSubscriptionKey } : {}),
  };
}

/**
 * The contract's schema with the domain's own rules (invoicingProblems) as issues on the field
 * they concern ("tin", "terminals.0.tid"): the form shows what the server would answer.
 */
const checkedForm = invoicingDetailsForm.superRefine((form, ctx) => {
  for (const problem of invoicingProblems(form))
    ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
});

/** The message key per field ("terminals.1.mid") that the domain's rules raise for these values. */
export function invoicingFieldErrors(values: InvoicingValues): Record<string, string> {
  return schemaFieldErrors(checkedForm, inputFromValues(values));
}

/**
 * The touched fields after row `index` is removed: a later row's fields move up one place, so a
 * row the user never touched does not start showing errors.
 */
export function touchedAfterRemoval(touched: ReadonlySet<string>, index: number): Set<string> {
  const next = new Set<string>();
  for (const field of touched) {
    const match = /^terminals\.(\d+)\.(.+)$/.exec(field);
    if (!match) next.add(field);
    else if (Number(match[1]) < index) next.add(field);
    else if (Number(match[1]) > index) next.add(`terminals.${Number(match[1]) - 1}.${match[2]}`);
  }
  return next;
}

/** "3 λεπτά" style age parts for the pending-transmission line. */
export function ageParts(seconds: number): { unit: "seconds" | "minutes" | "hours" | "days"; count: number } {
  if (seconds < 60) return { unit: "seconds", count: Math.max(0, Math.floor(seconds)) };
  if (seconds < 3600) return { unit: "minutes", count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: "hours", count: Math.floor(seconds / 3600) };
  return { unit: "days", count: Math.floor(seconds / 86_400) };
}
