import type { KitchenTicket, TicketProduct } from "@tableorder/domain/contracts/kitchen";
import type { Allergen } from "@tableorder/domain/enums";
import { type CodePageName, printable } from "./escpos/code-pages.ts";
import { type Alignment, EscPosEncoder } from "./escpos/encoder.ts";
import { hangingLines, twoColumns, wrapText } from "./escpos/wrap.ts";

/** Paper 80 mm: 48 columns at text size 1 (spec 2 §7, §9). */
export const PAPER_COLUMNS = 48;

interface Named {
  name: string;
}

/**
 * What printing needs of a ticket product. A full `TicketProduct` fits; the agent accepts this
 * narrower shape so a ticket still prints when the browser leaves out fields printing never reads.
 */
export type PrintableTicketProduct = Pick<TicketProduct, "name" | "quantity"> & {
  preparationWay: Named | null;
  removedIngredients: readonly Named[];
  extraIngredientIds: readonly Named[];
  notes: string | null;
  /** English keys (`milk`, `gluten`, …); an unknown key prints as it is. */
  allergens: readonly (Allergen | (string & {}))[];
};

/** What printing needs of a kitchen ticket; a full `KitchenTicket` fits. */
export type PrintableKitchenTicket = Pick<KitchenTicket, "ticketId" | "timestamp" | "serviceMode" | "tableName"> & {
  /** Set when a table transfer moved the ticket: the slip then says where it goes now. */
  movedFromTableName?: string | null;
  sentBy: Pick<KitchenTicket["sentBy"], "type"> & { firstName?: string | null; lastName?: string | null };
  products: readonly PrintableTicketProduct[];
};

export interface TicketPrintOptions {
  /** The preparation area's "big letters" setting: the body prints at double width and height. */
  bigLetters: boolean;
  codePage: CodePageName;
  areaName: string;
  timeZone?: "Europe/Athens";
  /** The moment of printing; defaults to now. */
  now?: Date;
}

/** A product cancelled after its ticket printed. */
export interface CancelledLine {
  name: string;
  quantity: number;
}

const SERVICE_MODE_LABELS: Record<PrintableKitchenTicket["serviceMode"], string> = {
  DINE_IN: "Στο τραπέζι",
  TAKE_AWAY: "Πακέτο",
  DELIVERY: "Διανομή",
};

/** The EU's 14 allergens in Greek. */
export const ALLERGEN_LABELS: Record<Allergen, string> = {
  gluten: "γλουτένη",
  crustaceans: "καρκινοειδή",
  eggs: "αυγά",
  fish: "ψάρια",
  peanuts: "αράπικα φιστίκια",
  soybeans: "σόγια",
  milk: "γάλα",
  nuts: "ξηροί καρποί",
  celery: "σέλινο",
  mustard: "μουστάρδα",
  sesame: "σουσάμι",
  sulphites: "θειώδη",
  lupin: "λούπινο",
  molluscs: "μαλάκια",
};

/** A late print shows when it printed, so the cook sees the order has been waiting. */
const LATE_PRINT_MINUTES = 5;
/** Lines fed before the cut so the last line clears the cutter. */
const FEED_BEFORE_CUT = 4;
/** Options, notes and allergens sit under the product name. */
const DETAIL_INDENT = 3;

/**
 * The kitchen ticket as ESC/POS bytes: area and ticket number, the table in large print, time and
 * date in Athens time, service mode and sender, then each product with its options, notes and
 * allergens (inverted so they cannot be missed), then a partial cut. Every line fits 48 columns
 * divided by its text size.
 */
export function renderKitchenTicket(ticket: PrintableKitchenTicket, options: TicketPrintOptions): Uint8Array {
  const out = new TicketWriter(options);
  const timeZone = options.timeZone ?? "Europe/Athens";
  const now = options.now ?? new Date();
  const sent = validDate(ticket.timestamp) ?? now;

  out.block(options.areaName, { size: out.bodySize, bold: true, align: "center" });
  out.columns(tableLabel(ticket.tableName, ticket.serviceMode), `#${ticket.ticketId}`, { size: out.headSize, bold: true });
  if (ticket.movedFromTableName) {
    // The same words as the kitchen screen's card, so paper and screen agree on where the dish goes.
    out.block(`μεταφέρθηκε στο τραπέζι ${ticket.tableName.trim()}`, { size: out.bodySize, bold: true, inverted: true });
    out.block(`(από ${tableLabel(ticket.movedFromTableName)})`, { size: out.bodySize });
  }
  const when = athensTime(sent, timeZone);
  out.columns(`${when.time} ${when.date}`, SERVICE_MODE_LABELS[ticket.serviceMode] ?? ticket.serviceMode, {
    size: out.bodySize,
  });
  out.block(senderLabel(ticket.sentBy), { size: out.bodySize });
  if (now.getTime() - sent.getTime() >= LATE_PRINT_MINUTES * 60_000) {
    out.block(`Εκτύπωση: ${athensTime(now, timeZone).time}`, { size: out.bodySize });
  }
  out.rule();

  ticket.products.forEach((product, index) => {
    if (index > 0) out.blank();
    const prefix = `${product.quantity}x `;
    out.lines(hangingLines(prefix, out.printable(product.name), out.width(out.bodySize)), {
      size: out.bodySize,
      bold: true,
    });
    if (product.preparationWay?.name) out.detail("* ", product.preparationWay.name);
    for (const removed of product.removedIngredients) out.detail("- ", `χωρίς ${lowerFirst(removed.name)}`);
    for (const extra of product.extraIngredientIds) out.detail("+ ", extra.name);
    const notes = product.notes?.trim();
    if (notes) out.detail("Σχόλιο: ", notes);
    if (product.allergens.length) {
      const names = product.allergens.map((key) => ALLERGEN_LABELS[key as Allergen] ?? key);
      out.detail("", `ΑΛΛΕΡΓΙΟΓΟΝΑ: ${upperNoAccents(names.join(", "))}`, { bold: true, inverted: true });
    }
  });

  out.rule();
  return out.finish();
}

/**
 * A short "ΑΚΥΡΩΣΗ" ticket for products cancelled after their ticket printed, so the cook never
 * prepares a dish nobody will pay for.
 */
export function renderVoidTicket(
  ticket: Pick<PrintableKitchenTicket, "ticketId" | "tableName" | "timestamp">,
  cancelled: readonly CancelledLine[],
  options: TicketPrintOptions,
): Uint8Array {
  const out = new TicketWriter(options);
  const timeZone = options.timeZone ?? "Europe/Athens";
  const now = options.now ?? new Date();

  out.block("ΑΚΥΡΩΣΗ", { size: out.headSize, bold: true, inverted: true, align: "center" });
  out.block(options.areaName, { size: out.bodySize, bold: true, align: "center" });
  out.columns(tableLabel(ticket.tableName), `#${ticket.ticketId}`, { size: out.headSize, bold: true });
  const at = athensTime(now, timeZone);
  out.block(`Ακύρωση: ${at.time} ${at.date}`, { size: out.bodySize });
  const sent = validDate(ticket.timestamp);
  if (sent) out.block(`Παραγγελία: ${athensTime(sent, timeZone).time}`, { size: out.bodySize });
  out.rule();
  for (const line of cancelled) {
    out.lines(hangingLines(`${line.quantity}x `, out.printable(line.name), out.width(out.bodySize)), {
      size: out.bodySize,
      bold: true,
    });
  }
  out.rule();
  out.block("ΝΑ ΜΗΝ ΕΤΟΙΜΑΣΤΕΙ", { size: out.bodySize, bold: true, align: "center" });
  return out.finish();
}

export interface LineStyle {
  size: number;
  bold?: boolean;
  inverted?: boolean;
  align?: Alignment;
}

/**
 * Keeps the column arithmetic in one place: every line is wrapped to 48 ÷ its text size. Kitchen
 * tickets and the cash desk's bill (bill-layout.ts) write through it.
 */
export class TicketWriter {
  private readonly encoder: EscPosEncoder;
  readonly bodySize: number;
  readonly headSize: number;

  constructor(private readonly options: Pick<TicketPrintOptions, "bigLetters" | "codePage">) {
    this.encoder = new EscPosEncoder({ codePage: options.codePage }).initialize();
    this.bodySize = options.bigLetters ? 2 : 1;
    this.headSize = options.bigLetters ? 3 : 2;
  }

  width(size: number): number {
    return Math.floor(PAPER_COLUMNS / size);
  }

  printable(text: string): string {
    return printable(text, this.options.codePage);
  }

  /** Lines already wrapped to the width of `style.size`; inversion starts after the indentation. */
  lines(lines: readonly string[], style: LineStyle): void {
    const e = this.encoder;
    e.align(style.align ?? "left")
      .size(style.size)
      .bold(style.bold ?? false);
    for (const line of lines) {
      if (style.inverted) {
        const text = line.trimStart();
        e.text(line.slice(0, line.length - text.length))
          .invert(true)
          .text(text)
          .invert(false);
      } else {
        e.text(line);
      }
      e.newline();
    }
    e.bold(false).size(1).align("left");
  }

  block(text: string, style: LineStyle): void {
    this.lines(wrapText(this.printable(text), this.width(style.size)), style);
  }

  columns(left: string, right: string, style: LineStyle): void {
    this.lines(twoColumns(this.printable(left), this.printable(right), this.width(style.size)), style);
  }

  /** An indented line under a product ("- χωρίς κρεμμύδι"), continuing under its text. */
  detail(marker: string, text: string, style: { bold?: boolean; inverted?: boolean } = {}): void {
    const prefix = " ".repeat(DETAIL_INDENT) + marker;
    const indent = DETAIL_INDENT + Math.min(marker.length, 2);
    this.lines(hangingLines(prefix, this.printable(text), this.width(this.bodySize), indent), {
      size: this.bodySize,
      ...style,
    });
  }

  rule(): void {
    this.lines(["-".repeat(PAPER_COLUMNS)], { size: 1 });
  }

  blank(): void {
    this.encoder.newline();
  }

  /** A centred QR code of `data` (a receipt's myDATA link), `moduleSize` dots per module. */
  qrCode(data: string, moduleSize: number): void {
    this.encoder.align("center").qrCode(data, moduleSize).newline().align("left");
  }

  finish(): Uint8Array {
    return this.encoder.feed(FEED_BEFORE_CUT).cut("partial").encode();
  }
}

/** Tables are labelled "12" in the venue's plan; print them as "Τραπέζι 12", other labels as they are. */
export function tableLabel(tableName: string, serviceMode?: PrintableKitchenTicket["serviceMode"]): string {
  const name = tableName.trim();
  // A take-away is numbered like a table but is a bag at the counter, not a table.
  if (serviceMode === "TAKE_AWAY") return `Πακέτο ${name}`;
  return /^\d/.test(name) ? `Τραπέζι ${name}` : name;
}

function senderLabel(sentBy: PrintableKitchenTicket["sentBy"]): string {
  switch (sentBy.type) {
    case "CLIENT":
      return "Πελάτης";
    case "CASH_DESK":
      return "Ταμείο";
    default: {
      const first = sentBy.firstName?.trim() ?? "";
      const last = sentBy.lastName?.trim() ?? "";
      const name = [first, last ? `${Array.from(last)[0]}.` : ""].filter(Boolean).join(" ");
      return name ? `Σερβιτόρος: ${name}` : "Σερβιτόρος";
    }
  }
}

function validDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** HH:mm and dd/MM/yyyy in the venue's time zone (times are stored in UTC). */
export function athensTime(date: Date, timeZone: string = "Europe/Athens"): { time: string; date: string } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { time: `${part("hour")}:${part("minute")}`, date: `${part("day")}/${part("month")}/${part("year")}` };
}

/** "Κρεμμύδι" → "κρεμμύδι" after "χωρίς"; acronyms such as "BBQ" stay as they are. */
function lowerFirst(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length > 1 && chars[1] !== chars[1].toLocaleLowerCase("el")) return chars.join("");
  if (chars.length) chars[0] = chars[0].toLocaleLowerCase("el");
  return chars.join("");
}

/** Greek capitals drop the accent: "γάλα" → "ΓΑΛΑ" (the diaeresis stays). */
export function upperNoAccents(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0301\u0300\u0342]/g, "")
    .toLocaleUpperCase("el")
    .normalize("NFC");
}
