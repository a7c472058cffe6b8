import type { DocumentIssuer, DocumentsToPrint, FiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import { printDueAt } from "@tableorder/domain/fiscal/document-printing";
import { PrintJobMemory, printerAddress } from "../../../lib/print/print-job-memory.ts";
import { PrintQueue, type PrintQueueState } from "../../../lib/print/print-queue.ts";
import type { PrintRequest, PrintResult, PrintServiceStatus } from "../../../lib/print/print-service.ts";
import type { StoredValue } from "../../../lib/stored-value.ts";

/** A document printed here but not yet marked on the server is marked again, at most this often. */
const MARK_RETRY_MS = 15_000;

/** The print agent's "receipt" and "order-slip" jobs (apps/print-agent protocol). */
export interface DocumentPrintJob {
  kind: "receipt" | "order-slip";
  venue: DocumentIssuer;
  document: FiscalDocument;
  bigLetters: boolean;
  /** A reprint from the history: the agent marks it ΑΝΤΙΓΡΑΦΟ. */
  copy?: boolean;
}

export interface DocumentPrinterDeps {
  service: {
    getStatus(): PrintServiceStatus;
    subscribe(listener: () => void): () => void;
    print(request: PrintRequest): Promise<PrintResult>;
  };
  /** Asks whether this till may print a document (no other till is); rejects when it cannot ask. */
  claimPrint(documentId: number): Promise<boolean>;
  /** Marks a document printed on the server; failures are the caller's to swallow. */
  markPrinted(documentId: number): Promise<unknown>;
  /** Print keys done this session (sessionStorage). */
  doneKeys: StoredValue<string[]>;
  bigLetters(): boolean;
  retryDelayMs?: number;
  now?: () => number;
}

export interface DocumentPrinterState {
  status: PrintServiceStatus;
  queue: PrintQueueState;
  /** Documents due that have not come out yet (the agent is away, the printer failed). */
  waiting: number;
}

export const documentPrintKey = (documentId: number) => `document:${documentId}`;

/** The job a document prints as (a copy for a reprint); null for a type the till never prints (a delivery note). */
export function documentJob(
  document: FiscalDocument,
  venue: DocumentIssuer,
  bigLetters: boolean,
  copy = false,
): DocumentPrintJob | null {
  if (document.type === "DELIVERY_NOTE") return null;
  return { kind: document.type === "ORDER" ? "order-slip" : "receipt", venue, document, bigLetters, ...(copy ? { copy } : {}) };
}

/**
 * The till's fiscal printing (issue 13): every receipt, order slip and credit note the venue
 * issues comes out of the till's printer once, oldest first, through the serial print queue.
 * A document still waiting for AADE is held back until printDueAt (it then carries its mark and
 * QR, or the "pending transmission" line). Several tills claim each document first, so only one
 * prints it; a printed one is marked on the server and leaves every till's list.
 */
export class DocumentPrinter {
  private list: DocumentsToPrint | undefined;
  private printer: ReturnType<typeof printerAddress> = null;
  private readonly queue: PrintQueue<DocumentPrintJob>;
  private readonly jobs: PrintJobMemory;
  private readonly lastMarkAt = new Map<number, number>();
  private readonly listeners = new Set<() => void>();
  private dueTimer: ReturnType<typeof setTimeout> | null = null;
  private state: DocumentPrinterState;
  private readonly unsubscribe: () => void;
  private readonly now: () => number;
  private stopped = false;

  constructor(private readonly deps: DocumentPrinterDeps) {
    this.now = deps.now ?? Date.now;
    this.jobs = new PrintJobMemory(deps.doneKeys);
    this.queue = new PrintQueue<DocumentPrintJob>({
      doneKeys: this.jobs.done(),
      retryDelayMs: deps.retryDelayMs,
      now: deps.now,
      send: (job, task) => {
        if (!this.printer) return Promise.resolve({ ok: false, error: "invalid_job", message: "the till has no printer" });
        return deps.service.print({ id: this.jobs.jobId(task.key), ...this.printer, job });
      },
      onDone: (key) => this.jobs.rememberDone(key),
      onRetryDue: () => this.plan(),
      onChange: () => this.emit(),
    });
    this.state = { status: deps.service.getStatus(), queue: this.queue.state(), waiting: 0 };
    this.unsubscribe = deps.service.subscribe(() => {
      this.emit();
      this.plan();
    });
  }

  getState = (): DocumentPrinterState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The list changed (a push, a refetch): look for work. */
  setList(list: DocumentsToPrint | undefined): void {
    this.list = list;
    this.plan();
  }

  /** The till's printer (shop settings); without one nothing prints. */
  setPrinter(printerIp: string | null): void {
    this.printer = printerAddress(printerIp);
    this.plan();
  }

  stop(): void {
    this.stopped = true;
    this.queue.stop();
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.unsubscribe();
    this.listeners.clear();
  }

  private printable(): boolean {
    return !this.stopped && this.deps.service.getStatus() === "CONNECTED" && this.printer !== null;
  }

  private emit(): void {
    const now = this.now();
    const waiting = (this.list?.documents ?? []).filter(
      (d) => printDueAt(d) <= now && !this.queue.isDone(documentPrintKey(d.id)),
    ).length;
    this.state = { status: this.deps.service.getStatus(), queue: this.queue.state(), waiting };
    for (const listener of this.listeners) listener();
  }

  /** The document as the latest list has it (its mark may have arrived); null once it left the list. */
  private jobFor(documentId: number): DocumentPrintJob | null {
    const document = this.list?.documents.find((d) => d.id === documentId);
    const venue = this.list?.issuer;
    return document && venue ? documentJob(document, venue, this.deps.bigLetters()) : null;
  }

  private async afterPrinted(documentId: number): Promise<void> {
    this.lastMarkAt.set(documentId, this.now());
    try {
      await this.deps.markPrinted(documentId);
    } catch {
      // Marked again by plan() on a later change, before the claim lapses for another till.
    }
  }

  private plan(): void {
    if (this.stopped) return;
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.dueTimer = null;
    const documents = this.list?.documents ?? [];
    this.emit();
    if (!this.printable()) return;
    const now = this.now();
    let nextDue = Number.POSITIVE_INFINITY;
    for (const document of documents) {
      const key = documentPrintKey(document.id);
      if (this.queue.isDone(key)) {
        // Printed here but the server's mark was lost: mark again, so no other till prints it.
        if (now - (this.lastMarkAt.get(document.id) ?? 0) >= MARK_RETRY_MS) void this.afterPrinted(document.id);
        continue;
      }
      const due = printDueAt(document);
      if (due > now) {
        nextDue = Math.min(nextDue, due);
        continue;
      }
      this.queue.enqueue({
        key,
        build: () => this.jobFor(document.id),
        claim: () => this.deps.claimPrint(document.id),
        onPrinted: () => this.afterPrinted(document.id),
      });
    }
    if (Number.isFinite(nextDue)) this.dueTimer = setTimeout(() => this.plan(), nextDue - now);
  }
}
