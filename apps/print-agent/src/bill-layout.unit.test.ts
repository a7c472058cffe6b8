import type { TableBill } from "@tableorder/domain/contracts/cash-desk";
import { describe, expect, it } from "vitest";
import { billAmount, NOT_FISCAL_NOTE, renderBill } from "./bill-layout.ts";
import { CODE_PAGES } from "./escpos/code-pages.ts";
import { decodeEscPos } from "./escpos/decode.ts";
import { renderJob } from "./print-job.ts";
import { printJob } from "./protocol.ts";

function bill(overrides: Partial<TableBill> = {}): TableBill {
  return {
    tableId: 3,
    tableName: "3",
    serviceMode: "DINE_IN",
    venueName: "Ταβέρνα το Λιμάνι",
    // 21:05 in Athens (UTC+3 in summer).
    billedAt: "2025-07-14T18:05:00.000Z",
    lines: [
      { name: "Χωριάτικη", quantity: 2, unitPrice: 850, amount: 1700, isGift: false },
      { name: "Μπύρα Μάμος", quantity: 3, unitPrice: 450, amount: 1350, isGift: false },
      { name: "Γλυκό ταψιού", quantity: 1, unitPrice: 500, amount: 0, isGift: true },
    ],
    discountAmount: 150,
    totalAmount: 2900,
    billedCount: 6,
    ...overrides,
  };
}

const options = { bigLetters: false, codePage: "cp737" as const };
const texts = (bytes: Uint8Array) => decodeEscPos(bytes).lines.map((line) => line.text.trimEnd());

describe("renderBill", () => {
  it("prints venue, title, table and time, the lines, discount, total and the non-fiscal note", () => {
    const decoded = decodeEscPos(renderBill(bill(), options));
    expect(decoded.lines.map((line) => line.text.trimEnd())).toEqual([
      "Ταβέρνα το Λιμάνι",
      "ΛΟΓΑΡΙΑΣΜΟΣ",
      "Τραπέζι 3                       21:05 14/07/2025",
      "-".repeat(48),
      `2x Χωριάτικη${" ".repeat(31)}17,00`,
      `3x Μπύρα Μάμος${" ".repeat(29)}13,50`,
      `1x Γλυκό ταψιού${" ".repeat(21)}Κέρασμα 0,00`,
      "-".repeat(48),
      "Υποσύνολο                                  30,50",
      "Έκπτωση                                    -1,50",
      `ΣΥΝΟΛΟ${" ".repeat(13)}29,00`,
      "-".repeat(48),
      NOT_FISCAL_NOTE,
    ]);
    const byText = (text: string) => decoded.lines.find((line) => line.text.includes(text));
    expect(byText("ΛΟΓΑΡΙΑΣΜΟΣ")).toMatchObject({ width: 2, height: 2, bold: true, align: "center" });
    expect(byText("ΣΥΝΟΛΟ")).toMatchObject({ width: 2, bold: true });
    expect(decoded.commands.at(-1)).toEqual({ type: "cut", partial: true });
  });

  it("names a take-away 'Πακέτο N' and leaves out the discount lines when there is none", () => {
    const lines = texts(
      renderBill(bill({ serviceMode: "TAKE_AWAY", tableName: "7", discountAmount: 0, totalAmount: 3050 }), options),
    );
    expect(lines[2]).toMatch(/^Πακέτο 7 +21:05 14\/07\/2025$/);
    expect(lines.some((line) => line.startsWith("Έκπτωση"))).toBe(false);
    expect(lines).toContain(`ΣΥΝΟΛΟ${" ".repeat(13)}30,50`);
  });

  it.each([
    [false, 48],
    [true, 24],
  ])("keeps every line within the paper (big letters %s: %i columns of body text)", (bigLetters, bodyColumns) => {
    const long = "Σαλάτα του σεφ με ρόκα, παρμεζάνα, λιαστή ντομάτα και βαλσάμικο Μοδένας";
    const decoded = decodeEscPos(
      renderBill(
        bill({ lines: [{ name: long, quantity: 12, unitPrice: 1250, amount: 15000, isGift: false }], totalAmount: 15000 }),
        { ...options, bigLetters },
      ),
    );
    for (const line of decoded.lines) expect(line.columns, line.text).toBeLessThanOrEqual(48);
    const rules = decoded.lines.flatMap((line, index) => (line.text === "-".repeat(48) ? [index] : []));
    const item = decoded.lines.slice(rules[0] + 1, rules[1]);
    expect(item[0].text.startsWith("12x Σαλάτα")).toBe(true);
    expect(item[0].text.trimEnd().endsWith("150,00")).toBe(true);
    expect(item.length).toBeGreaterThan(1);
    for (const line of item) expect(line.text.length).toBeLessThanOrEqual(bodyColumns);
  });

  it.each(CODE_PAGES)("round-trips the Greek text on %s", (codePage) => {
    const lines = texts(renderBill(bill(), { ...options, codePage }));
    expect(lines).toContain("ΛΟΓΑΡΙΑΣΜΟΣ");
    expect(lines).toContain(NOT_FISCAL_NOTE);
    expect(lines.join("\n")).not.toContain("\uFFFD");
  });

  it("formats cents with a comma and thousands dots", () => {
    expect(billAmount(1234)).toBe("12,34");
    expect(billAmount(5)).toBe("0,05");
    expect(billAmount(-150)).toBe("-1,50");
    expect(billAmount(123456789)).toBe("1.234.567,89");
  });
});

describe("the bill print job", () => {
  it("is validated and rendered by the agent, with the browser's whole TableBill", () => {
    const job = printJob.parse({ kind: "bill", bill: bill(), bigLetters: true });
    expect(job.kind).toBe("bill");
    const lines = texts(renderJob(job, { defaultCodePage: "cp737" }));
    expect(lines).toContain("ΛΟΓΑΡΙΑΣΜΟΣ");
  });

  it("refuses a bill with a negative or fractional amount", () => {
    const line = { name: "x", quantity: 1, unitPrice: 100, amount: -100, isGift: false };
    expect(printJob.safeParse({ kind: "bill", bill: bill({ lines: [line] }) }).success).toBe(false);
    expect(printJob.safeParse({ kind: "bill", bill: bill({ totalAmount: 10.5 }) }).success).toBe(false);
  });
});
