import type { PrintResult } from "./print-service.ts";

/**
 * A serial print queue: one job at a time, in the order given, each key printed at most once.
 * Printing must never hold up a screen, so the queue runs on its own promise chain and reports
 * back only through callbacks. A failed job is left undone and comes back after a delay:
 *  - a printer-wide failure (unreachable, timeout, connection lost) pauses the whole queue and
 *    drops what was waiting, so the caller offers everything again, still in order, once the
 *    pause is over (on its next change, or when onRetryDue fires);
 *  - a job the agent refuses (invalid_job) waits alone; the others go on.
 */

export interface PrintTask<J> {
  /** Identifies what is printed, e.g. `ticket:42`; a done key is never printed again. */
  key: string;
  /** Builds the job when its turn comes, from the latest data; null means "no longer needed". */
  build: () => J | null;
  /**
   * Asked just before sending, when the task may be printed by another screen too: false (or a
   * failure to ask) skips it for now, and it is offered again after the retry delay.
   */
  claim?: () => Promise<boolean>;
  /** After the printer confirmed. Errors here are logged, never thrown into the queue. */
  onPrinted?: (job: J) => void | Promise<void>;
  /** When it failed, or was dropped by a printer-wide failure before its turn. */
  onFailed?: (result: PrintResult) => void;
}

export interface PrintQueueOptions<J> {
  send: (job: J, task: PrintTask<J>) => Promise<PrintResult>;
  /** How long a failed key (or, after a printer-wide failure, the whole queue) waits. */
  retryDelayMs?: number;
  /** Keys already printed earlier in this session (e.g. restored after a reload). */
  doneKeys?: Iterable<string>;
  onDone?: (key: string) => void;
  /** A delay is over: offer the waiting work again. */
  onRetryDue?: () => void;
  /** Anything a status line shows changed (busy, waiting count, last failure). */
  onChange?: () => void;
  now?: () => number;
}

export const PRINT_RETRY_DELAY_MS = 10_000;

/** Failures that say nothing about one job but about the printer or the link to it. */
export function isPrinterWideFailure(result: PrintResult): boolean {
  return !result.ok && result.error !== "invalid_job";
}

export interface PrintQueueState {
  busy: boolean;
  waiting: number;
  lastFailure: string | null;
}

export class PrintQueue<J> {
  private readonly waiting: PrintTask<J>[] = [];
  private readonly done: Set<string>;
  private readonly retryAt = new Map<string, number>();
  private inFlight: string | null = null;
  private pausedUntil = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private lastFailure: string | null = null;
  private stopped = false;
  private readonly delay: number;
  private readonly now: () => number;

  constructor(private readonly options: PrintQueueOptions<J>) {
    this.done = new Set(options.doneKeys ?? []);
    this.delay = options.retryDelayMs ?? PRINT_RETRY_DELAY_MS;
    this.now = options.now ?? Date.now;
  }

  /** Whether a key may be offered now: not done, not waiting or printing, not in its pause. */
  accepts(key: string): boolean {
    if (this.stopped || this.done.has(key) || this.inFlight === key) return false;
    if (this.waiting.some((task) => task.key === key)) return false;
    const now = this.now();
    if (now < this.pausedUntil) return false;
    return (this.retryAt.get(key) ?? 0) <= now;
  }

  isDone(key: string): boolean {
    return this.done.has(key);
  }

  /** Adds a task at the end; false when it is done, already queued, or still waiting out a failure. */
  enqueue(task: PrintTask<J>): boolean {
    if (!this.accepts(task.key)) return false;
    this.waiting.push(task);
    this.changed();
    void this.pump();
    return true;
  }

  state(): PrintQueueState {
    return { busy: this.inFlight !== null, waiting: this.waiting.length, lastFailure: this.lastFailure };
  }

  /** Stops for good: nothing waiting is printed, timers end. */
  stop(): void {
    this.stopped = true;
    this.waiting.length = 0;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private changed(): void {
    try {
      this.options.onChange?.();
    } catch (error) {
      console.error(error);
    }
  }

  private async pump(): Promise<void> {
    if (this.inFlight !== null) return;
    while (!this.stopped && this.waiting.length > 0) {
      const task = this.waiting.shift() as PrintTask<J>;
      let job: J | null;
      try {
        job = task.build();
      } catch (error) {
        console.error(error);
        job = null;
      }
      if (job === null) continue;
      this.inFlight = task.key;
      this.changed();
      if (task.claim && !(await this.claimed(task))) {
        this.inFlight = null;
        if (this.stopped) return;
        this.retryAt.set(task.key, this.now() + this.delay);
        this.scheduleRetry();
        this.changed();
        continue;
      }
      let result: PrintResult;
      try {
        result = await this.options.send(job, task);
      } catch (error) {
        result = { ok: false, error: "disconnected", message: String(error) };
      }
      this.inFlight = null;
      if (this.stopped) return;
      if (result.ok) {
        this.done.add(task.key);
        this.retryAt.delete(task.key);
        this.lastFailure = null;
        this.options.onDone?.(task.key);
        try {
          await task.onPrinted?.(job);
        } catch (error) {
          console.error(error);
        }
      } else {
        this.fail(task, result);
      }
      this.changed();
    }
  }

  private async claimed(task: PrintTask<J>): Promise<boolean> {
    try {
      return (await task.claim?.()) ?? true;
    } catch (error) {
      console.warn(`print ${task.key} not claimed:`, error);
      return false;
    }
  }

  private fail(task: PrintTask<J>, result: PrintResult): void {
    const until = this.now() + this.delay;
    this.retryAt.set(task.key, until);
    this.lastFailure = result.ok ? null : result.error;
    // Spec 2 §8: a print failure is logged only; the screen carries on.
    console.warn(`print ${task.key} failed:`, result.ok ? "" : `${result.error} ${result.message ?? ""}`);
    let dropped: PrintTask<J>[] = [];
    if (isPrinterWideFailure(result)) {
      // The rest would fail the same way; they are offered again, in order, after the pause.
      this.pausedUntil = until;
      dropped = this.waiting.splice(0);
    }
    for (const other of [task, ...dropped]) {
      try {
        other.onFailed?.(result);
      } catch (error) {
        console.error(error);
      }
    }
    this.scheduleRetry();
  }

  /** One timer, for the earliest moment something becomes printable again. */
  private scheduleRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const now = this.now();
    for (const [key, at] of this.retryAt) if (at <= now) this.retryAt.delete(key);
    const times = [...this.retryAt.values(), this.pausedUntil].filter((at) => at > now);
    if (!times.length || this.stopped) return;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        if (this.stopped) return;
        try {
          this.options.onRetryDue?.();
        } catch (error) {
          console.error(error);
        }
        this.scheduleRetry();
      },
      Math.min(...times) - now,
    );
  }
}
