import type { PrintResult, PrintServiceStatus } from "../../../lib/print/print-service.ts";

/** Why the test print cannot be sent (admin.areas.testPrint.blocked.<reason>). */
export type TestPrintBlocked = "noPrinter" | "unsaved" | "noPrintService";

/** What the agent's answer means to the admin (admin.areas.testPrint.failed.<reason>). */
export type TestPrintFailure = "agentUnreachable" | "printerUnreachable" | "printerTimeout" | "refused";

/**
 * The test prints what the kitchen prints to: the area's saved printer through the venue's print
 * agent. An address typed but not saved is not what the kitchen uses, so it must be saved first;
 * an agent not connected yet is left to the press, whose answer says so.
 */
export function testPrintBlocked({
  savedPrinterIp,
  typedPrinterIp,
  agentStatus,
}: {
  savedPrinterIp: string | null | undefined;
  typedPrinterIp: string;
  agentStatus: PrintServiceStatus;
}): TestPrintBlocked | null {
  const saved = savedPrinterIp?.trim() ?? "";
  if (!saved && !typedPrinterIp.trim()) return "noPrinter";
  if (saved !== typedPrinterIp.trim()) return "unsaved";
  if (agentStatus === "UNCONFIGURED") return "noPrintService";
  return null;
}

/** The agent's job for the area's test page (apps/print-agent, kind "test-page"). */
export function testPageJob(page: { venueName: string; areaName: string; printer: string }) {
  return { kind: "test-page", page } as const;
}

/** A failed print in the admin's words: the agent cannot be reached, or the printer behind it. */
export function testPrintFailure(result: Extract<PrintResult, { ok: false }>): TestPrintFailure {
  switch (result.error) {
    case "not_connected":
    case "disconnected":
    case "no_answer":
      return "agentUnreachable";
    case "printer_unreachable":
      return "printerUnreachable";
    case "printer_timeout":
      return "printerTimeout";
    default:
      return "refused";
  }
}
