import type { CodePageName } from "./escpos/code-pages.ts";
import { athensTime, TicketWriter } from "./kitchen-ticket-layout.ts";

/** What the admin's "Test print" button sends: whose printer this is and where it is. */
export interface PrintableTestPage {
  venueName: string;
  areaName: string;
  /** The printer's address as the area's settings hold it ("192.168.1.50" or "192.168.1.50:9101"). */
  printer: string;
}

export interface TestPagePrintOptions {
  codePage: CodePageName;
  now?: Date;
}

/** Every accented and diaeresis letter of Greek, and the euro sign (EUR where the page lacks it). */
export const TEST_PAGE_ACCENTS = "άέήίόύώ ΆΈΉΊΌΎΏ ϊϋΐΰ € 12,50";
/** A Greek pangram, in small and capital letters: every letter of the alphabet on one line. */
export const TEST_PAGE_PANGRAM = ["Ξεσκεπάζω την ψυχοφθόρα βδελυγμία", "ΞΕΣΚΕΠΑΖΩ ΤΗΝ ΨΥΧΟΦΘΟΡΑ ΒΔΕΛΥΓΜΙΑ"];
export const TEST_PAGE_WORKS = "Η εκτύπωση λειτουργεί";

/**
 * A short page to check a preparation area's printer from its settings, before a service: the
 * venue and area it belongs to, the address it was sent to, the code page and the time, then Greek
 * text with every accent so a wrong code page shows at a glance, and the line that says it works.
 */
export function renderTestPage(page: PrintableTestPage, options: TestPagePrintOptions): Uint8Array {
  const out = new TicketWriter({ bigLetters: false, codePage: options.codePage });
  const printed = athensTime(options.now ?? new Date());

  if (page.venueName.trim()) out.block(page.venueName, { size: 1, bold: true, align: "center" });
  out.block("ΔΟΚΙΜΑΣΤΙΚΗ ΕΚΤΥΠΩΣΗ", { size: out.headSize, bold: true, align: "center" });
  out.rule();
  out.columns("Χώρος", page.areaName, { size: 1, bold: true });
  out.columns("Εκτυπωτής", page.printer, { size: 1 });
  out.columns("Κωδικοσελίδα", options.codePage, { size: 1 });
  out.columns("Ημερομηνία", `${printed.time} ${printed.date}`, { size: 1 });
  out.rule();
  out.block(TEST_PAGE_ACCENTS, { size: 1 });
  for (const line of TEST_PAGE_PANGRAM) out.block(line, { size: 1 });
  out.rule();
  out.block(TEST_PAGE_WORKS, { size: out.headSize, bold: true, align: "center" });
  return out.finish();
}
