import type { KitchenFeed, KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { useEffect, useState, useSyncExternalStore } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { bigLetters } from "../../../lib/print/big-letters.ts";
import { PrintServiceClient } from "../../../lib/print/print-service.ts";
import { storedValue } from "../../../lib/stored-value.ts";
import { claimTicketPrint } from "../api/claim-ticket-print.ts";
import { getKitchenTicket } from "../api/get-kitchen-ticket.ts";
import { usePrintServiceAddress } from "../api/get-print-service-address.ts";
import { markTicketPrinted } from "../api/mark-ticket-printed.ts";
import type { KitchenArea } from "../kitchen-area.ts";
import { type PrinterState, type PrinterUnavailable, printerState, printerUnavailable } from "../printing/printer-state.ts";
import { TicketPrinter, type TicketPrinterState } from "../printing/ticket-printer.ts";
import { parsePrintedTickets } from "../printing/void-tickets.ts";

export interface TicketPrinting extends TicketPrinterState {
  /** The agent is connected and the area has a printer: print buttons work. */
  ready: boolean;
  /** The printer in one word, for the status line. */
  state: PrinterState;
  /** Why print buttons are disabled (their tooltip); null when they work. */
  unavailable: PrinterUnavailable | null;
  /** Prints every ticket not yet printed (the header's print button). */
  printUnprinted: () => void;
  /** Prints one ticket again, on the cook's request; resolves whether it came out. */
  printTicket: (ticket: KitchenTicket) => Promise<boolean>;
  /** "Print again" on a ticket that did not print. */
  retryFailed: (key: string) => void;
  /** The cook has seen the failures: hide the alert (the list stays under the printer status). */
  acknowledgeFailures: () => void;
  /** Shows the alert with the failed list again. */
  showFailures: () => void;
}

const IDLE: TicketPrinterState = {
  status: "UNCONFIGURED",
  queue: { busy: false, waiting: 0, lastFailure: null },
  hasPrinter: false,
  failed: [],
  alert: false,
};
const noop = () => () => {};

function parseKeys(raw: string | null): string[] {
  try {
    const value: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

async function fetchTicketForVoid(ticketId: number): Promise<KitchenTicket | null> {
  try {
    return await getKitchenTicket(ticketId, { quiet: true });
  } catch (error) {
    // Not readable any more (gone, not ours): there is nothing to compare with.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

/**
 * Connects the preparation screen to the venue's print agent and runs auto-print, voids and
 * manual prints (see TicketPrinter) for as long as the area is on screen.
 */
export function useTicketPrinting(area: KitchenArea, feed: KitchenFeed | undefined): TicketPrinting {
  const address = usePrintServiceAddress().data?.address ?? null;
  const [printer, setPrinter] = useState<{ client: PrintServiceClient; printer: TicketPrinter } | null>(null);
  // Stored state is kept per area id, known once the feed has loaded (a tablet may change hands).
  const key = area.areaId ?? feed?.id ?? null;

  // Made in an effect, not during render, so StrictMode's extra mount and unmount leave no stray socket.
  useEffect(() => {
    if (key === null) return;
    const client = new PrintServiceClient();
    const created = new TicketPrinter({
      service: client,
      fetchTicket: fetchTicketForVoid,
      claimPrint: claimTicketPrint,
      markPrinted: markTicketPrinted,
      doneKeys: storedValue("session", `prepPrintedKeys.${key}`, parseKeys),
      printedTickets: storedValue("local", `prepPrintedTickets.${key}`, parsePrintedTickets),
      bigLetters: () => bigLetters.get(),
    });
    setPrinter({ client, printer: created });
    return () => {
      created.stop();
      client.dispose();
      setPrinter(null);
    };
  }, [key]);

  useEffect(() => {
    printer?.client.connect(address);
  }, [printer, address]);

  useEffect(() => {
    printer?.printer.setFeed(feed);
  }, [printer, feed]);

  const state = useSyncExternalStore(printer?.printer.subscribe ?? noop, printer?.printer.getState ?? (() => IDLE), () => IDLE);
  const current = printerState(state);
  return {
    ...state,
    ready: state.status === "CONNECTED" && state.hasPrinter,
    state: current,
    unavailable: printerUnavailable(current),
    printUnprinted: () => printer?.printer.printUnprinted(),
    printTicket: (ticket) => printer?.printer.printTicket(ticket) ?? Promise.resolve(false),
    retryFailed: (key) => printer?.printer.retryFailed(key),
    acknowledgeFailures: () => printer?.printer.acknowledgeFailures(),
    showFailures: () => printer?.printer.showFailures(),
  };
}
