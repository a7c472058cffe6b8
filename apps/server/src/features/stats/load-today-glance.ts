import type { StatsTable, TodayGlance } from "@tableorder/domain/contracts/stats";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { reversedPaymentsSql } from "./stats-facts.ts";
import { athensToday, STATS_TIME_ZONE, type StatsScope } from "./stats-scope.ts";

type Raw<T> = { rows: T[] };

/**
 * The admin landing page's figures for today's Athens business day (issue 14): income so far
 * (cash and card of completed payments less the receipts cancelled today), what was left on credit
 * today (owed, not collected, so apart from the income: issue 28 A9), open tables (dine-in sessions open now), pieces still being prepared, the
 * average time from order to ready per area, and fiscal documents not yet transmitted. A piece is
 * ready when it turned PREPARED; one already delivered counts from its ticket's completion.
 */
export async function loadTodayGlance(db: Queryable, retailerId: number, now = new Date()): Promise<TodayGlance> {
  const today = athensToday(now);
  const start = sql`((${today}::date)::timestamp at time zone ${STATS_TIME_ZONE})`;
  const end = sql`((${today}::date + 1)::timestamp at time zone ${STATS_TIME_ZONE})`;
  const todayScope: StatsScope = {
    retailerId,
    startDate: today,
    endDate: today,
    startMinute: null,
    endMinute: null,
    live: true,
    sources: [],
    tableIds: [],
    areaIds: [],
  };
  const completedToday = sql`(select * from payments p
    where p.retailer_id = ${retailerId} and p.status = 'COMPLETED' and p.completed_at >= ${start} and p.completed_at < ${end})`;
  const readyAt = sql`case when u.status = 'PREPARED' then u.status_changed_at else k.completed_at end`;
  const result = (await db.execute(sql`
    select
      (select coalesce(sum(p.cash_cents + p.card_cents), 0) from ${completedToday} p)
        + (select coalesce(sum(v.cash_cents + v.card_cents), 0) from (${reversedPaymentsSql(todayScope)}) v) as income,
      (select coalesce(sum(p.on_credit_cents), 0) from ${completedToday} p)
        + (select coalesce(sum(v.on_credit_cents), 0) from (${reversedPaymentsSql(todayScope)}) v) as owed,
      (select count(*) from table_sessions s join dining_tables t on t.id = s.table_id
        where s.retailer_id = ${retailerId} and s.status = 'OPEN' and t.kind = 'TABLE') as open_tables,
      (select count(*) from order_products u join kitchen_tickets k on k.id = u.ticket_id
        where k.retailer_id = ${retailerId} and k.completed_at is null and u.status = 'SENT'
          and u.payment_status <> 'CANCELLED') as in_preparation,
      (select count(*) from documents d where d.retailer_id = ${retailerId} and d.status = 'PENDING') as documents,
      (select coalesce(json_agg(x order by x.area_name), '[]') from (
        select a.id as area_id, a.name as area_name, count(*) as count,
          round(avg(extract(epoch from (${readyAt} - u.created_at))))::int as average_seconds
        from order_products u
        join kitchen_tickets k on k.id = u.ticket_id
        join preparation_areas a on a.id = k.preparation_area_id
        where u.retailer_id = ${retailerId} and u.status in ('PREPARED', 'COMPLETE') and u.payment_status <> 'CANCELLED'
          and ${readyAt} >= ${start} and ${readyAt} < ${end}
        group by a.id, a.name
      ) x) as times`)) as unknown as Raw<{
    income: number | string;
    owed: number | string;
    open_tables: number | string;
    in_preparation: number | string;
    documents: number | string;
    times: string | { area_id: number; area_name: string; count: number; average_seconds: number }[];
  }>;
  const row = result.rows[0];
  const times = typeof row.times === "string" ? JSON.parse(row.times) : row.times;
  return {
    incomeTotal: Number(row.income),
    owedTotal: Number(row.owed),
    openTables: Number(row.open_tables),
    itemsInPreparation: Number(row.in_preparation),
    preparationTimes: times.map((t: { area_id: number; area_name: string; count: number; average_seconds: number }) => ({
      areaId: Number(t.area_id),
      areaName: t.area_name,
      averageSeconds: Number(t.average_seconds),
      count: Number(t.count),
    })),
    documentsPending: Number(row.documents),
  };
}

/** GET api/stats/active-tables: the venue's tables for the TABLE filter, in its order, with which are open now. */
export async function loadStatsTables(db: Queryable, retailerId: number): Promise<StatsTable[]> {
  const result = (await db.execute(sql`
    select t.id, t.label as name, exists (select 1 from table_sessions s where s.table_id = t.id and s.status = 'OPEN') as is_open
    from dining_tables t
    where t.retailer_id = ${retailerId} and t.kind = 'TABLE' and t.deleted_at is null
    order by t.sort_order, t.id`)) as unknown as Raw<{ id: number; name: string; is_open: boolean }>;
  return result.rows.map((r) => ({ id: Number(r.id), name: r.name, isOpen: r.is_open }));
}

/** The venue's preparation areas for the PREPARATION filter (deleted ones too: their pieces still count). */
export async function loadStatsPrepAreas(db: Queryable, retailerId: number) {
  const result = (await db.execute(sql`
    select a.id, a.name from preparation_areas a where a.retailer_id = ${retailerId}
    order by a.deleted_at is not null, a.name`)) as unknown as Raw<{ id: number; name: string }>;
  return result.rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
