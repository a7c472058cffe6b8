import { athensToday, STATS_TIME_ZONE } from "./stats-scope.ts";

/**
 * Which Athens days the statistics' roll-up may hold, and when the next one becomes finished: the
 * read (stats-rollup.ts) and the background worker (stats-rollup-worker.ts) go by the same rule.
 */

/**
 * How long after an Athens midnight the day before may still change: a payment carries the time
 * the server took before its transaction committed (lock waits, a terminal's answer), and servers'
 * clocks differ a little. Until then that day is read live.
 */
export const SETTLE_MS = 15 * 60_000;

const DAY_MS = 86_400_000;

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
export const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The last Athens day that is over and settled at `now`: the latest day the roll-up may hold. */
export function lastFinishedDay(now: Date): string {
  return dayBefore(athensToday(new Date(now.getTime() - SETTLE_MS)));
}

const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: STATS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
});

/** How far Athens wall-clock time is ahead of UTC at `instant`, in ms (2 or 3 hours). */
function athensOffsetMs(instant: number): number {
  const part = Object.fromEntries(wallClock.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute) - Math.floor(instant / 60_000) * 60_000;
}

/** The instant an Athens day (YYYY-MM-DD) begins. */
export function athensMidnight(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Athens changes between UTC+2 and UTC+3 at 03:00 or 04:00 local time, never near midnight, so
  // the offset two hours before UTC midnight (Athens' 00:00 or 01:00 of that day) is midnight's.
  return new Date(utcMidnight - athensOffsetMs(utcMidnight - 2 * 3_600_000));
}

/** The moment after `now` at which one more day is finished: SETTLE_MS after the next Athens midnight that counts. */
export function nextDayFinishedAt(now: Date): Date {
  const settling = athensToday(new Date(now.getTime() - SETTLE_MS));
  return new Date(athensMidnight(dayAfter(settling)).getTime() + SETTLE_MS);
}
