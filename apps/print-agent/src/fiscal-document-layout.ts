import type { FiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import type { PaymentMethod } from "@tableorder/domain/enums";
import { splitVat, vatCategoryOfRate } from "@tableorder/domain/fiscal/vat";
import { billAmount } from "./bill-layout.ts";
import type { CodePageName } from "./escpos/code-pages.ts";
import { hangingLines, wrapText } from "./escpos/wrap.ts";
import { athensTime, TicketWriter, tableLabel } from "./kitchen-ticket-layout.ts";

/** Spec 3 §9: "Receipt QR width is 8" — the module size of the myDATA QR code. */
export const RECEIPT_QR_MODULE_SIZE = 8;
/** Under the title of a document printed again (a reprint from the history): not a second sale. */
export const COPY_LINE = "ΑΝΤΙΓΡΑΦΟ";
/** Printed instead of the mark and QR while AADE has not yet answered for the document (issue 13). */
export const PENDING_TRANSMISSION_LINE = "ΕΚΚΡΕΜΕΙ ΔΙΑΒΙΒΑΣΗ ΣΤΟ myDATA";

/** The document types as AADE names them (myDATA invoice types 11.1, 11.2, 11.4, 8.6). */
export const DOCUMENT_TITLES = {
  RECEIPT: "ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ ΠΩΛΗΣΗΣ",
  SERVICE_RECEIPT: "ΑΠΟΔΕΙΞΗ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ",
  CREDIT_NOTE: "ΠΙΣΤΩΤΙΚΟ ΣΤΟΙΧΕΙΟ ΛΙΑΝΙΚΗΣ",
  ORDER: "ΔΕΛΤΙΟ ΠΑΡΑΓΓΕΛΙΑΣ ΕΣΤΙΑΣΗΣ",
} as const;
export type PrintableDocumentType = keyof typeof DOCUMENT_TITLES;

const METHOD_NAMES: Record<PaymentMethod, string> = {
  CASH: "Μετρητά",
  CARD: "Κάρτα",
  CREDIT: "Επί πιστώσει",
  NO_PAYMENT: "Χωρίς πληρωμή",
};

/** The venue's header on every fiscal document: name, ΑΦΜ, ΔΟΥ and address (invoicing settings). */
export interface PrintableVenueHeader {
  name: string;
  tin: string;
  taxOffice: string | null;
  address: string | null;
  city: string | null;
  zip: string | null;
  phone?: string | null;
}

/**
 * What printing reads of a fiscal document (contract fiscalDocument, as GET api/orders/{ticketId}/invoices
 * lists it); a whole FiscalDocument fits. `payments` lists every way the sale was paid; without
 * it (or empty) the sections' method pays the total.
 */
export type PrintableFiscalDocument = Pick<
  FiscalDocument,
  "series" | "number" | "uid" | "mark" | "issuedAt" | "totalAmount" | "tableName" | "waiterName" | "myDataQrUrl" | "cardInfo"
> & {
  type: PrintableDocumentType;
  products: readonly Pick<FiscalDocument["products"][number], "name" | "quantity" | "price">[];
  sections: readonly Pick<FiscalDocument["sections"][number], "sectionVat" | "sectionAmount" | "paymentMethod">[];
  payments?: readonly { method: PaymentMethod; amount: number; tipAmount?: number }[];
};

export interface FiscalDocumentPrintOptions {
  bigLetters: boolean;
  /** A reprint: marked ΑΝΤΙΓΡΑΦΟ under the title. */
  copy?: boolean;
  codePage: CodePageName;
  timeZone?: "Europe/Athens";
  now?: Date;
}

/** The VAT analysis: one row per rate, net + VAT = gross on each (domain's splitVat). */
export function vatAnalysis(
  sections: PrintableFiscalDocument["sections"],
): { rate: number; net: number; vat: number; gross: number }[] {
  const byRate = new Map<number, number>();
  for (const s of sections) byRate.set(s.sectionVat, (byRate.get(s.sectionVat) ?? 0) + s.sectionAmount);
  return [...byRate]
    .sort(([a], [b]) => b - a)
    .map(([rate, gross]) => {
      const category = vatCategoryOfRate(rate);
      if (category === null) throw new RangeError(`Unknown VAT rate: ${rate}`);
      return { rate, ...splitVat(gross, category) };
    });
}

function paymentsOf(document: PrintableFiscalDocument): { method: PaymentMethod; amount: number; tipAmount?: number }[] {
  if (document.payments?.length) return [...document.payments];
  const method = document.sections[0]?.paymentMethod;
  const known = method && method in METHOD_NAMES ? (method as PaymentMethod) : null;
  return known && known !== "NO_PAYMENT" ? [{ method: known, amount: document.totalAmount }] : [];
}

/** Four right-aligned columns of the VAT table across the 48 columns: rate, net, VAT, gross. */
function vatRow(cells: [string, string, string, string]): string {
  return cells[0].padEnd(6) + cells[1].padStart(14) + cells[2].padStart(14) + cells[3].padStart(14);
}

/**
 * A receipt (11.1, 11.2), a credit note (11.4) or a restaurant order slip (8.6) on the 80 mm
 * printer (issue 13, spec 3 §9): the venue's header, the type's AADE name, series and number, the
 * time in Athens, table and waiter, the lines, the VAT analysis per rate, the totals, the payments
 * and card details, then the MARK and UID and the myDATA QR code — or, while AADE has not answered,
 * the pending-transmission line in their place (the sale never waits on AADE).
 */
export function renderFiscalDocument(
  venue: PrintableVenueHeader,
  document: PrintableFiscalDocument,
  options: FiscalDocumentPrintOptions,
): Uint8Array {
  const out = new TicketWriter(options);
  const body = { size: out.bodySize };
  const width = out.width(out.bodySize);
  const issued = new Date(document.issuedAt);
  const when = athensTime(Number.isNaN(issued.getTime()) ? (options.now ?? new Date()) : issued, options.timeZone);

  out.block(venue.name, { size: out.bodySize, bold: true, align: "center" });
  const place = [venue.address, [venue.zip, venue.city].filter(Boolean).join(" ")].filter((part) => part?.trim()).join(", ");
  if (place) out.block(place, { size: 1, align: "center" });
  out.block(`ΑΦΜ: ${venue.tin}${venue.taxOffice ? `, ΔΟΥ: ${venue.taxOffice}` : ""}`, { size: 1, align: "center" });
  if (venue.phone) out.block(`Τηλ.: ${venue.phone}`, { size: 1, align: "center" });
  out.rule();

  out.block(DOCUMENT_TITLES[document.type], { size: out.bodySize, bold: true, align: "center" });
  if (options.copy) out.block(COPY_LINE, { size: out.headSize, bold: true, align: "center" });
  out.columns(`Σειρά ${document.series}  Α/Α ${document.number}`, `${when.time} ${when.date}`, body);
  if (document.tableName) out.columns(tableLabel(document.tableName), document.waiterName ?? "", body);
  else if (document.waiterName) out.block(document.waiterName, body);
  out.rule();

  let listed = 0;
  for (const product of document.products) {
    const amount = Math.round(product.price * product.quantity);
    listed += amount;
    const price = billAmount(amount);
    const name = hangingLines(`${product.quantity}x `, out.printable(product.name), width - price.length - 1);
    const [first, ...rest] = name;
    out.lines([first.padEnd(width - price.length) + out.printable(price), ...rest], body);
  }
  out.rule();

  const analysis = vatAnalysis(document.sections);
  out.lines([vatRow(["ΦΠΑ", "Καθαρή αξία", "ΦΠΑ", "Σύνολο"])], { size: 1, bold: true });
  for (const row of analysis) {
    out.lines([vatRow([`${row.rate}%`, billAmount(row.net), billAmount(row.vat), billAmount(row.gross)])], { size: 1 });
  }
  const net = analysis.reduce((sum, row) => sum + row.net, 0);
  const vat = analysis.reduce((sum, row) => sum + row.vat, 0);
  out.lines([vatRow(["", billAmount(net), billAmount(vat), billAmount(net + vat)])], { size: 1, bold: true });
  out.rule();

  // A discount lowers the sections, not the listed prices: it shows as their difference.
  if (listed > document.totalAmount) out.columns("Έκπτωση", billAmount(document.totalAmount - listed), body);
  out.columns("ΣΥΝΟΛΟ", billAmount(document.totalAmount), { size: out.headSize, bold: true });

  if (document.type !== "ORDER") {
    const payments = paymentsOf(document);
    for (const payment of payments) {
      out.columns(METHOD_NAMES[payment.method], billAmount(payment.amount), body);
    }
    // A tip is beside the sale (issue 32): its own line under the payments, outside the total.
    for (const payment of payments) {
      if (payment.tipAmount) {
        out.columns(`Φιλοδώρημα (${METHOD_NAMES[payment.method]})`, billAmount(payment.tipAmount), body);
      }
    }
    const card = document.cardInfo;
    if (card) {
      const terminal = [card.type, card.tid ? `TID ${card.tid}` : null].filter(Boolean).join(" ");
      if (terminal) out.block(`Τερματικό: ${terminal}`, { size: 1 });
      if (card.transactionId) out.lines(wrapText(out.printable(`Αρ. συναλλαγής: ${card.transactionId}`), 48), { size: 1 });
      if (card.approvalCode) out.block(`Κωδ. έγκρισης: ${card.approvalCode}`, { size: 1 });
      if (card.number) out.block(`Κάρτα: ${card.number}`, { size: 1 });
    }
  }
  out.rule();

  if (document.mark) {
    out.lines(wrapText(out.printable(`ΜΑΡΚ: ${document.mark}`), 48), { size: 1 });
    if (document.uid) out.lines(hangingLines("UID: ", out.printable(document.uid), 48), { size: 1 });
    if (document.myDataQrUrl) {
      out.blank();
      out.qrCode(document.myDataQrUrl, RECEIPT_QR_MODULE_SIZE);
    }
  } else {
    if (document.uid) out.lines(hangingLines("UID: ", out.printable(document.uid), 48), { size: 1 });
    out.block(PENDING_TRANSMISSION_LINE, { size: 1, bold: true, align: "center" });
  }
  return out.finish();
}
