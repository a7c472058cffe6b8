import type { BillLine, TableBill } from "@tableorder/domain/contracts/cash-desk";
import type { CodePageName } from "./escpos/code-pages.ts";
import { hangingLines } from "./escpos/wrap.ts";
import { athensTime, TicketWriter, tableLabel } from "./kitchen-ticket-layout.ts";

/** What printing reads of the cash desk's bill (spec 3 §7.4); a whole `TableBill` fits. */
export type PrintableBill = Pick<
  TableBill,
  "tableName" | "serviceMode" | "venueName" | "billedAt" | "discountAmount" | "totalAmount"
> & {
  lines: readonly BillLine[];
};

export interface BillPrintOptions {
  /** The device's "big letters" setting: the body prints at double width and height. */
  bigLetters: boolean;
  codePage: CodePageName;
  timeZone?: "Europe/Athens";
  /** The moment of printing, when the bill carries no valid time; defaults to now. */
  now?: Date;
}

/** While invoicing is off the bill is only a statement for the guest, never the fiscal receipt. */
export const NOT_FISCAL_NOTE = "Δεν αποτελεί φορολογικό στοιχείο";
export const GIFT_LABEL = "Κέρασμα";

/** Cents as the bill prints them: 1234 → "12,34", -50 → "-0,50" (no € sign: not on every code page). */
export function billAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}${euros},${String(abs % 100).padStart(2, "0")}`;
}

/**
 * The table's bill on the till's 80 mm printer (spec 3 §7.4, §7.7, §9): the venue, "ΛΟΓΑΡΙΑΣΜΟΣ",
 * the table and the time in Athens, one line per product "2x Χωριάτικη ... 17,00" (a gift marked
 * "Κέρασμα" at 0,00), the discount, the total, and the note that it is not a fiscal document.
 */
export function renderBill(bill: PrintableBill, options: BillPrintOptions): Uint8Array {
  const out = new TicketWriter(options);
  const billed = new Date(bill.billedAt);
  const when = athensTime(Number.isNaN(billed.getTime()) ? (options.now ?? new Date()) : billed, options.timeZone);
  const width = out.width(out.bodySize);

  if (bill.venueName.trim()) out.block(bill.venueName, { size: out.bodySize, bold: true, align: "center" });
  out.block("ΛΟΓΑΡΙΑΣΜΟΣ", { size: out.headSize, bold: true, align: "center" });
  out.columns(tableLabel(bill.tableName, bill.serviceMode), `${when.time} ${when.date}`, { size: out.bodySize, bold: true });
  out.rule();

  for (const line of bill.lines) {
    const amount = line.isGift ? `${GIFT_LABEL} ${billAmount(0)}` : billAmount(line.amount);
    // The name wraps under itself, leaving the amount's column free on the first line.
    const name = hangingLines(`${line.quantity}x `, out.printable(line.name), width - amount.length - 1);
    const [first, ...rest] = name;
    out.lines([first.padEnd(width - amount.length) + out.printable(amount), ...rest], { size: out.bodySize });
  }
  out.rule();

  const subtotal = bill.lines.reduce((sum, line) => sum + (line.isGift ? 0 : line.amount), 0);
  if (bill.discountAmount > 0) {
    out.columns("Υποσύνολο", billAmount(subtotal), { size: out.bodySize });
    out.columns("Έκπτωση", billAmount(-bill.discountAmount), { size: out.bodySize });
  }
  out.columns("ΣΥΝΟΛΟ", billAmount(bill.totalAmount), { size: out.headSize, bold: true });
  out.rule();
  out.block(NOT_FISCAL_NOTE, { size: 1, align: "center" });
  return out.finish();
}
