import { describe, expect, it } from "vitest";
import { decodeEscPos } from "./escpos/decode.ts";
import { renderJob } from "./print-job.ts";
import { printJob } from "./protocol.ts";
import { type PrintableStatsReport, renderStatsReport } from "./stats-report-layout.ts";

const report: PrintableStatsReport = {
  venueName: "Ταβέρνα το Λιμάνι",
  startDate: "2026-10-25",
  endDate: "2026-10-25",
  cashTotal: 2200,
  posTotal: 2100,
  onlineTotal: 700,
  onCreditTotal: 950,
  giftsTotal: 350,
  cancelledTotal: 100,
  discountsTotal: 450,
  tablesTotal: 4,
  productCount: [
    { name: "Χωριάτικη", amount: 2850, count: 3 },
    { name: "Νερό", amount: 0, count: 1 },
  ],
};
const options = { bigLetters: false, codePage: "cp737" as const, now: new Date("2026-10-25T21:30:00Z") };
const texts = (bytes: Uint8Array) => decodeEscPos(bytes).lines.map((line) => line.text.trimEnd());

describe("renderStatsReport", () => {
  it("prints the period, the totals in the spec's groups and the consumption, 48 columns wide", () => {
    const lines = texts(renderStatsReport(report, options));
    expect(lines.slice(0, 3)).toEqual(["Ταβέρνα το Λιμάνι", "ΑΝΑΦΟΡΑ ΣΤΑΤΙΣΤΙΚΩΝ", "25/10/2026"]);
    expect(lines).toContain(`ΣΥΝΟΛΙΚΑ ΕΣΟΔΑ${" ".repeat(48 - 14 - 5)}59,50`);
    expect(lines).toContain(`  Μετρητά${" ".repeat(48 - 9 - 5)}22,00`);
    expect(lines).toContain(`ΜΗ ΕΙΣΠΡΑΧΘΕΝΤΑ${" ".repeat(48 - 15 - 4)}9,00`);
    expect(lines).toContain(`Εξυπηρετήσεις τραπεζιών${" ".repeat(48 - 23 - 1)}4`);
    expect(lines).toContain(`3x Χωριάτικη${" ".repeat(48 - 12 - 5)}28,50`);
    expect(lines.at(-1)).toBe("Εκτύπωση 23:30 25/10/2026");
    expect(lines.every((line) => line.length <= 48)).toBe(true);
  });

  it("prints the tips apart from the income, by method and by who collected them; none, no block", () => {
    const tips = {
      cash: 350,
      pos: 150,
      online: 220,
      total: 720,
      byWaiter: [
        { userId: 7, name: "Μαρία Π.", total: 450 },
        { userId: null, name: "", total: 220 },
      ],
    };
    const job = printJob.parse({ kind: "stats-report", report: { ...report, tips } });
    const lines = texts(renderJob(job, { defaultCodePage: "cp737" }));
    expect(lines).toContain(`ΣΥΝΟΛΙΚΑ ΕΣΟΔΑ${" ".repeat(48 - 14 - 5)}59,50`);
    expect(lines).toContain(`ΦΙΛΟΔΩΡΗΜΑΤΑ${" ".repeat(48 - 12 - 4)}7,20`);
    expect(lines).toContain(`  Μαρία Π.${" ".repeat(48 - 10 - 4)}4,50`);
    expect(lines).toContain(`  Online (πελάτες)${" ".repeat(48 - 18 - 4)}2,20`);
    expect(lines.every((line) => line.length <= 48)).toBe(true);
    expect(texts(renderStatsReport(report, options)).some((line) => line.startsWith("ΦΙΛΟΔΩΡΗΜΑΤΑ"))).toBe(false);
  });

  it("is a print job the agent accepts and renders; bad money is refused", () => {
    const job = printJob.parse({ kind: "stats-report", report: { ...report, filters: "12:00-15:55" } });
    const lines = texts(renderJob(job, { defaultCodePage: "cp737", now: options.now }));
    expect(lines).toContain("12:00-15:55");
    expect(printJob.safeParse({ kind: "stats-report", report: { ...report, cashTotal: 10.5 } }).success).toBe(false);
    expect(printJob.safeParse({ kind: "stats-report", report: { ...report, productCount: undefined } }).success).toBe(false);
  });

  it("prints a day that takes back an earlier day's receipt: its money and its consumption below zero", () => {
    // Issue 28 A2: a credit note counts on its own day, so today may hold less than nothing.
    const cancelling = {
      ...report,
      cashTotal: -2200,
      posTotal: 0,
      onlineTotal: 0,
      onCreditTotal: 0,
      giftsTotal: 0,
      cancelledTotal: 2200,
      discountsTotal: -51,
      tablesTotal: 0,
      productCount: [{ name: "Χωριάτικη", amount: -1900, count: -2 }],
    };
    const job = printJob.parse({ kind: "stats-report", report: cancelling });
    const lines = texts(renderJob(job, { defaultCodePage: "cp737", now: options.now }));
    expect(lines).toContain(`  Μετρητά${" ".repeat(48 - 9 - 6)}-22,00`);
    expect(lines).toContain(`-2x Χωριάτικη${" ".repeat(48 - 13 - 6)}-19,00`);
    expect(printJob.safeParse({ kind: "stats-report", report: { ...cancelling, cancelledTotal: -1 } }).success).toBe(false);
  });
});
