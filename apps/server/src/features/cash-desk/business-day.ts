import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error.ts";
import { todayInAthens, VENUE_TIME_ZONE } from "../../lib/venue-time.ts";

// Business days and the history's calendar days are Athens days.
export { todayInAthens, VENUE_TIME_ZONE };

/** Today's business day in the database's clock, as SQL (a date). */
export const todaySql = sql`(now() at time zone ${VENUE_TIME_ZONE})::date`;

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
