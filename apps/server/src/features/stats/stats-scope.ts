import type { StatsRequest } from "@tableorder/domain/contracts/stats";
import { resolveStatsPeriod, type StatsPeriod } from "@tableorder/domain/stats/stats-period";
import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { athensDayEnd, athensDayStart, todayInAthens, VENUE_TIME_ZONE } from "../../lib/venue-time.ts";

/** The venues' time zone: a stats day is an Athens calendar day, DST change days included. */
export const STATS_TIME_ZONE = VENUE_TIME_ZONE;
export const athensToday = todayInAthens;

/** A checked stats request: its period and its filters, all within the caller's venue. */
export interface StatsScope extends StatsPeriod {
  retailerId: number;
  sources: string[];
  tableIds: number[];
  areaIds: number[];
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Checks a stats request for the caller's venue: the period (end before start, a future day:
 * keyed 400s) and the table and area filters, which must all be the venue's (unknown or another
 * venue's: unknown_stats_filter, a 400 that says nothing of whether the id exists elsewhere).
 */
export async function resolveStatsScope(
  db: Queryable,
  retailerId: number,
  request: StatsRequest,
  now = new Date(),
): Promise<StatsScope> {
  const period = resolveStatsPeriod(request, athensToday(now));
  if (typeof period === "string") throw new AppError(period, 400);
  const tableIds = [...new Set(request.tableFilters ?? [])];
  const areaIds = [...new Set(request.prepAreaFilters ?? [])];
  const known = async (table: SQL, ids: number[]) => {
    if (!ids.length) return true;
    const result = (await db.execute(
      sql`select count(*)::int as n from ${table} where retailer_id = ${retailerId} and id in (${list(ids)})`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n) === ids.length;
  };
  if (!(await known(sql`dining_tables`, tableIds))) {
    throw new AppError("unknown_stats_filter", 400, { filter: "tableFilters" });
  }
  if (!(await known(sql`preparation_areas`, areaIds))) {
    throw new AppError("unknown_stats_filter", 400, { filter: "prepAreaFilters" });
  }
  return { ...period, retailerId, sources: [...new Set(request.orderSourceFilters ?? [])], tableIds, areaIds };
}

/** The first instant of the period (Athens midnight of its first day), as SQL. */
export const periodStart = (scope: StatsScope) => athensDayStart(scope.startDate);
/** The instant the period ends (Athens midnight after its last day), exclusive. */
export const periodEnd = (scope: StatsScope) => athensDayEnd(scope.endDate);

/** A timestamptz as Athens wall-clock time. */
export const athensTime = (column: SQL) => sql`(${column} at time zone ${STATS_TIME_ZONE})`;

/**
 * The moment `column` falls in the scope's period and, if any, its daily time window (Athens
 * wall-clock minutes, both ends included). The range comes first so an index on the column serves it.
 */
export function inPeriod(column: SQL, scope: StatsScope): SQL {
  const range = sql`${column} >= ${periodStart(scope)} and ${column} < ${periodEnd(scope)}`;
  if (scope.startMinute == null || scope.endMinute == null) return range;
  const local = athensTime(column);
  const minute = sql`(extract(hour from ${local}) * 60 + extract(minute from ${local}))`;
  return sql`${range} and ${minute} between ${scope.startMinute} and ${scope.endMinute}`;
}

/** `expression in (values)`, or true when the filter is empty. */
export function inList(expression: SQL, values: readonly (string | number)[]): SQL {
  return values.length ? sql`${expression} in (${list(values)})` : sql`true`;
}
