import { describe, expect, it } from "vitest";
import { el } from "../../../lib/locales/el.ts";
import { en } from "../../../lib/locales/en.ts";
import { printerState, printerUnavailable } from "./printer-state.ts";
import type { FailedTicketPrint, TicketPrinterState } from "./ticket-printer.ts";

const idle: TicketPrinterState = {
  status: "CONNECTED",
  queue: { busy: false, waiting: 0, lastFailure: null },
  hasPrinter: true,
  failed: [],
  alert: false,
};
const failed = { key: "ticket:1" } as FailedTicketPrint;

describe("printerState: the header's word and the disabled buttons' reason agree", () => {
  it("names each state, a failed print before a busy queue", () => {
    expect(printerState({ ...idle, status: "UNCONFIGURED", hasPrinter: false })).toBe("UNCONFIGURED");
    expect(printerState({ ...idle, status: "DISCONNECTED" })).toBe("DISCONNECTED");
    expect(printerState({ ...idle, hasPrinter: false })).toBe("noPrinter");
    expect(printerState({ ...idle, queue: { ...idle.queue, busy: true }, failed: [failed] })).toBe("failed");
    expect(printerState({ ...idle, queue: { ...idle.queue, busy: true } })).toBe("printing");
    expect(printerState(idle)).toBe("CONNECTED");
  });

  it("says 'no printer set', not 'not connected', when the area has no printer (issue 15)", () => {
    const reason = printerUnavailable(printerState({ ...idle, hasPrinter: false }));
    expect(reason).toBe("noPrinter");
    expect(el.kitchen.printer.hint[reason as "noPrinter"]).toBe("Δεν έχει οριστεί εκτυπωτής για αυτόν τον χώρο");
    expect(en.kitchen.printer.hint[reason as "noPrinter"]).toBe("No printer is set for this area");
    expect(printerUnavailable("DISCONNECTED")).toBe("DISCONNECTED");
    expect(printerUnavailable("failed")).toBeNull();
    expect(printerUnavailable("CONNECTED")).toBeNull();
  });
});
