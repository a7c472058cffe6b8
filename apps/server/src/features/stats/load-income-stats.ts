import type { IncomePoint, IncomeStats, ProductCount, TipsStats } from "@tableorder/domain/contracts/stats";
import { daysBetween } from "@tableorder/domain/stats/stats-period";
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
  scopedPiecesSql,
  scopedTipsSql,
  wholeSplitOf,
  wholeSplitSql,
} from "./stats-facts.ts";
import { rolledRowsWhere, rolledUpThrough } from "./stats-rollup.ts";
import { dayAfter } from "./stats-rollup-calendar.ts";
import { athensTime, inList, type StatsScope } from "./stats-scope.ts";

/**
 * Each payment of the scope with its money by method; with an area filter only the pieces of those
 * areas count (a payment's share of them), and register sales, which have no pieces, drop out.
 */
function splitSql(scope: StatsScope): SQL {
  if (!scope.areaIds.length) return wholeSplitSql;
  return areaSplitSql(areaSharesSql(scopedPiecesSql(scope), scope.areaIds));
}

/**
 * The scope's reversals (credit notes) by method, as splitSql's rows: with an area filter the
 * share of those areas their pieces had.
 */
function reversalsSql(scope: StatsScope): SQL {
  if (scope.areaIds.length) return reversedAreaSplitSql(scope, scope.areaIds);
  return wholeSplitOf(sql`(${reversedPaymentsSql(scope)})`);
}

/**
 * The distinct table services of a source: those the rolled-up days counted plus those the live
 * days count, less the repeats. A session counted on several days (or on days and live) is listed
 * by each of them (stats-rollup.ts), so listings minus distinct listings is how often it was
 * counted too many times.
 */
function sessionsSql(source: string): SQL {
  return sql`(select coalesce(sum(r.sessions), 0) from rolled r where r.source = ${source})
    + (select count(distinct sp.session_id) from split sp where sp.source = ${source})
    - (select count(*) - count(distinct x.id) from (
        select unnest(r.shared_sessions) as id from rolled r where r.source = ${source}
        union all
        select distinct sp.session_id from split sp where sp.source = ${source} and sp.session_id is not null
      ) x)`;
}

interface StatsRow {
  totals: {
    cash: number | null;
    pos: number | null;
    online: number | null;
    on_credit: number | null;
    discount: number | null;
    register_sales: number | null;
  };
  tables: number;
  take_aways: number;
  products: { name: string; amount: number; count: number; gifts: number }[];
  chart: { key: string; cash: number; pos: number; online: number; on_credit: number }[];
  cancelled: number | null;
  tips: { user_id: number | null; name: string | null; cash: number; pos: number; online: number }[];
}

/** The tips' rows summed by method, with their total. */
function tipTotals(rows: readonly { cash: number; pos: number; online: number }[]) {
  const cash = rows.reduce((sum, r) => sum + Number(r.cash), 0);
  const pos = rows.reduce((sum, r) => sum + Number(r.pos), 0);
  const online = rows.reduce((sum, r) => sum + Number(r.online), 0);
  return { cash, pos, online, total: cash + pos + online };
}

/** The scope's tips by method and by who collected them, the staff by name; online tips last. */
function tipsOf(rows: StatsRow["tips"]): TipsStats {
  return {
    ...tipTotals(rows),
    byWaiter: rows.map((r) => ({ userId: r.user_id, name: r.name ?? "", ...tipTotals([r]) })),
  };
}

/**
 * The income stats of a scope (spec 3 §3, §9), to the cent from the payment and piece rows, in one
 * statement: payments COMPLETED in the period (at their completion, Athens time) by method, the
 * discounts they gave, the pieces they paid or gave away (the consumption table; gifts at their
 * menu price), the pieces cancelled in the period (at the cancelling), the receipts cancelled in it
 * (credit notes, which take their receipts' methods, discount, pieces and areas' shares back, on
 * the note's day), the services, and the income by hour (a day) or by day (a range) for the chart.
 * Finished days come from the daily roll-up where it can answer the scope (stats-rollup.ts), the
 * rest from the rows themselves.
 */
export async function loadIncomeStats(db: Db, scope: StatsScope, now = new Date()): Promise<IncomeStats> {
  const hourly = scope.startDate === scope.endDate;
  const through = await rolledUpThrough(db, scope, now);
  // The days after the rolled-up ones, read live (none when the roll-up reaches the end).
  const live: StatsScope = through == null ? scope : { ...scope, startDate: dayAfter(through) };
  const bucket = hourly
    ? sql`to_char(${athensTime(sql`sp.completed_at`)}, 'HH24')`
    : sql`to_char(${athensTime(sql`sp.completed_at`)}, 'YYYY-MM-DD')`;
  const reversalBucket = hourly
    ? sql`to_char(${athensTime(sql`rv.completed_at`)}, 'HH24')`
    : sql`to_char(${athensTime(sql`rv.completed_at`)}, 'YYYY-MM-DD')`;
  const rolledWhere = rolledRowsWhere(scope, through);
  const query = sql`
    with scoped as (${scopedPaymentsSql(live)}),
    split as (${splitSql(live)}),
    reversal as (${reversalsSql(live)}),
    rolled as (select r.* from stats_daily_income r where ${rolledWhere})
    select
      (select row_to_json(x) from (
        select sum(m.cash) as cash, sum(m.pos) as pos, sum(m.online) as online, sum(m.on_credit) as on_credit,
          sum(m.discount) as discount, sum(m.register_sales) as register_sales
        from (
          select sp.cash, sp.pos, sp.online, sp.on_credit, sp.discount, (sp.order_id is not null)::int as register_sales
          from split sp
          union all
          select rv.cash, rv.pos, rv.online, rv.on_credit, rv.discount, 0 from reversal rv
          union all
          select r.cash_cents, r.pos_cents, r.online_cents, r.on_credit_cents, r.discount_cents, r.register_sales from rolled r
        ) m
      ) x) as totals,
      ${sessionsSql("DINE_IN")} as tables,
      ${sessionsSql("TAKE_AWAY")} as take_aways,
      (select coalesce(json_agg(l order by l.name), '[]') from (
        select c.name, sum(c.count) as count, sum(c.amount) as amount, sum(c.gifts) as gifts
        from (
          select u.product_name as name, ${consumptionColumns}
          from ${scopedPiecesSql(live)}
          where u.payment_status in ('PAID', 'GIFT')
            and ${inList(sql`u.preparation_area_id`, live.areaIds)}
          group by u.product_name
          union all
          select u.product_name, ${reversedConsumptionColumns}
          from ${reversedPiecesSql(live)}
          where ${inList(sql`u.preparation_area_id`, live.areaIds)}
          group by u.product_name
          union all
          select r.product_name, r.count, r.amount_cents, r.gifts_cents from stats_daily_products r where ${rolledWhere}
        ) c
        group by c.name
        having ${consumptionLineCounts}
      ) l) as products,
      (select coalesce(json_agg(c), '[]') from (
        select b.key, sum(b.cash) as cash, sum(b.pos) as pos, sum(b.online) as online, sum(b.on_credit) as on_credit
        from (
          select ${bucket} as key, sp.cash, sp.pos, sp.online, sp.on_credit from split sp
          union all
          select ${reversalBucket}, rv.cash, rv.pos, rv.online, rv.on_credit from reversal rv
          union all
          select to_char(r.day, 'YYYY-MM-DD'), r.cash_cents, r.pos_cents, r.online_cents, r.on_credit_cents from rolled r
        ) b
        group by b.key
      ) c) as chart,
      (select coalesce(sum(u.unit_price_cents), 0) from order_products u join dining_tables t on t.id = u.table_id
        where ${cancelledPiecesWhere(live)})
        - (select coalesce(sum(rv.cash + rv.pos + rv.online + rv.on_credit), 0) from reversal rv)
        + (select coalesce(sum(r.cancelled_cents), 0) from rolled r) as cancelled,
      (select coalesce(json_agg(w order by w.user_id is null, w.name, w.user_id), '[]') from (
        select tp.user_id, (select coalesce(nullif(trim(concat_ws(' ', us.first_name, us.last_name)), ''), us.login)
            from users us where us.id = tp.user_id) as name,
          sum(case when tp.method = 'CASH' then tp.tip else 0 end) as cash,
          sum(case when tp.method = 'POS' then tp.tip else 0 end) as pos,
          sum(case when tp.method = 'ONLINE' then tp.tip else 0 end) as online
        from (${scopedTipsSql(scope)}) tp
        group by tp.user_id
      ) w) as tips`;
  const result = (await db.execute(query)) as unknown as { rows: StatsRow[] };
  const row = result.rows[0];
  const parse = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
  const totals = parse(row.totals);
  const products = parse(row.products);
  const chart = parse(row.chart);
  const tips = parse(row.tips);
  const productCount: ProductCount[] = products.map((p) => ({
    name: p.name,
    amount: Number(p.amount),
    count: Number(p.count),
  }));
  const byKey = new Map(chart.map((c) => [c.key, c]));
  const keys = hourly
    ? Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0"))
    : daysBetween(scope.startDate, scope.endDate);
  const points: IncomePoint[] = keys.map((key) => {
    const c = byKey.get(key);
    return {
      key,
      cash: Number(c?.cash ?? 0),
      pos: Number(c?.pos ?? 0),
      online: Number(c?.online ?? 0),
      onCredit: Number(c?.on_credit ?? 0),
    };
  });
  return {
    cashTotal: Number(totals.cash ?? 0),
    posTotal: Number(totals.pos ?? 0),
    onlineTotal: Number(totals.online ?? 0),
    onCreditTotal: Number(totals.on_credit ?? 0),
    giftsTotal: products.reduce((sum, p) => sum + Number(p.gifts), 0),
    cancelledTotal: Number(row.cancelled ?? 0),
    discountsTotal: Number(totals.discount ?? 0),
    tablesTotal: Number(row.tables),
    productCount,
    takeAwaysTotal: Number(row.take_aways),
    registerSalesTotal: Number(totals.register_sales ?? 0),
    startDate: scope.startDate,
    endDate: scope.endDate,
    live: scope.live,
    chart: { bucket: hourly ? "HOUR" : "DAY", points },
    tips: tipsOf(tips),
  };
}
