import type { FiscalInvoiceType, MydataPaymentMethodCode } from "@tableorder/domain/fiscal/document-rules";
import type { VatSection } from "@tableorder/domain/fiscal/vat";
import { buildInvoicesDoc, type FiscalDocumentFacts, linesOfSections } from "../../integrations/mydata/invoice-xml.ts";
import type { DocumentRow } from "../../lib/issue-documents.ts";

/**
 * What myDATA needs of a stored document, from its row alone (and, for a credit note, the mark of
 * the document it corrects): the XML can be rebuilt and re-checked at any time.
 */
export function factsOfDocument(row: DocumentRow, correlatedMark: string | null = null): FiscalDocumentFacts {
  const invoiceType = row.invoiceType as FiscalInvoiceType;
  return {
    issuer: { vatNumber: row.issuerVatNumber, branch: row.branch },
    series: row.series,
    aa: row.number,
    issueDate: row.issueDate ?? row.issuedAt.toISOString().slice(0, 10),
    invoiceType,
    correlatedMarks: correlatedMark ? [correlatedMark] : [],
    tableAA: invoiceType === "8.6" ? (row.tableName ?? "0") : null,
    lines: linesOfSections(row.sections as VatSection[], invoiceType),
    paymentMethods: row.paymentMethods.map((p) => ({
      type: p.code as MydataPaymentMethodCode,
      amount: p.amount,
      transactionId: p.transactionId,
      tid: p.tid,
      tipAmount: p.tipAmount ?? 0,
    })),
  };
}

/** The document's own InvoicesDoc, as the accountant downloads it and the outbox checks it. */
export function documentXml(row: DocumentRow, correlatedMark: string | null = null): string {
  return buildInvoicesDoc([factsOfDocument(row, correlatedMark)]);
}
