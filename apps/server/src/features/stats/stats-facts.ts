import { type SQL, sql } from "drizzle-orm";
import { inList, inPeriod, type StatsScope } from "./stats-scope.ts";

/**
 * The rules that turn payment and piece rows into statistics, in one place: the live read
 * (load-income-stats.ts) and the daily roll-up (stats-rollup.ts) both build on these, so a rolled-up
 * day holds exactly what the live read would answer for it.
 */

/**
 * Where a payment comes from: a register sale says so itself (its order's service mode), a
 * table's payment is a take-away's when its table is one, else dine-in.
 */
export const paymentSource = sql`case when p.order_id is not null then (select o.service_mode from orders o where o.id = p.order_id)
  when t.kind = 'TAKE_AWAY' then 'TAKE_AWAY' else 'DINE_IN' end`;
/** A piece's source: its table's kind (take-aways are tables of kind TAKE_AWAY). */
export const unitSource = sql`case when t.kind = 'TAKE_AWAY' then 'TAKE_AWAY' else 'DINE_IN' end`;

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
 * The credit notes (11.4) issued in the scope against receipts of the venue's COMPLETED payments,
 * as negative payment rows with scopedPaymentsSql's columns: each takes back, by method, what its
 * note's payment methods list (a payment of goods and services has two receipts, each cancelled
 * on its own, so a reversal may be part of its payment), and `completed_at` is the note's issue.
 *
 * *Decision:* a reversal counts on the credit note's day, not the receipt's. The money goes back
 * (or the debt is forgiven) when the receipt is cancelled, so the owner closing today counts a
 * drawer short by today's cancellation of yesterday's receipt, and myDATA books the note on its own
 * issue date; cancelled pieces count at their cancelling the same way. It also keeps a rolled-up
 * day true: a note is issued with the clock of its issue and never changes, so no finished day
 * gains one. Its type is CREDIT_NOTE; its session and order are left out: a reversal is no new table service or register sale.
 */
export function reversedPaymentsSql(scope: StatsScope): SQL {
  // The discount given on a cancelled sale was never given either: the note takes back its share
  // of the payment's discount (all of it for a sale discounted to nothing, whose note is 0,00 €).
  const reversedDiscount = sql`-(case when p.amount_cents = 0 then p.discount_cents
    else round(p.discount_cents * d.total_cents::numeric / p.amount_cents)::int end)`;
  const byMethod = (method: string) =>
    sql`-coalesce((select sum((m->>'amount')::int) from jsonb_array_elements(d.payment_methods) m where m->>'method' = ${method}), 0)::int`;
  return sql`
    select p.id, null::int as session_id, null::int as order_id, ${byMethod("CASH")} as cash_cents,
      ${byMethod("CARD")} as card_cents, ${byMethod("CREDIT")} as on_credit_cents, ${reversedDiscount} as discount_cents,
      -d.total_cents as amount_cents, p.provider, p.card_terminal_id, d.issued_at as completed_at, 'CREDIT_NOTE' as type, p.channel,
      p.table_id, t.label as table_name, ${paymentSource} as source
    from documents d
    join payments p on p.id = d.payment_id
    left join dining_tables t on t.id = p.table_id
    where d.retailer_id = ${scope.retailerId} and d.invoice_type = '11.4' and d.correlated_document_id is not null
      and p.status = 'COMPLETED' and ${inPeriod(sql`d.issued_at`, scope)}
      and ${inList(sql`p.table_id`, scope.tableIds)} and ${inList(paymentSource, scope.sources)}`;
}

/**
 * The pieces the scoped payments paid or gave away (`u`, joined to the `scoped` CTE as `p`). With a
 * table filter the pieces' own table is filtered too: a payment pays only its table's pieces, so
 * the answer is the same, and PostgreSQL then finds a table's pieces by their table instead of
 * reading every piece of the venue through the payment index (a year of one table: 0.24 s → ms).
 */
export function scopedPiecesSql(scope: StatsScope): SQL {
  return sql`order_products u join scoped p on p.id = u.payment_id and ${inList(sql`u.table_id`, scope.tableIds)}`;
}

/** Card at a terminal (or keyed by the waiter, no provider) is POS; card with an online provider and no terminal is online. */
const posCents = sql`case when s.provider is null or s.card_terminal_id is not null then s.card_cents else 0 end`;

/**
 * Each payment of `payments` (a CTE of scopedPaymentsSql's or reversedPaymentsSql's rows) with its
 * money by method, all its pieces counted: columns id, session_id, order_id, source, completed_at,
 * cash, pos, online, on_credit, discount. wholeSplitSql is that of `scoped`.
 */
export function wholeSplitOf(payments: SQL): SQL {
  return sql`
  select s.id, s.session_id, s.order_id, s.source, s.completed_at, s.cash_cents as cash, ${posCents} as pos,
    s.card_cents - ${posCents} as online, s.on_credit_cents as on_credit, s.discount_cents as discount
  from ${payments} s`;
}
export const wholeSplitSql = wholeSplitOf(sql`scoped`);

/**
 * Each payment's share of some areas, given `shares` (rows payment_id, area_id, net, discount:
 * what its PAID pieces of those areas brought in and were given off): the share split over the
 * payment's methods in proportion (cash and on-credit rounded to the cent, card the rest, so the
 * shares add up exactly). A payment with no piece there (a register sale) has no share. Columns as
 * wholeSplitSql's, plus area_id.
 */
export function areaSplitSql(shares: SQL): SQL {
  return sql`
    select x.id, x.session_id, x.order_id, x.source, x.completed_at, x.area_id, x.cash,
      case when x.is_pos then x.net - x.cash - x.on_credit else 0 end as pos,
      case when x.is_pos then 0 else x.net - x.cash - x.on_credit end as online,
      x.on_credit, x.discount
    from (
      select c.*,
        case when c.amount_cents = 0 then 0
             when c.card_cents = 0 then c.net - c.cash
             else least(c.net - c.cash, round(c.net * c.on_credit_cents::numeric / c.amount_cents)::int) end as on_credit
      from (
        select s.*, a.area_id, a.net, a.discount, (${posCents}) > 0 or s.card_cents = 0 as is_pos,
          case when s.amount_cents = 0 then 0
               when s.card_cents = 0 and s.on_credit_cents = 0 then a.net
               else round(a.net * s.cash_cents::numeric / s.amount_cents)::int end as cash
        from scoped s
        join (${shares}) a on a.payment_id = s.id
      ) c
    ) x`;
}

/** A share's columns over a payment's PAID pieces `u`: what they brought in and were given off. */
export const shareColumns = sql`sum(u.unit_price_cents - u.discount_cents)::int as net, sum(u.discount_cents)::int as discount`;

/**
 * A consumption line's figures over pieces `u` paid or given away (payment_status PAID or GIFT):
 * how many, what they brought in, and gifts at their menu price.
 */
export const consumptionColumns = sql`count(*) as count,
  sum(case when u.payment_status = 'GIFT' then 0 else u.unit_price_cents - u.discount_cents end) as amount,
  sum(case when u.payment_status = 'GIFT' then u.unit_price_cents else 0 end) as gifts`;

/**
 * The venue's pieces cancelled in the scope's period (at the cancelling), with `t` their table:
 * a cancelled piece counts at its menu price.
 */
export function cancelledPiecesWhere(scope: StatsScope): SQL {
  return sql`u.retailer_id = ${scope.retailerId} and u.payment_status = 'CANCELLED'
    and ${inPeriod(sql`u.status_changed_at`, scope)} and ${inList(sql`u.table_id`, scope.tableIds)}
    and ${inList(unitSource, scope.sources)} and ${inList(sql`u.preparation_area_id`, scope.areaIds)}`;
}
