import { documentsToPrint, type FiscalDocument, type TableBill } from "@tableorder/domain/contracts/cash-desk";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { bigLetters } from "../../../lib/print/big-letters.ts";
import { printerAddress } from "../../../lib/print/print-job-memory.ts";
import { type PrintResult, PrintServiceClient, type PrintServiceStatus } from "../../../lib/print/print-service.ts";
import { useRealtime } from "../../../lib/realtime.ts";
import { storedValue } from "../../../lib/stored-value.ts";
import {
  claimDocumentPrint,
  documentsToPrintQueryKey,
  markDocumentPrinted,
  useDocumentsToPrint,
} from "../api/documents-to-print.ts";
import { useAdminIp } from "../api/get-admin-ip.ts";
import { DocumentPrinter, type DocumentPrinterState, documentJob } from "../printing/document-printer.ts";

export const DOCUMENTS_TO_PRINT_QUEUE = "/user/queue/admin/documents-to-print";

export interface TillPrinter {
  status: PrintServiceStatus;
  /** The agent is connected and the till has a printer: a bill can come out. */
  ready: boolean;
  /** Sends a bill to the till's printer (80 mm); resolves with the agent's answer, never throws. */
  printBill: (bill: TableBill, bigLetters: boolean) => Promise<PrintResult>;
  /**
   * The venue prints through a print agent: one of its screens has printed through one, or this
   * till is connected to one now. Until then nothing is said to be waiting to print or to have
   * failed to print: a venue without a print service hands out no paper.
   */
  serviceSeen: boolean;
  /** Fiscal documents due that have not come out yet (0 until a print service was seen). */
  documentsWaiting: number;
  /** Prints a document again, marked ΑΝΤΙΓΡΑΦΟ (from the history); never throws. */
  reprint: (document: FiscalDocument) => Promise<PrintResult>;
}

const noop = () => () => {};
const unconfigured = (): PrintServiceStatus => "UNCONFIGURED";
const IDLE: DocumentPrinterState = { status: "UNCONFIGURED", queue: { busy: false, waiting: 0, lastFailure: null }, waiting: 0 };

function parseKeys(raw: string | null): string[] {
  try {
    const value: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The till's connection to the venue's print agent (spec 3 §7.7), open while the cash desk is on
 * screen: bills on request, and every fiscal document the venue issues, by itself (DocumentPrinter),
 * from the live list of documents not yet printed. The agent's address and the till's printer come
 * from api/admin/ip.
 */
export function useTillPrinter(): TillPrinter {
  const ip = useAdminIp().data;
  const address = ip?.address ?? null;
  const printerIp = ip?.printerIp ?? null;
  const queryClient = useQueryClient();
  const toPrint = useDocumentsToPrint().data;
  const [till, setTill] = useState<{ client: PrintServiceClient; documents: DocumentPrinter } | null>(null);

  useRealtime(
    DOCUMENTS_TO_PRINT_QUEUE,
    (body) => {
      const parsed = documentsToPrint.safeParse(body);
      if (parsed.success) queryClient.setQueryData(documentsToPrintQueryKey, parsed.data);
    },
    () => void queryClient.invalidateQueries({ queryKey: documentsToPrintQueryKey }),
  );

  // Made in an effect, so StrictMode's extra mount leaves no stray socket behind.
  useEffect(() => {
    const client = new PrintServiceClient();
    const documents = new DocumentPrinter({
      service: client,
      claimPrint: claimDocumentPrint,
      markPrinted: markDocumentPrinted,
      doneKeys: storedValue("session", "tillPrintedDocuments", parseKeys),
      bigLetters: () => bigLetters.get(),
    });
    setTill({ client, documents });
    return () => {
      documents.stop();
      client.dispose();
      setTill(null);
    };
  }, []);

  useEffect(() => {
    till?.client.connect(address);
  }, [till, address]);

  useEffect(() => {
    till?.documents.setPrinter(printerIp);
  }, [till, printerIp]);

  useEffect(() => {
    till?.documents.setList(toPrint);
  }, [till, toPrint]);

  const status = useSyncExternalStore(till?.client.subscribe ?? noop, till?.client.getStatus ?? unconfigured, unconfigured);
  const documents = useSyncExternalStore(till?.documents.subscribe ?? noop, till?.documents.getState ?? (() => IDLE), () => IDLE);
  const printBill = useCallback(
    (bill: TableBill, big: boolean): Promise<PrintResult> => {
      const printer = printerAddress(printerIp);
      if (!till || !printer) return Promise.resolve({ ok: false, error: "not_connected" });
      return till.client.print({ ...printer, job: { kind: "bill", bill, bigLetters: big } });
    },
    [till, printerIp],
  );
  const serviceSeen = Boolean(ip?.printServiceSeen) || status === "CONNECTED";
  const issuer = toPrint?.issuer ?? null;
  const reprint = useCallback(
    (document: FiscalDocument): Promise<PrintResult> => {
      const printer = printerAddress(printerIp);
      const job = issuer ? documentJob(document, issuer, bigLetters.get(), true) : null;
      if (!till || !printer || !job) return Promise.resolve({ ok: false, error: "not_connected" });
      // Its own job id: a copy is never taken for a repeat of the original.
      return till.client.print({ ...printer, job });
    },
    [till, printerIp, issuer],
  );
  return {
    status,
    ready: status === "CONNECTED" && Boolean(printerIp),
    printBill,
    serviceSeen,
    documentsWaiting: serviceSeen ? documents.waiting : 0,
    reprint,
  };
}
