import type { KitchenFeed, KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { PrintJobMemory, printerAddress } from "../../../lib/print/print-job-memory.ts";
import { type FailedPrint, PrintQueue, type PrintQueueState, type PrintTask } from "../../../lib/print/print-queue.ts";
import type { PrintRequest, PrintResult, PrintServiceStatus } from "../../../lib/print/print-service.ts";
import type { StoredValue } from "../../../lib/stored-value.ts";
import { randomId } from "../../../lib/uuid.ts";
import { type KitchenPrintJob, ticketPrintKey, ticketsToAutoPrint } from "./print-jobs.ts";
import {
  movePrinted,
  observeFeed,
  type PendingMove,
  type PendingVoid,
  type PrintedTicketsState,
  recordPrinted,
  resolveVanished,
  voidPrinted,
} from "./void-tickets.ts";

/** A ticket printed but not yet marked on the server is marked again, at most this often. */
const MARK_RETRY_MS = 15_000;
/** A printed ticket that left the feed and could not be read is asked about again after this long. */
const VANISHED_RETRY_MS = 15_000;

/** What the printer needs from the outside, so it can be tested without a browser or a server. */
export interface TicketPrinterDeps {
  service: {
    getStatus(): PrintServiceStatus;
    subscribe(listener: () => void): () => void;
    print(request: PrintRequest): Promise<PrintResult>;
  };
  /** Reads one ticket; a 4xx means it will never be readable (resolve null), other failures throw. */
  fetchTicket(ticketId: number): Promise<KitchenTicket | null>;
  /**
   * Asks the server whether this screen may auto-print a ticket (no other screen of the area is
   * printing it); rejects when the server cannot be asked.
   */
  claimPrint(ticketId: number): Promise<boolean>;
  /** Marks a ticket printed on the server; failures are the caller's to swallow. */
  markPrinted(ticketId: number): Promise<unknown>;
  /** Print keys done this session (sessionStorage). */
  doneKeys: StoredValue<string[]>;
  /** Printed tickets and voids to print (localStorage). */
  printedTickets: StoredValue<PrintedTicketsState>;
  bigLetters(): boolean;
  retryDelayMs?: number;
  now?: () => number;
}

/** A ticket (or a void) that did not print, as the cook sees it in the printer alert. */
export interface FailedTicketPrint {
  key: string;
  kind: KitchenPrintJob["kind"];
  /** The ticket's id, and the number printed on it. */
  ticketId: number;
  ticketNumber: number;
  tableName: string;
  serviceMode: KitchenTicket["serviceMode"];
  error: string;
  attempts: number;
  /** When auto-print tries it again by itself (epoch ms). */
  retryAt: number;
}

export interface TicketPrinterState {
  status: PrintServiceStatus;
  queue: PrintQueueState;
  /** Whether the area has a printer address; without one the agent has nowhere to print. */
  hasPrinter: boolean;
  /** What did not print, oldest failure first. */
  failed: FailedTicketPrint[];
  /** Some failure the cook has not acknowledged yet: the alert must show. */
  alert: boolean;
}

function failedTicketPrint(failed: FailedPrint<KitchenPrintJob>): FailedTicketPrint {
  const { ticket } = failed.job;
  return {
    key: failed.key,
    kind: failed.job.kind,
    ticketId: ticket.id,
    ticketNumber: ticket.ticketId,
    tableName: ticket.tableName,
    serviceMode: ticket.serviceMode,
    error: failed.error,
    attempts: failed.attempts,
    retryAt: failed.retryAt,
  };
}

/**
 * Everything printing does on the preparation screen, away from rendering:
 *  - auto-print: each unprinted ticket once, oldest first, through the serial queue, then marked
 *    printed on the server; a ticket that fails goes on the failed list (the cook's alert) and
 *    waits for its retry while the tickets after it go on printing;
 *  - voids: a printed ticket that loses pieces prints a short void for them (void-tickets.ts);
 *  - manual prints from the header and the ticket screen.
 * It reacts to feed changes (setFeed), to the agent connecting, and to retry delays running out.
 * Nothing here throws into React, and nothing waits on the printer before a ticket shows.
 */
export class TicketPrinter {
  private feed: KitchenFeed | undefined;
  private readonly queue: PrintQueue<KitchenPrintJob>;
  private readonly jobs: PrintJobMemory;
  private readonly fetching = new Set<number>();
  private readonly fetchRetryAt = new Map<number, number>();
  private readonly lastMarkAt = new Map<number, number>();
  /** Failed prints the cook has seen and acknowledged: they stay listed, without the alert. */
  private readonly acknowledged = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private state: TicketPrinterState;
  private readonly unsubscribe: () => void;
  private readonly now: () => number;
  private stopped = false;

  constructor(private readonly deps: TicketPrinterDeps) {
    this.now = deps.now ?? Date.now;
    this.jobs = new PrintJobMemory(deps.doneKeys);
    this.queue = new PrintQueue<KitchenPrintJob>({
      doneKeys: this.jobs.done(),
      retryDelayMs: deps.retryDelayMs,
      now: deps.now,
      send: (job, task) => {
        const printer = printerAddress(this.feed?.printerIp);
        if (!printer) return Promise.resolve({ ok: false, error: "invalid_job", message: "the area has no printer" });
        return deps.service.print({ id: this.jobs.jobId(task.key), ...printer, job });
      },
      onDone: (key) => this.jobs.rememberDone(key),
      onRetryDue: () => this.plan(),
      onChange: () => this.emit(),
    });
    this.state = { status: deps.service.getStatus(), queue: this.queue.state(), hasPrinter: false, failed: [], alert: false };
    this.unsubscribe = deps.service.subscribe(() => {
      this.emit();
      this.plan();
    });
  }

  getState = (): TicketPrinterState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The feed changed (a push, a refetch): look for work. */
  setFeed(feed: KitchenFeed | undefined): void {
    this.feed = feed;
    if (this.state.hasPrinter !== Boolean(printerAddress(feed?.printerIp))) this.emit();
    this.plan();
  }

  /** The header's print button: every ticket not yet printed, whatever auto-print says. */
  printUnprinted(): void {
    if (!this.feed || !this.printable()) return;
    for (const ticket of ticketsToAutoPrint(this.feed.tickets, (key) => this.queue.isDone(key)))
      this.queue.enqueue(this.ticketTask(ticket.id));
  }

  /** The cook's "print again" on a failed ticket: tried now, whatever its back-off. */
  retryFailed(key: string): void {
    if (!this.printable()) return;
    // Failing again after this is news: the alert comes back.
    this.acknowledged.delete(key);
    this.queue.retryNow(key);
  }

  /** The cook has seen the failures: the alert goes, the list stays under the printer status. */
  acknowledgeFailures(): void {
    for (const failed of this.state.failed) this.acknowledged.add(failed.key);
    this.emit();
  }

  /** The cook opens the failed list again from the printer status. */
  showFailures(): void {
    this.acknowledged.clear();
    this.emit();
  }

  /** Prints one ticket again on the cook's request; resolves whether it came out. */
  printTicket(ticket: KitchenTicket): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const task: PrintTask<KitchenPrintJob> = {
        key: `reprint:${ticket.id}:${randomId()}`,
        // The cook waits on it and hears of a failure at once (a toast).
        once: true,
        // A ticket completed meanwhile is no longer in the feed: print it as the cook saw it.
        build: () => this.ticketJob(ticket.id) ?? this.jobFor(ticket),
        onPrinted: async (job) => {
          resolve(true);
          await this.afterTicketPrinted(job);
        },
        onFailed: () => resolve(false),
      };
      if (!this.printable() || !this.queue.enqueue(task)) resolve(false);
    });
  }

  stop(): void {
    this.stopped = true;
    this.queue.stop();
    this.unsubscribe();
    this.listeners.clear();
  }

  /** Connected to the agent, and the area has a printer for it to print on. */
  private printable(): boolean {
    return !this.stopped && this.deps.service.getStatus() === "CONNECTED" && printerAddress(this.feed?.printerIp) !== null;
  }

  private emit(): void {
    const failed = this.queue.failed().map(failedTicketPrint);
    const failing = new Set(failed.map((f) => f.key));
    for (const key of this.acknowledged) if (!failing.has(key)) this.acknowledged.delete(key);
    this.state = {
      status: this.deps.service.getStatus(),
      queue: this.queue.state(),
      hasPrinter: printerAddress(this.feed?.printerIp) !== null,
      failed,
      alert: failed.some((f) => !this.acknowledged.has(f.key)),
    };
    for (const listener of this.listeners) listener();
  }

  private jobFor(ticket: KitchenTicket): KitchenPrintJob {
    return { kind: "kitchen-ticket", ticket, areaName: this.feed?.label ?? "", bigLetters: this.deps.bigLetters() };
  }

  /** The ticket as it is when its turn comes; null when it was completed or emptied meanwhile. */
  private ticketJob(ticketId: number): KitchenPrintJob | null {
    const ticket = this.feed?.tickets.find((t) => t.id === ticketId);
    return ticket && ticket.products.length > 0 ? this.jobFor(ticket) : null;
  }

  private async afterTicketPrinted(job: KitchenPrintJob): Promise<void> {
    this.deps.printedTickets.set((state) => recordPrinted(state, job.ticket));
    this.lastMarkAt.set(job.ticket.id, this.now());
    try {
      await this.deps.markPrinted(job.ticket.id);
    } catch {
      // Spec 2 §8: ignored silently; plan() marks it again on a later change.
    }
  }

  private ticketTask(ticketId: number): PrintTask<KitchenPrintJob> {
    return {
      key: ticketPrintKey(ticketId),
      // Printed by another screen meanwhile (the server's mark): nothing left to do here.
      build: () => (this.feed?.tickets.find((t) => t.id === ticketId)?.isPrinted ? null : this.ticketJob(ticketId)),
      claim: () => this.deps.claimPrint(ticketId),
      onPrinted: (job) => this.afterTicketPrinted(job),
    };
  }

  private voidTask(pending: PendingVoid): PrintTask<KitchenPrintJob> {
    return {
      key: pending.key,
      build: () => {
        // Printed already (before a reload) or dropped meanwhile.
        if (!this.deps.printedTickets.get().pendingVoids.some((v) => v.key === pending.key)) return null;
        return {
          kind: "void-ticket",
          ticket: pending.ticket,
          cancelled: pending.cancelled,
          areaName: this.feed?.label ?? "",
          bigLetters: this.deps.bigLetters(),
        };
      },
      onPrinted: () => this.deps.printedTickets.set((state) => voidPrinted(state, pending.key)),
    };
  }

  private moveTask(pending: PendingMove): PrintTask<KitchenPrintJob> {
    return {
      key: pending.key,
      build: () => {
        // Printed already (before a reload) or dropped meanwhile.
        if (!this.deps.printedTickets.get().pendingMoves.some((m) => m.key === pending.key)) return null;
        return this.jobFor(pending.ticket);
      },
      onPrinted: () => this.deps.printedTickets.set((state) => movePrinted(state, pending.key)),
    };
  }

  /** A printed ticket left the feed: read how it ended, to print a void if it was emptied. */
  private settleVanished(ticketId: number): void {
    if (this.fetching.has(ticketId) || (this.fetchRetryAt.get(ticketId) ?? 0) > this.now()) return;
    this.fetching.add(ticketId);
    this.deps.fetchTicket(ticketId).then(
      (ticket) => {
        this.fetching.delete(ticketId);
        this.fetchRetryAt.delete(ticketId);
        this.deps.printedTickets.set((state) => resolveVanished(state, ticketId, ticket));
        if (!this.stopped) this.plan();
      },
      () => {
        // Unanswered (offline, server restarting): ask again on a later change, not at once.
        this.fetching.delete(ticketId);
        this.fetchRetryAt.set(ticketId, this.now() + VANISHED_RETRY_MS);
      },
    );
  }

  private plan(): void {
    const feed = this.feed;
    if (!feed || this.stopped) return;
    const observed = observeFeed(this.deps.printedTickets.get(), feed.tickets);
    this.deps.printedTickets.set(observed.state);
    for (const id of observed.vanished) this.settleVanished(id);
    // A failed ticket completed or printed elsewhere meanwhile leaves the failed list.
    this.queue.forgetUnneeded();
    if (!this.printable()) return;
    for (const pending of observed.state.pendingVoids) this.queue.enqueue(this.voidTask(pending));
    for (const pending of observed.state.pendingMoves) this.queue.enqueue(this.moveTask(pending));
    if (feed.hasAutoPrint) {
      for (const ticket of ticketsToAutoPrint(feed.tickets, (key) => this.queue.isDone(key)))
        this.queue.enqueue(this.ticketTask(ticket.id));
    }
    // Printed here but the server's mark was lost: mark again, so no other screen prints it.
    const now = this.now();
    for (const ticket of feed.tickets) {
      if (ticket.isPrinted || !this.queue.isDone(ticketPrintKey(ticket.id))) continue;
      if (now - (this.lastMarkAt.get(ticket.id) ?? 0) < MARK_RETRY_MS) continue;
      this.lastMarkAt.set(ticket.id, now);
      this.deps.markPrinted(ticket.id).catch(() => {});
    }
  }
}
