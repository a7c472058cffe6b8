import { type SQL, sql } from "drizzle-orm";
import { AppError } from "./app-error.ts";

/** The venues' time zone: business days, statistics and the audit trail count Athens calendar days. */
export const VENUE_TIME_ZONE = "Europe/Athens";

const athensDate = new Intl.DateTimeFormat("en-CA", { timeZone: VENUE_TIME_ZONE });

/** Today's Athens calendar day (YYYY-MM-DD) by this process's clock. */
export function todayInAthens(now = new Date()): string {
  return athensDate.format(now);
}

/** The first instant of an Athens calendar day (its midnight, DST change days included), as SQL. */
export const athensDayStart = (day: string): SQL => sql`((${day}::date)::timestamp at time zone ${VENUE_TIME_ZONE})`;
/** The instant an Athens calendar day ends (the next midnight), exclusive, as SQL. */
export const athensDayEnd = (day: string): SQL => sql`((${day}::date + 1)::timestamp at time zone ${VENUE_TIME_ZONE})`;

/**
 * The Athens days a back-office read covers: with no day today, with one day that day; the end
 * may not come before the start and at most `maxDays` are read at once (invalid_date_range, whose
 * wording names the 92 days the screens use).
 */
export function athensDayRange(
  query: { from?: string; to?: string },
  maxDays: number,
  now = new Date(),
): { from: string; to: string } {
  const from = query.from ?? query.to ?? todayInAthens(now);
  const to = query.to ?? from;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (!Number.isFinite(days) || days < 1 || days > maxDays) throw new AppError("invalid_date_range", 400, { from, to, maxDays });
  return { from, to };
}
