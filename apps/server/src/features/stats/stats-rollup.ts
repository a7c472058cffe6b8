import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  areaSharesSql,
  areaSplitSql,
  cancelledPiecesWhere,
  consumptionColumns,
  consumptionLineCounts,
  reversedAreaSplitSql,
  reversedConsumptionColumns,
  reversedPaymentsSql,
  reversedPiecesSql,
  scopedPaymentsSql,
  unitSource,
  wholeSplitOf,
  wholeSplitSql,
} from "./stats-facts.ts";
import { dayAfter, lastFinishedDay } from "./stats-rollup-calendar.ts";
import { athensTime, inList, STATS_TIME_ZONE, type StatsScope } from "./stats-scope.ts";

/**
 * The statistics' daily roll-up (issue 14: a year under 300 ms). A finished Athens business day of a
 * venue is rolled up once, by the background worker soon after it ends (stats-rollup-worker.ts) or
 * else on the first read that covers it, into stats_daily_income (money, cancellations, register
 * sales and table services per order source and area filter) and stats_daily_products (the
 * consumption lines, the same way); a read then sums those rows for its finished days and reads
 * the rest (today) live, in one statement (load-income-stats.ts).
 *
 * Why a rolled-up day stays right: it is computed by the live read's own rules (stats-facts.ts),
 * and what it is computed from does not change once the day is over. A payment is completed with
 * the clock of its completion and a COMPLETED payment is never updated again (every other update
 * of a payment is conditioned on PENDING or FAILED); pieces are linked to a payment, with their
 * discount, only in the transaction that completes it; a cancelled piece stays cancelled and its
 * cancelling time stays (status changes skip cancelled pieces); table kinds and register sales'
 * service modes never change; a credit note counts on its own issue day (stats-facts.ts) and is never
 * edited. The one exception is a table transfer, which moves an open bill's
 * cancelled pieces to another table (perhaps from a take-away); for it, and for any change to come,
 * migration 0012's triggers forget a past day whose facts change, in the changing transaction.
 *
 * Table services are distinct sessions, which do not add up over days: a session may pay on two
 * days (a bill open over midnight). Each row keeps the sessions it counted and lists those that may
 * also count elsewhere (sharedSessions); a read subtracts the repeats among the listed ones.
 */

/**
 * At most how many days one roll-up transaction fills. PGlite holds every other statement (live
 * orders included) while a transaction is open, so the background worker fills a few days at a
 * time (a busy venue's 3 days: about 0.1-0.2 s on PGlite, docs/performance.md); a read, which
 * the owner waits for, fills a month at a time: fewer fills finish sooner (each costs about 35 ms
 * beyond its days on PostgreSQL), and live orders still get in between them.
 */
export const BACKGROUND_DAYS_PER_FILL = 3;
const READ_DAYS_PER_FILL = 31;

/** The Athens calendar day of a timestamptz column, as SQL. */
const athensDay = (column: SQL) => sql`${athensTime(column)}::date`;

/**
 * Whether daily rows can answer a scope exactly: a range of days (a single day is charted by hour),
 * whole days (no narrower time of day), no table filter (rows are per venue, not per table), at most
 * one area (a payment's share of several areas is rounded once, not per area).
 */
function answerableByDay(scope: StatsScope): boolean {
  const wholeDay = scope.startMinute == null || (scope.startMinute === 0 && scope.endMinute === 24 * 60 - 1);
  return scope.startDate < scope.endDate && wholeDay && !scope.tableIds.length && scope.areaIds.length <= 1;
}

/**
 * The last day of the scope that its read takes from the roll-up, after rolling up whatever of
 * it was not yet (the background worker normally has); null when the roll-up cannot answer the
 * scope and it is read live throughout.
 */
export async function rolledUpThrough(db: Db, scope: StatsScope, now: Date): Promise<string | null> {
  if (!answerableByDay(scope)) return null;
  const lastFinished = lastFinishedDay(now);
  const through = scope.endDate < lastFinished ? scope.endDate : lastFinished;
  if (through < scope.startDate) return null;
  if (await hasDaysToRollUp(db, scope.retailerId, scope.startDate, through)) {
    while ((await rollUpNextDays(db, scope.retailerId, scope.startDate, through, READ_DAYS_PER_FILL)).length);
  }
  return through;
}

/**
 * The venue's days from `startDate` through `through` that have yet to be rolled up, as SQL rows
 * (column d): those from its first fact on (a completed payment or a cancelled piece; the days
 * before have nothing to sum) not yet claimed. `startDate` null means from its first fact.
 */
function daysToRollUpSql(retailerId: number, startDate: string | null, through: string): SQL {
  const firstFactDay = sql`(least(
      (select min(p.completed_at) from payments p where p.retailer_id = ${retailerId} and p.status = 'COMPLETED'),
      (select min(u.status_changed_at) from order_products u
        where u.retailer_id = ${retailerId} and u.payment_status = 'CANCELLED')
    ) at time zone ${STATS_TIME_ZONE})::date`;
  return sql`select d::date as d
    from (select ${firstFactDay} as day) f,
      generate_series(greatest(f.day, ${startDate}::date), ${through}::date, interval '1 day') d
    where f.day is not null
      and not exists (select 1 from stats_rollup_days k where k.retailer_id = ${retailerId} and k.day = d::date)`;
}

/** Whether any day of the venue from `startDate` through `through` is still to roll up; takes no lock. */
async function hasDaysToRollUp(db: Db, retailerId: number, startDate: string, through: string): Promise<boolean> {
  const due = (await db.execute(sql`select exists (${daysToRollUpSql(retailerId, startDate, through)}) as due`)) as unknown as {
    rows: { due: boolean }[];
  };
  return Boolean(due.rows[0].due);
}

/**
 * Rolls up the earliest `maxDays` of the venue's days from `startDate` (null: its first fact)
 * through `through` that are not yet, in one transaction, and answers which (none: all are done).
 * Under the venue's roll-up lock (stats_rollup_lock, which migration 0012's triggers take too) the
 * days are claimed in stats_rollup_days and their rows written: a second reader or worker waits,
 * then claims the next days, so no day is filled twice and the fill is shared.
 */
export async function rollUpNextDays(
  db: Db,
  retailerId: number,
  startDate: string | null,
  through: string,
  maxDays: number,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select stats_rollup_lock(${retailerId})`);
    // The fill's row estimates are far off (CTEs over CTEs): PostgreSQL would spend seconds
    // compiling it just in time for a statement that runs once (PGlite has no JIT).
    await tx.execute(sql`set local jit = off`);
    const claimed = (await tx.execute(sql`insert into stats_rollup_days (retailer_id, day)
      select ${retailerId}, due.d from (${daysToRollUpSql(retailerId, startDate, through)}) due
      order by due.d
      limit ${maxDays}
      on conflict do nothing
      returning day::text as day`)) as unknown as { rows: { day: string }[] };
    const days = claimed.rows.map((r) => r.day);
    for (const [first, last] of runsOf(days)) {
      const span: StatsScope = {
        retailerId,
        startDate: first,
        endDate: last,
        startMinute: null,
        endMinute: null,
        live: false,
        sources: [],
        tableIds: [],
        areaIds: [],
      };
      await tx.execute(fillIncomeSql(span));
      await tx.execute(fillProductsSql(span));
    }
    return days;
  });
}

/** Days (YYYY-MM-DD) as runs of consecutive days, first and last of each. */
function runsOf(days: string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const day of [...days].sort()) {
    const run = runs[runs.length - 1];
    if (run && dayAfter(run[1]) === day) run[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/**
 * The income rows of the days of `span`: per order source, one row with no area filter (area null) and
 * one per area, each the sums the live read gives for that day, source and area.
 */
function fillIncomeSql(span: StatsScope): SQL {
  return sql`
    with scoped as (${scopedPaymentsSql(span)}),
    whole as (${wholeSplitSql}),
    by_area as (${areaSplitSql(areaSharesSql(sql`order_products u join scoped p on p.id = u.payment_id`, "each"))}),
    reversal as (
      select null::int as area_id, w.* from (${wholeSplitOf(sql`(${reversedPaymentsSql(span)})`)}) w
      union all
      select a.area_id, a.id, a.session_id, a.order_id, a.source, a.completed_at, a.cash, a.pos, a.online, a.on_credit,
        a.discount
      from (${reversedAreaSplitSql(span, "each")}) a
    ),
    money as (
      select ${athensDay(sql`w.completed_at`)} as day, w.source, null::int as area_id, w.cash, w.pos, w.online,
        w.on_credit, w.discount, w.order_id, w.session_id
      from whole w
      union all
      select ${athensDay(sql`b.completed_at`)}, b.source, b.area_id, b.cash, b.pos, b.online, b.on_credit, b.discount,
        b.order_id, b.session_id
      from by_area b
    ),
    -- A session may count on another day too while it is open, or while it has a payment that may
    -- still complete (PENDING, or FAILED: a guest back from the checkout late) or completed on
    -- another day. A closed session gets no new payments, and COMPLETED and REFUND_DUE are final.
    shared as (
      select p.session_id from payments p
      where p.retailer_id = ${span.retailerId} and p.session_id in (select session_id from money)
      group by p.session_id
      having bool_or(p.status not in ('COMPLETED', 'REFUND_DUE'))
        or count(distinct ${athensDay(sql`p.completed_at`)}) filter (where p.status = 'COMPLETED') > 1
      union
      select s.id from table_sessions s where s.id in (select session_id from money) and s.status = 'OPEN'
    ),
    cancelled as (
      select ${athensDay(sql`u.status_changed_at`)} as day, ${unitSource} as source, f.area_id,
        sum(u.unit_price_cents) as cents
      from order_products u join dining_tables t on t.id = u.table_id
      cross join lateral (values (null::int, true), (u.preparation_area_id, false)) f(area_id, every_area)
      where ${cancelledPiecesWhere(span)}
        and (f.every_area or f.area_id is not null)
      group by 1, 2, 3
    )
    insert into stats_daily_income (retailer_id, day, source, area_id, cash_cents, pos_cents, online_cents,
      on_credit_cents, discount_cents, cancelled_cents, register_sales, sessions, shared_sessions)
    select ${span.retailerId}, r.day, r.source, r.area_id, coalesce(sum(r.cash), 0), coalesce(sum(r.pos), 0),
      coalesce(sum(r.online), 0), coalesce(sum(r.on_credit), 0), coalesce(sum(r.discount), 0),
      coalesce(sum(r.cancelled), 0), count(r.order_id), count(distinct r.session_id),
      coalesce(array_agg(distinct r.session_id) filter (where r.session_id in (select session_id from shared)), '{}')
    from (
      select m.day, m.source, m.area_id, m.cash, m.pos, m.online, m.on_credit, m.discount, 0 as cancelled,
        m.order_id, m.session_id
      from money m
      union all
      select c.day, c.source, c.area_id, 0, 0, 0, 0, 0, c.cents, null, null from cancelled c
      union all
      select ${athensDay(sql`v.completed_at`)}, v.source, v.area_id, v.cash, v.pos, v.online, v.on_credit, v.discount,
        -(v.cash + v.pos + v.online + v.on_credit), null, null
      from reversal v
    ) r
    group by r.day, r.source, r.area_id`;
}

/**
 * The consumption lines of the days of `span`: per order source and product, per area, and with no
 * area filter (the sum over the areas and the pieces of none).
 */
function fillProductsSql(span: StatsScope): SQL {
  return sql`
    with scoped as (${scopedPaymentsSql(span)}),
    lines as (
      select c.day, c.source, c.area_id, c.name, sum(c.count) as count, sum(c.amount) as amount, sum(c.gifts) as gifts
      from (
        select ${athensDay(sql`p.completed_at`)} as day, p.source, u.preparation_area_id as area_id, u.product_name as name,
          ${consumptionColumns}
        from order_products u join scoped p on p.id = u.payment_id
        where u.payment_status in ('PAID', 'GIFT')
        group by 1, 2, 3, 4
        union all
        select ${athensDay(sql`n.completed_at`)}, n.source, u.preparation_area_id, u.product_name, ${reversedConsumptionColumns}
        from ${reversedPiecesSql(span)}
        group by 1, 2, 3, 4
      ) c
      group by 1, 2, 3, 4
      having ${consumptionLineCounts}
    )
    insert into stats_daily_products (retailer_id, day, source, area_id, product_name, count, amount_cents, gifts_cents)
    select ${span.retailerId}, x.* from (
      select l.day, l.source, l.area_id, l.name, l.count, l.amount, l.gifts from lines l where l.area_id is not null
      union all
      select l.day, l.source, null, l.name, sum(l.count), sum(l.amount), sum(l.gifts) from lines l
      group by l.day, l.source, l.name
    ) x`;
}

/** Which rolled-up rows (alias r, of either table) a scope reads: its days up to `through`, its sources, its area filter. */
export function rolledRowsWhere(scope: StatsScope, through: string | null): SQL {
  if (through == null) return sql`false`;
  const area = scope.areaIds.length ? sql`r.area_id = ${scope.areaIds[0]}` : sql`r.area_id is null`;
  return sql`r.retailer_id = ${scope.retailerId} and r.day between ${scope.startDate}::date and ${through}::date
    and ${inList(sql`r.source`, scope.sources)} and ${area}`;
}
