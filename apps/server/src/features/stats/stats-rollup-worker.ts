import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { BACKGROUND_DAYS_PER_FILL, rollUpNextDays } from "./stats-rollup.ts";
import { lastFinishedDay, nextDayFinishedAt } from "./stats-rollup-calendar.ts";

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What one run of the worker did: days rolled up, fills (transactions), the longest fill and the whole run. */
export interface StatsRollupRun {
  days: number;
  fills: number;
  longestFillMs: number;
  elapsedMs: number;
}

/**
 * Rolls up every venue's finished days in the background (issue 14), so the owner's first read of
 * a month or a year finds them done instead of rolling up hundreds of days on the request path.
 * One worker per instance runs shortly after start-up and then shortly after each day is finished
 * (15 minutes past Athens midnight, stats-rollup-calendar.ts). It fills a few days per transaction
 * and rests as long as each fill took, so it never holds PGlite's one database thread for long and
 * takes at most half of it. Instances share the work through the roll-up's claim under the venue's
 * lock (rollUpNextDays): a second worker waits for the first's fill, then claims the next days.
 */
export class StatsRollupWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<StatsRollupRun> | null = null;
  private stopped = true;
  /** Set by stop(): a run under way ends after its current fill. */
  private closing = false;

  constructor(
    private readonly options: {
      db: Db;
      /** Config STATS_ROLLUP_START_DELAY_SECONDS: the first run, once the instance is up. */
      startDelayMs: number;
      /** Config STATS_ROLLUP_NIGHTLY_DELAY_MINUTES: how long after a day is finished the nightly run comes. */
      nightlyDelayMs: number;
      log: Logger;
      /** The clock, which tests move on. */
      now?: () => Date;
    },
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.closing = false;
    this.schedule(this.options.startDelayMs);
  }

  /** Stops after the fill under way, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      try {
        await this.runOnce();
      } catch (error) {
        this.options.log.error({ err: error }, "stats roll-up run failed");
      }
      const now = this.now();
      this.schedule(nextDayFinishedAt(now).getTime() + this.options.nightlyDelayMs - now.getTime());
    }, delayMs);
    this.timer.unref?.();
  }

  /** Rolls up every venue's finished days that are not yet, a few at a time. */
  async runOnce(): Promise<StatsRollupRun> {
    const run = this.rollUpVenues();
    this.running = run;
    try {
      return await run;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  private async rollUpVenues(): Promise<StatsRollupRun> {
    const started = performance.now();
    const through = lastFinishedDay(this.now());
    const result: StatsRollupRun = { days: 0, fills: 0, longestFillMs: 0, elapsedMs: 0 };
    const venues = (await this.options.db.execute(sql`select id from retailers order by id`)) as unknown as {
      rows: { id: number }[];
    };
    for (const { id: retailerId } of venues.rows) {
      try {
        while (!this.closing) {
          const fillStarted = performance.now();
          const days = await rollUpNextDays(this.options.db, retailerId, null, through, BACKGROUND_DAYS_PER_FILL);
          if (!days.length) break;
          const fillMs = performance.now() - fillStarted;
          result.days += days.length;
          result.fills++;
          result.longestFillMs = Math.max(result.longestFillMs, fillMs);
          await sleep(fillMs);
        }
      } catch (error) {
        this.options.log.error({ err: error, retailerId }, "stats roll-up of a venue failed");
      }
    }
    result.elapsedMs = performance.now() - started;
    if (result.days) {
      this.options.log.info(
        { ...result, through, longestFillMs: Math.round(result.longestFillMs), elapsedMs: Math.round(result.elapsedMs) },
        "stats roll-up: finished days rolled up",
      );
    }
    return result;
  }
}
