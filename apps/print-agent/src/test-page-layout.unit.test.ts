import { describe, expect, it } from "vitest";
import { decodeEscPos } from "./escpos/decode.ts";
import { renderJob } from "./print-job.ts";
import { printJob } from "./protocol.ts";
import { type PrintableTestPage, renderTestPage } from "./test-page-layout.ts";

const page: PrintableTestPage = { venueName: "Ταβέρνα το Λιμάνι", areaName: "Κουζίνα", printer: "192.168.1.50:9101" };
// 23:30 in Athens (UTC+2 in winter).
const now = new Date("2026-11-25T21:30:00Z");
const texts = (bytes: Uint8Array) => decodeEscPos(bytes).lines.map((line) => line.text.trimEnd());

describe("renderTestPage", () => {
  it("prints whose printer it is, where, the code page and the time, Greek with every accent, and that it works", () => {
    expect(texts(renderTestPage(page, { codePage: "windows1253", now }))).toEqual([
      "Ταβέρνα το Λιμάνι",
      "ΔΟΚΙΜΑΣΤΙΚΗ ΕΚΤΥΠΩΣΗ",
      "-".repeat(48),
      `Χώρος${" ".repeat(48 - 5 - 7)}Κουζίνα`,
      `Εκτυπωτής${" ".repeat(48 - 9 - 17)}192.168.1.50:9101`,
      `Κωδικοσελίδα${" ".repeat(48 - 12 - 11)}windows1253`,
      `Ημερομηνία${" ".repeat(48 - 10 - 16)}23:30 25/11/2026`,
      "-".repeat(48),
      "άέήίόύώ ΆΈΉΊΌΎΏ ϊϋΐΰ € 12,50",
      "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία",
      "ΞΕΣΚΕΠΑΖΩ ΤΗΝ ΨΥΧΟΦΘΟΡΑ ΒΔΕΛΥΓΜΙΑ",
      "-".repeat(48),
      "Η εκτύπωση λειτουργεί",
    ]);
  });

  it("prints the euro sign as EUR and ΐ, ΰ without the accent on a code page that lacks them (cp737)", () => {
    const lines = texts(renderTestPage(page, { codePage: "cp737", now }));
    expect(lines).toContain("άέήίόύώ ΆΈΉΊΌΎΏ ϊϋϊϋ EUR 12,50");
    expect(lines).toContain(`Κωδικοσελίδα${" ".repeat(48 - 12 - 5)}cp737`);
  });

  it("is a print job the agent accepts and renders with the venue's code page; a page without an area or printer is refused", () => {
    const job = printJob.parse({ kind: "test-page", page });
    const lines = texts(renderJob(job, { defaultCodePage: "cp737", now }));
    expect(lines).toContain(`Χώρος${" ".repeat(48 - 5 - 7)}Κουζίνα`);
    expect(lines.at(-1)).toBe("Η εκτύπωση λειτουργεί");
    expect(printJob.safeParse({ kind: "test-page", page: { ...page, areaName: "" } }).success).toBe(false);
    expect(printJob.safeParse({ kind: "test-page", page: { venueName: "x", areaName: "Μπαρ" } }).success).toBe(false);
  });
});
