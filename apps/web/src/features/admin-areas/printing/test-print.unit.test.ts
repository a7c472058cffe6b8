import { describe, expect, it } from "vitest";
import { testPageJob, testPrintBlocked, testPrintFailure } from "./test-print.ts";

describe("testPrintBlocked", () => {
  const ready = { savedPrinterIp: "192.168.1.50", typedPrinterIp: "192.168.1.50", agentStatus: "CONNECTED" as const };

  it("lets the admin press when the area has a saved printer and the venue a print agent, connected or not yet", () => {
    expect(testPrintBlocked(ready)).toBeNull();
    expect(testPrintBlocked({ ...ready, typedPrinterIp: " 192.168.1.50 " })).toBeNull();
    // The press answers "not connected" in words; the button does not guess.
    expect(testPrintBlocked({ ...ready, agentStatus: "CONNECTING" })).toBeNull();
    expect(testPrintBlocked({ ...ready, agentStatus: "DISCONNECTED" })).toBeNull();
  });

  it("says why it cannot: no printer for the area, a new address not saved yet, no print service for the venue", () => {
    expect(testPrintBlocked({ ...ready, savedPrinterIp: null, typedPrinterIp: "" })).toBe("noPrinter");
    expect(testPrintBlocked({ ...ready, savedPrinterIp: "  ", typedPrinterIp: " " })).toBe("noPrinter");
    expect(testPrintBlocked({ ...ready, savedPrinterIp: null, typedPrinterIp: "192.168.1.60" })).toBe("unsaved");
    expect(testPrintBlocked({ ...ready, typedPrinterIp: "192.168.1.60" })).toBe("unsaved");
    expect(testPrintBlocked({ ...ready, typedPrinterIp: "" })).toBe("unsaved");
    expect(testPrintBlocked({ ...ready, agentStatus: "UNCONFIGURED" })).toBe("noPrintService");
  });
});

describe("testPrintFailure", () => {
  it("tells an agent that cannot be reached from a printer that cannot", () => {
    expect(testPrintFailure({ ok: false, error: "not_connected" })).toBe("agentUnreachable");
    expect(testPrintFailure({ ok: false, error: "disconnected" })).toBe("agentUnreachable");
    expect(testPrintFailure({ ok: false, error: "no_answer" })).toBe("agentUnreachable");
    expect(testPrintFailure({ ok: false, error: "printer_unreachable", message: "ECONNREFUSED" })).toBe("printerUnreachable");
    expect(testPrintFailure({ ok: false, error: "printer_timeout" })).toBe("printerTimeout");
    expect(testPrintFailure({ ok: false, error: "invalid_job" })).toBe("refused");
    expect(testPrintFailure({ ok: false, error: "something_new" })).toBe("refused");
  });
});

describe("testPageJob", () => {
  it("is the agent's test-page job", () => {
    expect(testPageJob({ venueName: "Λιμάνι", areaName: "Μπαρ", printer: "10.0.0.5:9101" })).toEqual({
      kind: "test-page",
      page: { venueName: "Λιμάνι", areaName: "Μπαρ", printer: "10.0.0.5:9101" },
    });
  });
});
