import type { PrintServiceStatus } from "../../../lib/print/print-service.ts";
import type { TicketPrinterState } from "./ticket-printer.ts";

/** The printer as the cook's header names it (kitchen.printer.<state>). */
export type PrinterState = Exclude<PrintServiceStatus, "CONNECTED"> | "noPrinter" | "failed" | "printing" | "CONNECTED";

/** States in which nothing can print; each has its own reason (kitchen.printer.hint.<state>). */
export type PrinterUnavailable = Extract<PrinterState, "UNCONFIGURED" | "CONNECTING" | "DISCONNECTED" | "noPrinter">;

/**
 * One reading of the printer for the status line and the disabled buttons' tooltips, so the two
 * always say the same thing: no print service, no printer for the area, not connected, tickets
 * that did not print, printing, or ready.
 */
export function printerState({ status, hasPrinter, failed, queue }: TicketPrinterState): PrinterState {
  if (status !== "CONNECTED") return status;
  if (!hasPrinter) return "noPrinter";
  if (failed.length > 0) return "failed";
  return queue.busy ? "printing" : "CONNECTED";
}

/** Why the print buttons are disabled; null when they work. */
export function printerUnavailable(state: PrinterState): PrinterUnavailable | null {
  return state === "UNCONFIGURED" || state === "CONNECTING" || state === "DISCONNECTED" || state === "noPrinter" ? state : null;
}
