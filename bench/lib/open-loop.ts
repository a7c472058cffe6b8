import { performance } from "node:perf_hooks";
import { Samples } from "./stats.ts";

export interface OpenLoopReport {
  /** Arrivals the schedule asked for. */
  scheduled: number;
  /** Arrivals that started (the rest were still waiting for a slot when the run ended). */
  started: number;
  /** How late each arrival started against its planned time: timer slack plus waiting for a slot. */
  startLag: Samples;
  /** Arrivals that had to wait because `maxInFlight` were already under way. */
  queuedForSlot: number;
  peakInFlight: number;
}

/**
 * Fires `task` at a fixed rate whatever the responses do (an open loop, as guests order whether
 * or not the server is slow). Arrival i is planned at start + i/rate; see `runSchedule`.
 */
export async function runOpenLoop(options: {
  rate: number;
  durationMs: number;
  maxInFlight: number;
  /** Runs one arrival; `index` counts from 0, `plannedAt` is its performance.now() time. */
  task: (index: number, plannedAt: number) => Promise<void>;
  /** How long to wait for tasks still under way once the schedule is over. */
  drainTimeoutMs?: number;
}): Promise<OpenLoopReport> {
  const interval = 1000 / options.rate;
  const total = Math.max(0, Math.floor((options.durationMs / 1000) * options.rate));
  return runSchedule({
    offsetsMs: Array.from({ length: total }, (_, i) => i * interval),
    maxInFlight: options.maxInFlight,
    task: options.task,
    drainTimeoutMs: options.drainTimeoutMs,
  });
}

/**
 * Fires `task` at planned times whatever the responses do (an open loop): arrival i is planned at
 * start + offsetsMs[i] (non-decreasing), so timer lateness never accumulates: a late wake-up fires
 * everything already due. At most `maxInFlight` tasks run at once; beyond that arrivals wait in
 * order, and the wait shows up in `startLag`.
 */
export async function runSchedule(options: {
  offsetsMs: number[];
  maxInFlight: number;
  /** Runs one arrival; `index` counts from 0, `plannedAt` is its performance.now() time. */
  task: (index: number, plannedAt: number) => Promise<void>;
  /** How long to wait for tasks still under way once the schedule is over. */
  drainTimeoutMs?: number;
}): Promise<OpenLoopReport> {
  const { offsetsMs, maxInFlight, task } = options;
  const total = offsetsMs.length;
  const startLag = new Samples();
  const waiting: { index: number; plannedAt: number }[] = [];
  let next = 0;
  let started = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  let queuedForSlot = 0;
  let settleAll: () => void = () => {};
  const allDone = new Promise<void>((resolve) => {
    settleAll = resolve;
  });

  const begin = (index: number, plannedAt: number) => {
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    started += 1;
    startLag.add(performance.now() - plannedAt);
    task(index, plannedAt)
      .catch(() => undefined)
      .finally(() => {
        inFlight -= 1;
        const queued = waiting.shift();
        if (queued) begin(queued.index, queued.plannedAt);
        else if (next >= total && inFlight === 0) settleAll();
      });
  };

  const t0 = performance.now();
  await new Promise<void>((scheduleDone) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && t0 + offsetsMs[next] <= now) {
        const plannedAt = t0 + offsetsMs[next];
        if (inFlight < maxInFlight) begin(next, plannedAt);
        else {
          queuedForSlot += 1;
          waiting.push({ index: next, plannedAt });
        }
        next += 1;
      }
      if (next >= total) {
        scheduleDone();
        return;
      }
      setTimeout(tick, Math.max(0, t0 + offsetsMs[next] - performance.now()));
    };
    tick();
  });
  if (inFlight === 0 && waiting.length === 0) settleAll();

  const drainTimeoutMs = options.drainTimeoutMs ?? 15_000;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([allDone, new Promise<void>((resolve) => (timer = setTimeout(resolve, drainTimeoutMs)))]);
  clearTimeout(timer);
  waiting.length = 0;
  return { scheduled: total, started, startLag, queuedForSlot, peakInFlight };
}
