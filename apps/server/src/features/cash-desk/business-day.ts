import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error.ts";

/** The venues' time zone: business days and the history's calendar days are Athens days. */
export const VENUE_TIME_ZONE = "Europe/Athens";

/** Today's business day in the database's clock, as SQL (a date). */
export const todaySql = sql`(now() at time zone ${VENUE_TIME_ZONE})::date`;

/** Today's calendar day in Athens (YYYY-MM-DD), by this process's clock. */
export function todayInAthens(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: VENUE_TIME_ZONE }).format(now);
}

/** The longest range the history answers at once, in calendar days. */
export const MAX_HISTORY_DAYS = 92;

/**
 * The history's range of calendar days: both default to today, the end must not come before the
 * start, and at most MAX_HISTORY_DAYS days are read at once (invalid_date_range otherwise).
 */
export function historyRange(query: { startDate?: string; endDate?: string }, now = new Date()) {
  const today = todayInAthens(now);
  const startDate = query.startDate ?? query.endDate ?? today;
  const endDate = query.endDate ?? (query.startDate && query.startDate > today ? query.startDate : today);
  const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000 + 1;
  if (!Number.isFinite(days) || days < 1 || days > MAX_HISTORY_DAYS) {
    throw new AppError("invalid_date_range", 400, { startDate, endDate, maxDays: MAX_HISTORY_DAYS });
  }
  return { startDate, endDate };
}
