import type { IncomePoint, IncomeStats, ProductCount } from "@tableorder/domain/contracts/stats";
import { daysBetween } from "@tableorder/domain/stats/stats-period";
import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { athensTime, inList, inPeriod, type StatsScope } from "./stats-scope.ts";

/**
 * Where a payment comes from: a register sale says so itself (its order's service mode), a
 * table's payment is a take-away's when its table is one, else dine-in.
 */
const paymentSource = sql`case when p.order_id is not null then (select o.service_mode from orders o where o.id = p.order_id)
  when t.kind = 'TAKE_AWAY' then 'TAKE_AWAY' else 'DINE_IN' end`;
/** A piece's source: its table's kind (take-aways are tables of kind TAKE_AWAY). */
const unitSource = sql`case when t.kind = 'TAKE_AWAY' then 'TAKE_AWAY' else 'DINE_IN' end`;

/**
 * The venue's COMPLETED payments of the scope, each with its source. Only COMPLETED counts:
 * PENDING, FAILED and REFUND_DUE payments brought nothing in.
 */
export function scopedPaymentsSql(scope: StatsScope): SQL {
  return sql`
    select p.id, p.session_id, p.order_id, p.cash_cents, p.card_cents, p.on_credit_cents, p.discount_cents,
      p.amount_cents, p.provider, p.card_terminal_id, p.completed_at, p.type, p.channel, p.table_id,
      t.label as table_name, ${paymentSource} as source
    from payments p
    left join dining_tables t on t.id = p.table_id
    where p.retailer_id = ${scope.retailerId} and p.status = 'COMPLETED' and ${inPeriod(sql`p.completed_at`, scope)}
      and ${inList(sql`p.table_id`, scope.tableIds)} and ${inList(paymentSource, scope.sources)}`;
}

/**
 * Each payment's money by method: card at a terminal (or keyed by the waiter, no provider) is POS,
 * card with an online provider and no terminal is online. With an area filter only the pieces of
 * those areas count: a payment's share is what its paid pieces there brought in, split over its
 * methods in proportion (cash and on-credit rounded to the cent, card the rest, so the shares add
 * up exactly), and register sales, which have no pieces, drop out.
 */
function splitSql(scope: StatsScope): SQL {
  const pos = sql`case when s.provider is null or s.card_terminal_id is not null then s.card_cents else 0 end`;
  if (!scope.areaIds.length) {
    return sql`
      select s.id, s.session_id, s.order_id, s.source, s.completed_at, s.cash_cents as cash, ${pos} as pos,
        s.card_cents - ${pos} as online, s.on_credit_cents as on_credit, s.discount_cents as discount
      from scoped s`;
  }
  return sql`
    select x.id, x.session_id, x.order_id, x.source, x.completed_at, x.cash,
      case when x.is_pos then x.net - x.cash - x.on_credit else 0 end as pos,
      case when x.is_pos then 0 else x.net - x.cash - x.on_credit end as online,
      x.on_credit, x.discount
    from (
      select c.*,
        case when c.amount_cents = 0 then 0
             when c.card_cents = 0 then c.net - c.cash
             else least(c.net - c.cash, round(c.net * c.on_credit_cents::numeric / c.amount_cents)::int) end as on_credit
      from (
        select s.*, a.net, a.discount, (${pos}) > 0 or s.card_cents = 0 as is_pos,
          case when s.amount_cents = 0 then 0
               when s.card_cents = 0 and s.on_credit_cents = 0 then a.net
               else round(a.net * s.cash_cents::numeric / s.amount_cents)::int end as cash
        from scoped s
        join (
          select u.payment_id, sum(u.unit_price_cents - u.discount_cents)::int as net, sum(u.discount_cents)::int as discount
          from order_products u join scoped p on p.id = u.payment_id
          where u.payment_status = 'PAID'
            and ${inList(sql`u.preparation_area_id`, scope.areaIds)}
          group by u.payment_id
        ) a on a.payment_id = s.id
      ) c
    ) x`;
}

interface StatsRow {
  totals: {
    cash: number | null;
    pos: number | null;
    online: number | null;
    on_credit: number | null;
    discount: number | null;
    tables: number;
    take_aways: number;
    register_sales: number;
  };
  products: { name: string; amount: number; count: number; gifts: number }[];
  chart: { key: string; cash: number; pos: number; online: number; on_credit: number }[];
  cancelled: number | null;
}

/**
 * The income stats of a scope (spec 3 §3, §9), to the cent from the payment and piece rows, in one
 * statement: payments COMPLETED in the period (at their completion, Athens time) by method, the
 * discounts they gave, the pieces they paid or gave away (the consumption table; gifts at their
 * menu price), the pieces cancelled in the period (at the cancelling), the services, and the
 * income by hour (a day) or by day (a range) for the chart.
 */
export async function loadIncomeStats(db: Queryable, scope: StatsScope): Promise<IncomeStats> {
  const hourly = scope.startDate === scope.endDate;
  const bucket = hourly
    ? sql`to_char(${athensTime(sql`sp.completed_at`)}, 'HH24')`
    : sql`to_char(${athensTime(sql`sp.completed_at`)}, 'YYYY-MM-DD')`;
  const query = sql`
    with scoped as (${scopedPaymentsSql(scope)}),
    split as (${splitSql(scope)})
    select
      (select row_to_json(x) from (
        select sum(cash) as cash, sum(pos) as pos, sum(online) as online, sum(on_credit) as on_credit,
          sum(discount) as discount,
          count(distinct session_id) filter (where source = 'DINE_IN' and session_id is not null) as tables,
          count(distinct session_id) filter (where source = 'TAKE_AWAY' and session_id is not null) as take_aways,
          count(*) filter (where order_id is not null) as register_sales
        from split
      ) x) as totals,
      (select coalesce(json_agg(l order by l.name), '[]') from (
        select u.product_name as name, count(*) as count,
          sum(case when u.payment_status = 'GIFT' then 0 else u.unit_price_cents - u.discount_cents end) as amount,
          sum(case when u.payment_status = 'GIFT' then u.unit_price_cents else 0 end) as gifts
        from order_products u join scoped p on p.id = u.payment_id
        where u.payment_status in ('PAID', 'GIFT')
          and ${inList(sql`u.preparation_area_id`, scope.areaIds)}
        group by u.product_name
      ) l) as products,
      (select coalesce(json_agg(c), '[]') from (
        select ${bucket} as key, sum(sp.cash) as cash, sum(sp.pos) as pos, sum(sp.online) as online,
          sum(sp.on_credit) as on_credit
        from split sp group by 1
      ) c) as chart,
      (select sum(u.unit_price_cents) from order_products u join dining_tables t on t.id = u.table_id
        where u.retailer_id = ${scope.retailerId} and u.payment_status = 'CANCELLED'
          and ${inPeriod(sql`u.status_changed_at`, scope)} and ${inList(sql`u.table_id`, scope.tableIds)}
          and ${inList(unitSource, scope.sources)} and ${inList(sql`u.preparation_area_id`, scope.areaIds)}
      ) as cancelled`;
  const result = (await db.execute(query)) as unknown as { rows: StatsRow[] };
  const row = result.rows[0];
  const parse = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
  const totals = parse(row.totals);
  const products = parse(row.products);
  const chart = parse(row.chart);
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
    tablesTotal: Number(totals.tables),
    productCount,
    takeAwaysTotal: Number(totals.take_aways),
    registerSalesTotal: Number(totals.register_sales),
    startDate: scope.startDate,
    endDate: scope.endDate,
    live: scope.live,
    chart: { bucket: hourly ? "HOUR" : "DAY", points },
  };
}
