import {
  type FiscalInvoiceType,
  type IncomeClassificationCategory,
  incomeClassificationOf,
  type MydataPaymentMethodCode,
} from "@tableorder/domain/fiscal/document-rules";
import type { MydataVatCategory, VatSection } from "@tableorder/domain/fiscal/vat";
import type { Cents } from "@tableorder/domain/money";

export const INVOICE_NAMESPACE = "http://www.aade.gr/myDATA/invoice/v1.0";
export const INCOME_CLASSIFICATION_NAMESPACE = "https://www.aade.gr/myDATA/incomeClassificaton/v1.0";
export const EXPENSES_CLASSIFICATION_NAMESPACE = "https://www.aade.gr/myDATA/expensesClassificaton/v1.0";

/** One line of a document as myDATA wants it: a VAT section (spec 3 §3), amounts in cents. */
export interface FiscalLineFacts {
  netValue: Cents;
  vatCategory: MydataVatCategory;
  vatAmount: Cents;
  /** AADE's exemption reason (1–31), required by AADE on a 0 % line (category 7). */
  vatExemptionCategory?: number;
  /** Income classification; null on an order slip (8.6), which is not income. */
  classification: { type: "E3_561_003"; category: IncomeClassificationCategory } | null;
  /** What the line is, for the accountant; optional in myDATA. */
  description?: string;
}

export interface FiscalPaymentFacts {
  type: MydataPaymentMethodCode;
  amount: Cents;
  /** The card payment's unique id (terminal or online). */
  transactionId?: string | null;
  /** The card terminal's TID. */
  tid?: string | null;
  info?: string | null;
  /** A tip left with this payment (issue 32): beside the amount, never part of it or of the totals. */
  tipAmount?: Cents;
}

/**
 * Everything myDATA needs of one document, independent of how the product stores it: the worker
 * builds this from the stored document, this file turns it into XML. Amounts are cents.
 */
export interface FiscalDocumentFacts {
  issuer: { vatNumber: string; branch: number; country?: "GR" };
  series: string;
  aa: number | string;
  /** YYYY-MM-DD, the venue's (Greek) calendar day of issue. */
  issueDate: string;
  invoiceType: FiscalInvoiceType;
  /** The marks a credit note (11.4) corrects. */
  correlatedMarks?: readonly string[];
  /** The table's number on a restaurant order slip (8.6). */
  tableAA?: string | null;
  lines: readonly FiscalLineFacts[];
  /** Required on receipts and credit notes; an order slip carries none. */
  paymentMethods: readonly FiscalPaymentFacts[];
}

export interface FiscalTotals {
  net: Cents;
  vat: Cents;
  gross: Cents;
}

/**
 * A document's lines from its VAT sections (spec 3 §3): one line per section, classified as retail
 * income on receipts and credit notes, unclassified on an order slip.
 */
export function linesOfSections(sections: readonly VatSection[], invoiceType: FiscalInvoiceType): FiscalLineFacts[] {
  return sections.map((section) => ({
    netValue: section.net,
    vatCategory: section.vatCategory,
    vatAmount: section.vat,
    classification: invoiceType === "8.6" ? null : incomeClassificationOf(section.productType),
  }));
}

/** A document's totals, always the sums of its lines, so the summary can never disagree with them. */
export function totalsOf(facts: Pick<FiscalDocumentFacts, "lines">): FiscalTotals {
  const net = facts.lines.reduce((sum, line) => sum + line.netValue, 0);
  const vat = facts.lines.reduce((sum, line) => sum + line.vatAmount, 0);
  return { net, vat, gross: net + vat };
}

/**
 * The `InvoicesDoc` AADE's SendInvoices takes, for one or more documents, with the namespaces of
 * InvoicesDoc-v1.0.10.xsd: invoice elements in the invoice namespace (the default), the parts of an
 * income classification in the icls namespace. Amounts with 2 decimals; text escaped. Facts that
 * break AADE's rules beyond the schema (payments not settling a receipt, 0 % without a reason) are
 * refused here, so no such document is ever queued for sending.
 */
export function buildInvoicesDoc(documents: readonly FiscalDocumentFacts[]): string {
  if (documents.length === 0) throw new RangeError("An InvoicesDoc holds at least one invoice");
  const invoices = documents.map(invoiceXml).join("");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<InvoicesDoc xmlns="${INVOICE_NAMESPACE}" xmlns:icls="${INCOME_CLASSIFICATION_NAMESPACE}" xmlns:ecls="${EXPENSES_CLASSIFICATION_NAMESPACE}">` +
    invoices +
    `</InvoicesDoc>`
  );
}

function invoiceXml(facts: FiscalDocumentFacts): string {
  checkFacts(facts);
  const totals = totalsOf(facts);
  const header = [
    el("series", facts.series),
    el("aa", String(facts.aa)),
    el("issueDate", facts.issueDate),
    el("invoiceType", facts.invoiceType),
    el("currency", "EUR"),
    ...(facts.invoiceType === "11.4" ? (facts.correlatedMarks ?? []).map((mark) => el("correlatedInvoices", mark)) : []),
    ...(facts.invoiceType === "8.6" ? [el("tableAA", facts.tableAA ?? "")] : []),
  ].join("");
  const payments = facts.paymentMethods.length
    ? `<paymentMethods>${facts.paymentMethods.map(paymentXml).join("")}</paymentMethods>`
    : "";
  const lines = facts.lines.map((line, index) => lineXml(line, index + 1)).join("");
  const summary =
    el("totalNetValue", amount(totals.net)) +
    el("totalVatAmount", amount(totals.vat)) +
    el("totalWithheldAmount", "0.00") +
    el("totalFeesAmount", "0.00") +
    el("totalStampDutyAmount", "0.00") +
    el("totalOtherTaxesAmount", "0.00") +
    el("totalDeductionsAmount", "0.00") +
    el("totalGrossValue", amount(totals.gross));
  return (
    `<invoice>` +
    `<issuer>${el("vatNumber", facts.issuer.vatNumber)}${el("country", facts.issuer.country ?? "GR")}${el("branch", String(facts.issuer.branch))}</issuer>` +
    `<invoiceHeader>${header}</invoiceHeader>` +
    payments +
    lines +
    `<invoiceSummary>${summary}</invoiceSummary>` +
    `</invoice>`
  );
}

function lineXml(line: FiscalLineFacts, lineNumber: number): string {
  const classification = line.classification
    ? `<incomeClassification>${el("icls:classificationType", line.classification.type)}${el("icls:classificationCategory", line.classification.category)}${el("icls:amount", amount(line.netValue))}</incomeClassification>`
    : "";
  return (
    `<invoiceDetails>` +
    el("lineNumber", String(lineNumber)) +
    (line.description ? el("itemDescr", line.description.slice(0, 300)) : "") +
    el("netValue", amount(line.netValue)) +
    el("vatCategory", String(line.vatCategory)) +
    el("vatAmount", amount(line.vatAmount)) +
    (line.vatExemptionCategory !== undefined ? el("vatExemptionCategory", String(line.vatExemptionCategory)) : "") +
    classification +
    `</invoiceDetails>`
  );
}

function paymentXml(payment: FiscalPaymentFacts): string {
  return (
    `<paymentMethodDetails>` +
    el("type", String(payment.type)) +
    el("amount", amount(payment.amount)) +
    (payment.info ? el("paymentMethodInfo", payment.info) : "") +
    (payment.tipAmount ? el("tipAmount", amount(payment.tipAmount)) : "") +
    (payment.transactionId ? el("transactionId", payment.transactionId) : "") +
    (payment.tid ? el("tid", payment.tid) : "") +
    `</paymentMethodDetails>`
  );
}

function checkFacts(facts: FiscalDocumentFacts): void {
  const where = `${facts.invoiceType} ${facts.series}/${facts.aa}`;
  if (facts.lines.length === 0) throw new RangeError(`${where}: a document needs at least one line`);
  for (const line of facts.lines) {
    for (const value of [line.netValue, line.vatAmount]) {
      if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${where}: not an amount in cents: ${value}`);
    }
    if (line.vatCategory === 7 && line.vatExemptionCategory === undefined) {
      throw new RangeError(`${where}: a 0 % line needs a VAT exemption reason`);
    }
  }
  const { gross } = totalsOf(facts);
  if (facts.invoiceType === "8.6") {
    if (facts.paymentMethods.length > 0) throw new RangeError(`${where}: an order slip carries no payment`);
    if (!facts.tableAA) throw new RangeError(`${where}: an order slip names its table`);
    return;
  }
  const paid = facts.paymentMethods.reduce((sum, p) => sum + p.amount, 0);
  if (paid !== gross) throw new RangeError(`${where}: payments of ${paid} do not settle ${gross}`);
  if (facts.invoiceType === "11.4" && !facts.correlatedMarks?.length) {
    throw new RangeError(`${where}: a credit note names the mark it corrects`);
  }
}

/** Cents as myDATA's AmountType: a non-negative decimal with exactly 2 digits, no float involved. */
export function amount(cents: Cents): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

function el(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

/** Escapes text for an XML element, and drops the control characters XML 1.0 cannot carry at all. */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the characters XML cannot carry is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}
