/**
 * A range of Athens calendar days (YYYY-MM-DD) that an admin screen asks the server for: the audit
 * trail and the reviews. The server refuses the same ranges (lib/venue-time.ts athensDayRange).
 */
export interface DayRange {
  from: string;
  to: string;
}

export type DayRangeError = "required" | "future" | "endBeforeStart" | "tooLong";

const DAY_MS = 86_400_000;

export const isDay = (value: string | null): value is string => value != null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The day `days` days before `day`. */
export const daysBefore = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

const wholeDays = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

/**
 * Why a range cannot be asked for, or null: both days are needed, none in the future, the end not
 * before the start, and at most `maxDays` days.
 */
export function checkDayRange(range: DayRange, today: string, maxDays: number): DayRangeError | null {
  if (!isDay(range.from) || !isDay(range.to)) return "required";
  if (range.from > today || range.to > today) return "future";
  if (range.to < range.from) return "endBeforeStart";
  if (wholeDays(range.from, range.to) > maxDays) return "tooLong";
  return null;
}
