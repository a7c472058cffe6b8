import type { FiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import { describe, expect, it } from "vitest";
import { decodeEscPos } from "./escpos/decode.ts";
import { EscPosEncoder } from "./escpos/encoder.ts";
import {
  COPY_LINE,
  PENDING_TRANSMISSION_LINE,
  type PrintableDocumentType,
  type PrintableVenueHeader,
  RECEIPT_QR_MODULE_SIZE,
  renderFiscalDocument,
  vatAnalysis,
} from "./fiscal-document-layout.ts";
import { renderJob } from "./print-job.ts";
import { printJob } from "./protocol.ts";

const VENUE: PrintableVenueHeader = {
  name: "Ταβέρνα το Λιμάνι",
  tin: "094014201",
  taxOffice: "Α' Αθηνών",
  address: "Ακτή Μιαούλη 10",
  city: "Πειραιάς",
  zip: "18538",
};
const QR = "https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=abc%2Bdef";
const UID = "0123456789ABCDEF0123456789ABCDEF01234567";

type Printable = FiscalDocument & { type: PrintableDocumentType };

function receipt(overrides: Partial<Printable> = {}): Printable {
  return {
    id: 9,
    type: "RECEIPT",
    series: "A",
    number: 42,
    uid: UID,
    mark: "400001234567890",
    authenticationCode: "AUTH",
    // 21:05 in Athens (UTC+3 in summer).
    issuedAt: "2025-07-14T18:05:00.000Z",
    totalAmount: 2250,
    orderSubmittedBy: null,
    waiterName: "Νίκος",
    tableName: "3",
    myDataQrUrl: QR,
    status: "TRANSMITTED",
    orderFormStatus: null,
    cardInfo: { type: "Viva", tid: "12345678", mid: "998877", number: null, approvalCode: null, transactionId: "tx-77" },
    products: [
      { name: "Χωριάτικη", quantity: 2, price: 850, vatCategory: 2 },
      { name: "Μπύρα", quantity: 1, price: 550, vatCategory: 1 },
    ],
    sections: [
      { sectionVat: 13, sectionAmount: 1700, sectionType: "GOOD", paymentMethod: "CARD" },
      { sectionVat: 24, sectionAmount: 550, sectionType: "GOOD", paymentMethod: "CARD" },
    ],
    payments: [],
    ...overrides,
  };
}

const options = { bigLetters: false, codePage: "cp737" as const };
const texts = (bytes: Uint8Array) => decodeEscPos(bytes).lines.map((line) => line.text.trimEnd());

describe("the QR command", () => {
  it("encodes GS ( k model 2, the module size, the data and print, and decodes back", () => {
    const bytes = new EscPosEncoder({ codePage: "cp737" }).qrCode(QR, 8).encode();
    expect(Array.from(bytes.subarray(0, 9))).toEqual([0x1d, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0]);
    expect(Array.from(bytes.subarray(9, 17))).toEqual([0x1d, 0x28, 0x6b, 3, 0, 0x31, 0x43, 8]);
    const decoded = decodeEscPos(bytes);
    expect(decoded.qrCodes).toEqual([{ data: QR, model: 2, moduleSize: 8, afterLine: 0 }]);
    expect(decoded.commands.filter((c) => c.type === "qr").map((c) => c.type === "qr" && c.fn)).toEqual([
      165, 167, 169, 180, 181,
    ]);
  });

  it("refuses data that is not printable ASCII or too long", () => {
    const encoder = new EscPosEncoder({ codePage: "cp737" });
    expect(() => encoder.qrCode("https://x/\u001b@", 8)).toThrow(RangeError);
    expect(() => encoder.qrCode("x".repeat(2001), 8)).toThrow(RangeError);
  });
});

describe("renderFiscalDocument", () => {
  it("prints header, type, number, lines, VAT analysis, totals, card, mark, uid and the QR of width 8", () => {
    const bytes = renderFiscalDocument(VENUE, receipt(), options);
    expect(texts(bytes)).toEqual([
      "Ταβέρνα το Λιμάνι",
      "Ακτή Μιαούλη 10, 18538 Πειραιάς",
      "ΑΦΜ: 094014201, ΔΟΥ: Α' Αθηνών",
      "-".repeat(48),
      "ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ ΠΩΛΗΣΗΣ",
      `Σειρά A  Α/Α 42${" ".repeat(17)}21:05 14/07/2025`,
      `Τραπέζι 3${" ".repeat(34)}Νίκος`,
      "-".repeat(48),
      `2x Χωριάτικη${" ".repeat(31)}17,00`,
      `1x Μπύρα${" ".repeat(36)}5,50`,
      "-".repeat(48),
      `ΦΠΑ      Καθαρή αξία           ΦΠΑ        Σύνολο`,
      `24%             4,44          1,06          5,50`,
      `13%            15,04          1,96         17,00`,
      `               19,48          3,02         22,50`,
      "-".repeat(48),
      `ΣΥΝΟΛΟ${" ".repeat(13)}22,50`,
      `Κάρτα${" ".repeat(38)}22,50`,
      "Τερματικό: Viva TID 12345678",
      "Αρ. συναλλαγής: tx-77",
      "-".repeat(48),
      "ΜΑΡΚ: 400001234567890",
      `UID: ${UID}`,
      "",
      "",
    ]);
    const decoded = decodeEscPos(bytes);
    expect(decoded.qrCodes).toEqual([{ data: QR, model: 2, moduleSize: RECEIPT_QR_MODULE_SIZE, afterLine: 24 }]);
    expect(decoded.lines.every((line) => line.columns <= 48)).toBe(true);
    expect(decoded.commands.at(-1)).toEqual({ type: "cut", partial: true });
  });

  it("prints the pending-transmission line and no QR while the document has no mark", () => {
    const bytes = renderFiscalDocument(VENUE, receipt({ mark: null, myDataQrUrl: null }), options);
    const lines = texts(bytes);
    expect(lines).toContain(PENDING_TRANSMISSION_LINE);
    expect(lines.some((line) => line.startsWith("ΜΑΡΚ"))).toBe(false);
    expect(lines).toContain(`UID: ${UID}`);
    expect(decodeEscPos(bytes).qrCodes).toEqual([]);
  });

  it("names each type as AADE does; an order slip carries no payment", () => {
    const title = (type: PrintableDocumentType) => texts(renderFiscalDocument(VENUE, receipt({ type }), options))[4];
    expect(title("SERVICE_RECEIPT")).toBe("ΑΠΟΔΕΙΞΗ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ");
    expect(title("CREDIT_NOTE")).toBe("ΠΙΣΤΩΤΙΚΟ ΣΤΟΙΧΕΙΟ ΛΙΑΝΙΚΗΣ");
    const slip = texts(renderFiscalDocument(VENUE, receipt({ type: "ORDER", cardInfo: null }), options));
    expect(slip[4]).toBe("ΔΕΛΤΙΟ ΠΑΡΑΓΓΕΛΙΑΣ ΕΣΤΙΑΣΗΣ");
    expect(slip.some((line) => line.startsWith("Κάρτα"))).toBe(false);
  });

  it("lists split payments and a discount, and wraps at half width with big letters", () => {
    const doc = {
      ...receipt({ totalAmount: 2000, cardInfo: null }),
      sections: [{ sectionVat: 13, sectionAmount: 2000, sectionType: "GOOD", paymentMethod: "CASH" }],
      payments: [
        { method: "CASH" as const, amount: 1500 },
        { method: "CARD" as const, amount: 500 },
      ],
    };
    const decoded = decodeEscPos(renderFiscalDocument(VENUE, doc, { ...options, bigLetters: true }));
    const lines = decoded.lines.map((line) => line.text.trimEnd());
    expect(lines).toContain(`Έκπτωση${" ".repeat(12)}-2,50`);
    expect(lines).toContain(`Μετρητά${" ".repeat(12)}15,00`);
    expect(lines).toContain(`Κάρτα${" ".repeat(15)}5,00`);
    expect(decoded.lines.every((line) => line.columns <= 48)).toBe(true);
  });

  it("prints a tip on its own line under the payments, outside the total", () => {
    const doc = printJob.parse({
      kind: "receipt",
      venue: VENUE,
      document: {
        ...receipt({ totalAmount: 2000, cardInfo: null }),
        sections: [{ sectionVat: 13, sectionAmount: 2000, sectionType: "GOOD", paymentMethod: "CARD" }],
        payments: [{ method: "CARD" as const, amount: 2000, tipAmount: 300 }],
      },
    });
    const lines = texts(renderJob(doc, { defaultCodePage: "cp737" })).map((line) => line.trimEnd());
    const total = lines.findIndex((line) => line.startsWith("ΣΥΝΟΛΟ"));
    const card = lines.findIndex((line) => line.startsWith("Κάρτα"));
    const tip = lines.findIndex((line) => line.startsWith("Φιλοδώρημα (Κάρτα)"));
    expect(lines[total]).toMatch(/20,00$/);
    expect(lines[card]).toMatch(/20,00$/);
    expect(lines[tip]).toMatch(/ 3,00$/);
    expect(tip).toBeGreaterThan(card);
    expect(lines.filter((line) => line.startsWith("Φιλοδώρημα"))).toHaveLength(1);
  });

  it("splits VAT per rate so that net + VAT = gross", () => {
    const rows = vatAnalysis([
      { sectionVat: 24, sectionAmount: 1000, paymentMethod: "CASH" },
      { sectionVat: 24, sectionAmount: 333, paymentMethod: "CASH" },
      { sectionVat: 0, sectionAmount: 100, paymentMethod: "CASH" },
    ]);
    expect(rows).toEqual([
      { rate: 24, net: 1075, vat: 258, gross: 1333 },
      { rate: 0, net: 100, vat: 0, gross: 100 },
    ]);
  });
});

describe("receipt and order-slip jobs", () => {
  it("marks a reprint ΑΝΤΙΓΡΑΦΟ under the title, and an original not", () => {
    const copy = printJob.parse({ kind: "receipt", venue: VENUE, document: receipt(), copy: true });
    const lines = texts(renderJob(copy, { defaultCodePage: "cp737" }));
    expect(lines[5]).toBe(COPY_LINE);
    expect(lines[4]).toBe("ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ ΠΩΛΗΣΗΣ");
    const original = printJob.parse({ kind: "receipt", venue: VENUE, document: receipt() });
    expect(texts(renderJob(original, { defaultCodePage: "cp737" }))).not.toContain(COPY_LINE);
  });

  it("validates a whole fiscal document plus the venue and renders it", () => {
    const job = printJob.parse({ kind: "receipt", venue: VENUE, document: receipt() });
    const decoded = decodeEscPos(renderJob(job, { defaultCodePage: "cp737" }));
    expect(decoded.qrCodes[0]?.data).toBe(QR);
    const slip = printJob.parse({ kind: "order-slip", venue: VENUE, document: receipt({ type: "ORDER", mark: null }) });
    expect(texts(renderJob(slip, { defaultCodePage: "cp737" }))).toContain(PENDING_TRANSMISSION_LINE);
  });

  it("refuses a wrong type for the kind, a bad ΑΦΜ format, an unknown VAT rate and a non-ASCII QR", () => {
    const bad = [
      { kind: "order-slip", venue: VENUE, document: receipt() },
      { kind: "receipt", venue: VENUE, document: receipt({ type: "ORDER" }) },
      { kind: "receipt", venue: VENUE, document: { ...receipt(), type: "DELIVERY_NOTE" } },
      { kind: "receipt", venue: { ...VENUE, tin: "12" }, document: receipt() },
      {
        kind: "receipt",
        venue: VENUE,
        document: receipt({ sections: [{ sectionVat: 23, sectionAmount: 1, sectionType: "GOOD", paymentMethod: "CASH" }] }),
      },
      { kind: "receipt", venue: VENUE, document: receipt({ myDataQrUrl: "https://x/\u001b@" }) },
      { kind: "receipt", venue: VENUE, document: receipt({ products: Array(1001).fill(receipt().products[0]) }) },
    ];
    for (const job of bad) expect(printJob.safeParse(job).success, JSON.stringify(job).slice(0, 80)).toBe(false);
  });
});
