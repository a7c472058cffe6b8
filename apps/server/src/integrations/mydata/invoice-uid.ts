import { createHash } from "node:crypto";

/**
 * A document's uid as AADE computes it (INTEGRATIONS.md, myDATA): SHA-1 of
 * `{issuerVAT}-{issueDate}-{branch}-{invoiceType}-{series}-{aa}`, in uppercase hex, with the issue
 * date as the XML carries it (YYYY-MM-DD). Known before sending, it names the document when the
 * outbox reconciles with AADE after a crash. Lives on the server because node:crypto does, and
 * the web never needs it.
 */
export function computeInvoiceUid(fields: {
  issuerVatNumber: string;
  issueDate: string;
  branch: number;
  invoiceType: string;
  series: string;
  aa: number | string;
}): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.issueDate)) throw new RangeError(`Not a YYYY-MM-DD date: ${fields.issueDate}`);
  const key = [fields.issuerVatNumber, fields.issueDate, fields.branch, fields.invoiceType, fields.series, fields.aa].join("-");
  return createHash("sha1").update(key, "utf8").digest("hex").toUpperCase();
}
