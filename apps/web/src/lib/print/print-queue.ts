import type { PrintResult } from "./print-service.ts";

/**
 * A serial print queue: one job at a time, in the order given, each key printed at most once.
 * Printing must never hold up a screen, so the queue runs on its own promise chain and reports
 * back only through callbacks. A failed job never holds back the jobs behind it (issue 15): it
 * goes on the failed list and waits alone for its retry, each time longer (back-off), while the
 * others print in order. When a print succeeds again (the printer works again), jobs that failed
 * for the printer's sake (unreachable, timeout, link lost) are due at once.
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
  /** When it failed. */
  onFailed?: (result: PrintResult) => void;
  /**
   * A print someone waits for (a reprint on request): a failure is theirs to hear of through
   * onFailed; it is neither retried nor put on the failed list.
   */
  once?: boolean;
}

export interface PrintQueueOptions<J> {
  send: (job: J, task: PrintTask<J>) => Promise<PrintResult>;
  /** How long a failed key waits before its first retry; each later retry waits twice as long. */
  retryDelayMs?: number;
  /** The longest a failed key waits between tries. */
  maxRetryDelayMs?: number;
  /** Keys already printed earlier in this session (e.g. restored after a reload). */
  doneKeys?: Iterable<string>;
  onDone?: (key: string) => void;
  /** A delay is over, or the printer works again: offer the waiting work again. */
  onRetryDue?: () => void;
  /** Anything a status line shows changed (busy, waiting count, the failed list). */
  onChange?: () => void;
  now?: () => number;
}

export const PRINT_RETRY_DELAY_MS = 10_000;
export const PRINT_MAX_RETRY_DELAY_MS = 160_000;

/** Failures that say nothing about one job but about the printer or the link to it. */
export function isPrinterWideFailure(result: PrintResult): boolean {
  return !result.ok && result.error !== "invalid_job";
}

export interface PrintQueueState {
  busy: boolean;
  waiting: number;
  /** The error of the latest failure still on the failed list; null when nothing failed. */
  lastFailure: string | null;
}

/** A job that did not print and waits for its retry, or for someone to ask for it again. */
export interface FailedPrint<J> {
  key: string;
  /** The job as last tried. */
  job: J;
  error: string;
  message?: string;
  attempts: number;
  /** When it last failed, and when it is tried again by itself (epoch ms). */
  failedAt: number;
  retryAt: number;
}

/** How long a job waits after its nth failed try: the delay, doubled each time, up to the cap. */
export function retryDelayAfter(attempts: number, delayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, delayMs * 2 ** Math.max(0, attempts - 1));
}

interface FailedEntry<J> extends FailedPrint<J> {
  task: PrintTask<J>;
  printerWide: boolean;
}

export class PrintQueue<J> {
  private readonly waiting: PrintTask<J>[] = [];
  private readonly done: Set<string>;
  /** Keys that may not be offered before a moment: failed ones, and ones another screen claimed. */
  private readonly retryAt = new Map<string, number>();
  /** In order of first failure. */
  private readonly failures = new Map<string, FailedEntry<J>>();
  private inFlight: string | null = null;
  private pumping = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly delay: number;
  private readonly maxDelay: number;
  private readonly now: () => number;

  constructor(private readonly options: PrintQueueOptions<J>) {
    this.done = new Set(options.doneKeys ?? []);
    this.delay = options.retryDelayMs ?? PRINT_RETRY_DELAY_MS;
    this.maxDelay = Math.max(this.delay, options.maxRetryDelayMs ?? PRINT_MAX_RETRY_DELAY_MS);
    this.now = options.now ?? Date.now;
  }

  /** Whether a key may be offered now: not done, not waiting or printing, not waiting out a failure. */
  accepts(key: string): boolean {
    if (this.stopped || this.done.has(key) || this.inFlight === key) return false;
    if (this.waiting.some((task) => task.key === key)) return false;
    return (this.retryAt.get(key) ?? 0) <= this.now();
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
    const latest = [...this.failures.values()].reduce<FailedEntry<J> | null>(
      (last, entry) => (last && last.failedAt > entry.failedAt ? last : entry),
      null,
    );
    return { busy: this.inFlight !== null, waiting: this.waiting.length, lastFailure: latest?.error ?? null };
  }

  /** The jobs that did not print, oldest failure first. */
  failed(): FailedPrint<J>[] {
    return [...this.failures.values()].map(({ task: _task, printerWide: _wide, ...failed }) => failed);
  }

  /** Someone asks for a failed job again: it goes to the end of the queue now, whatever its back-off. */
  retryNow(key: string): boolean {
    const entry = this.failures.get(key);
    if (!entry || this.stopped) return false;
    this.retryAt.delete(key);
    return this.enqueue(entry.task);
  }

  /**
   * Drops failed jobs that are no longer needed (their task builds nothing any more: the ticket
   * was completed, or printed by another screen), so the failed list shows only what is missing.
   */
  forgetUnneeded(): void {
    let changed = false;
    for (const [key, entry] of this.failures) {
      if (this.inFlight === key || this.waiting.some((task) => task.key === key)) continue;
      if (this.build(entry.task) !== null) continue;
      this.failures.delete(key);
      this.retryAt.delete(key);
      changed = true;
    }
    if (changed) this.changed();
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

  private build(task: PrintTask<J>): J | null {
    try {
      return task.build();
    } catch (error) {
      console.error(error);
      return null;
    }
  }

  private async pump(): Promise<void> {
    // One loop at a time, even when a callback below enqueues more while it awaits.
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (!this.stopped && this.waiting.length > 0) await this.printNext();
    } finally {
      this.pumping = false;
    }
  }

  private async printNext(): Promise<void> {
    const task = this.waiting.shift() as PrintTask<J>;
    const job = this.build(task);
    if (job === null) {
      if (this.failures.delete(task.key)) this.changed();
      return;
    }
    this.inFlight = task.key;
    this.changed();
    if (task.claim && !(await this.claimed(task))) {
      this.inFlight = null;
      if (this.stopped) return;
      // Another screen prints it (or the server cannot say): not a failure, just not ours now.
      this.retryAt.set(task.key, this.now() + this.delay);
      this.scheduleRetry();
      this.changed();
      return;
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
      this.failures.delete(task.key);
      this.options.onDone?.(task.key);
      this.changed();
      try {
        await task.onPrinted?.(job);
      } catch (error) {
        console.error(error);
      }
      this.printerWorksAgain();
    } else {
      this.fail(task, job, result);
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

  private fail(task: PrintTask<J>, job: J, result: Extract<PrintResult, { ok: false }>): void {
    // Spec 2 §8 logs a print failure; issue 15 also lists it, for the screen to show.
    console.warn(`print ${task.key} failed:`, `${result.error} ${result.message ?? ""}`);
    if (!task.once) {
      const attempts = (this.failures.get(task.key)?.attempts ?? 0) + 1;
      const retryAt = this.now() + retryDelayAfter(attempts, this.delay, this.maxDelay);
      // Map.set keeps a key's first place: the list stays in the order things first failed.
      const entry: FailedEntry<J> = {
        key: task.key,
        job,
        error: result.error,
        message: result.message,
        attempts,
        failedAt: this.now(),
        retryAt,
        task,
        printerWide: isPrinterWideFailure(result),
      };
      this.failures.set(task.key, entry);
      this.retryAt.set(task.key, retryAt);
      this.scheduleRetry();
    }
    try {
      task.onFailed?.(result);
    } catch (error) {
      console.error(error);
    }
  }

  /** A job came out: what failed only because of the printer is worth trying now. */
  private printerWorksAgain(): void {
    const now = this.now();
    let due = false;
    for (const entry of this.failures.values()) {
      if (!entry.printerWide || entry.retryAt <= now) continue;
      entry.retryAt = now;
      this.retryAt.set(entry.key, now);
      due = true;
    }
    if (due) this.retryDue();
  }

  private retryDue(): void {
    try {
      this.options.onRetryDue?.();
    } catch (error) {
      console.error(error);
    }
  }

  /** One timer, for the earliest moment something becomes printable again. */
  private scheduleRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const now = this.now();
    for (const [key, at] of this.retryAt) if (at <= now && !this.failures.has(key)) this.retryAt.delete(key);
    const times = [...this.retryAt.values()].filter((at) => at > now);
    if (!times.length || this.stopped) return;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        if (this.stopped) return;
        this.retryDue();
        this.scheduleRetry();
      },
      Math.min(...times) - now,
    );
  }
}
