import { type Column, eq, isNull, lt, or, type SQL, sql } from "drizzle-orm";

/** How long a screen may take to print what it claimed before another screen may try. */
export const PRINT_CLAIM_SECONDS = 60;

/**
 * One screen prints a thing that several screens show (a kitchen ticket on two tablets of an area,
 * a receipt on two tills): the first to ask holds it for a lease, the others are told no until it
 * is printed or the lease runs out (the first screen's printer failed, the screen went away). The
 * same screen asking again renews its lease, so its own retries go on. The caller puts `printLease`
 * in one conditional UPDATE with `printLeaseIsFree`, so two screens asking at once cannot both win.
 */
export const printLease = (screenId: string) => ({
  printClaimedBy: screenId,
  printClaimedUntil: sql`now() + make_interval(secs => ${PRINT_CLAIM_SECONDS})`,
});

export function printLeaseIsFree(table: { printClaimedBy: Column; printClaimedUntil: Column }, screenId: string): SQL {
  return or(isNull(table.printClaimedUntil), lt(table.printClaimedUntil, sql`now()`), eq(table.printClaimedBy, screenId)) as SQL;
}

/** Some screen holds the lease now (what printLeaseIsFree refuses to every other screen). */
export function printLeaseIsHeld(table: { printClaimedUntil: Column }): SQL {
  return sql`coalesce(${table.printClaimedUntil} >= now(), false)`;
}
