import { type SQL, sql } from "drizzle-orm";

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
