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
 * The receipt a piece (or a register sale's section) is listed on, by its product's type: a
 * payment issues one receipt per kind, 11.1 for goods and 11.2 for services (issue-documents.ts),
 * each cancelled on its own. The order history names a piece's credit note by the same rule
 * (load-order-history.ts, creditNoteKey).
 */
const receiptTypeOf = (productType: SQL) => sql`(case when ${productType} = 'SERVICE' then '11.2' else '11.1' end)`;
const receiptTypeOfPiece = receiptTypeOf(sql`(select pr.type from products pr where pr.id = u.product_id)`);

/**
 * Whether piece `u` of the payment of credit note `n` is taken back by a note of that payment
 * whose id compares to n's by `compare`: "=" by n itself, "<=" by n or a note before it, "<" by
 * one before it. Only PAID pieces were on a receipt (gifts have none).
 */
function creditedPiece(compare: "=" | "<=" | "<"): SQL {
  return sql`u.payment_id = n.payment_id and u.payment_status = 'PAID' and exists (
    select 1 from documents m join documents mr on mr.id = m.correlated_document_id
    where m.payment_id = n.payment_id and m.invoice_type = '11.4' and m.id ${sql.raw(compare)} n.id
      and mr.invoice_type = ${receiptTypeOfPiece})`;
}

/**
 * The credit notes (11.4) issued in the scope against receipts of the venue's COMPLETED payments,
 * each as its payment's row with scopedPaymentsSql's columns (the payment's own amounts) but for:
 * `id` the note's, `payment_id` the payment's, `completed_at` the note's issue, its session and
 * order left out (a reversal is no new table service or register sale), type CREDIT_NOTE, and the
 * note's `note_total`, `note_methods`, `receipt_type` (11.1 or 11.2, of the receipt it cancels)
 * and `register_sale_id` (the payment's order, for a register sale).
 *
 * *Decision:* a reversal counts on the credit note's day, not the receipt's. The money goes back
 * (or the debt is forgiven) when the receipt is cancelled, so the owner closing today counts a
 * drawer short by today's cancellation of yesterday's receipt, and myDATA books the note on its own
 * issue date; cancelled pieces count at their cancelling the same way. It also keeps a rolled-up
 * day true: a note is issued with the clock of its issue and never changes, so no finished day
 * gains one (docs/decisions/002-credit-note-day.md).
 */
function creditNotesSql(scope: StatsScope): SQL {
  return sql`
    select n.id, p.id as payment_id, null::int as session_id, null::int as order_id, p.cash_cents, p.card_cents,
      p.on_credit_cents, p.discount_cents, p.amount_cents, p.provider, p.card_terminal_id, n.issued_at as completed_at,
      'CREDIT_NOTE' as type, p.channel, p.table_id, t.label as table_name, ${paymentSource} as source,
      n.total_cents as note_total, n.payment_methods as note_methods, r.invoice_type as receipt_type,
      p.order_id as register_sale_id
    from documents n
    join documents r on r.id = n.correlated_document_id
    join payments p on p.id = n.payment_id
    left join dining_tables t on t.id = p.table_id
    where n.retailer_id = ${scope.retailerId} and n.invoice_type = '11.4'
      and p.status = 'COMPLETED' and ${inPeriod(sql`n.issued_at`, scope)}
      and ${inList(sql`p.table_id`, scope.tableIds)} and ${inList(paymentSource, scope.sources)}`;
}

/**
 * The scope's credit notes as negative payment rows with scopedPaymentsSql's columns (`id` the
 * payment's): each takes back, by method, what its note's payment methods list (a payment of goods
 * and services has two receipts, each cancelled on its own, so a reversal may be part of its
 * payment), and the discount its receipt's pieces (or a register sale's sections) were given, so
 * a payment whose receipts are all cancelled is back to nothing to the cent. Counted on the note's
 * day (creditNotesSql).
 */
export function reversedPaymentsSql(scope: StatsScope): SQL {
  // What the receipt's pieces (or sections) charged before the discount, less what it charged.
  const listedGross = sql`case when n.register_sale_id is null
    then (select sum(u.unit_price_cents) from order_products u where ${creditedPiece("=")})
    else (select sum((x->>'sectionAmount')::int) from orders o cross join jsonb_array_elements(o.sections) x
      where o.id = n.register_sale_id and ${receiptTypeOf(sql`x->>'sectionType'`)} = n.receipt_type) end`;
  const byMethod = (method: string) =>
    sql`-coalesce((select sum((m->>'amount')::int) from jsonb_array_elements(n.note_methods) m where m->>'method' = ${method}), 0)::int`;
  return sql`
    select n.payment_id as id, n.session_id, n.order_id, ${byMethod("CASH")} as cash_cents, ${byMethod("CARD")} as card_cents,
      ${byMethod("CREDIT")} as on_credit_cents, -(coalesce(${listedGross}, n.note_total) - n.note_total)::int as discount_cents,
      -n.note_total as amount_cents, n.provider, n.card_terminal_id, n.completed_at, n.type, n.channel,
      n.table_id, n.table_name, n.source
    from (${creditNotesSql(scope)}) n`;
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
 * Each payment of `payments` (a CTE or subquery of scopedPaymentsSql's or reversedPaymentsSql's rows) with its
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
 * Each payment's share of some areas, given `shares` (areaSharesSql's rows: payment_id, area_id,
 * net, discount, what its PAID pieces of those areas brought in and were given off): the share split
 * over the payment's methods in proportion (cash and on-credit rounded to the cent, card the rest,
 * so the shares add up exactly). A payment with no piece there (a register sale) has no share.
 * `payments` holds the payments (scopedPaymentsSql's columns; their `id` is what a share's
 * payment_id names). Columns as wholeSplitSql's, plus area_id.
 */
export function areaSplitSql(shares: SQL, payments: SQL = sql`scoped`): SQL {
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
        from ${payments} s
        join (${shares}) a on a.payment_id = s.id
      ) c
    ) x`;
}

/**
 * Which areas a share is of: each area on its own (the roll-up's rows, one per area), or the
 * listed areas together (a read's area filter).
 */
export type AreaGrouping = "each" | readonly number[];

/**
 * The shares areaSplitSql splits: per `key` (the payment, unless told) and area grouping, what the
 * PAID pieces `u` of `pieces` in those areas brought in (net) and were given off (discount).
 */
export function areaSharesSql(pieces: SQL, areas: AreaGrouping, key: SQL = sql`u.payment_id`): SQL {
  const each = areas === "each";
  return sql`
    select ${key} as payment_id, ${each ? sql`u.preparation_area_id` : sql`null::int`} as area_id,
      sum(u.unit_price_cents - u.discount_cents)::int as net, sum(u.discount_cents)::int as discount
    from ${pieces}
    where u.payment_status = 'PAID'
      and ${each ? sql`u.preparation_area_id is not null` : inList(sql`u.preparation_area_id`, areas)}
    group by ${key}${each ? sql`, u.preparation_area_id` : sql``}`;
}

/**
 * The scope's credit notes split over areas, as areaSplitSql's rows, negative: a note takes back
 * its pieces' share of its payment, split over the payment's methods as the payment's own area rows
 * are (not over the note's, which list the goods' receipt's methods first), so a payment whose
 * receipts are all cancelled is back to nothing in every area, by method, to the cent. Split note
 * by note, the goods' and the services' shares would be rounded apart from the payment's, so a
 * note takes back the split of the pieces cancelled up to it (by it and the payment's notes before
 * it) less the split of those cancelled before it. A register sale has no pieces, so no share.
 */
export function reversedAreaSplitSql(scope: StatsScope, areas: AreaGrouping): SQL {
  const notes = sql`(${creditNotesSql(scope)})`;
  const split = (compare: "<=" | "<") => areaSplitSql(areaSharesSql(creditedPiecesSql(scope, compare), areas, sql`n.id`), notes);
  return sql`
    select s.id, s.session_id, s.order_id, s.source, s.completed_at, s.area_id, -s.cash as cash, -s.pos as pos,
      -s.online as online, -s.on_credit as on_credit, -s.discount as discount
    from (${split("<=")}) s
    union all
    select b.id, b.session_id, b.order_id, b.source, b.completed_at, b.area_id, b.cash, b.pos, b.online, b.on_credit,
      b.discount
    from (${split("<")}) b`;
}

/**
 * A consumption line's figures over pieces `u` paid or given away (payment_status PAID or GIFT):
 * how many, what they brought in, and gifts at their menu price.
 */
export const consumptionColumns = sql`count(*) as count,
  sum(case when u.payment_status = 'GIFT' then 0 else u.unit_price_cents - u.discount_cents end) as amount,
  sum(case when u.payment_status = 'GIFT' then u.unit_price_cents else 0 end) as gifts`;

/**
 * The pieces the scope's credit notes take back (`u`), each with its note as `n` (creditNotesSql's
 * row: `completed_at` the note's issue, `source` its payment's): the PAID pieces of the payment of
 * the receipt's kind. They leave the consumption on the note's day.
 */
export function reversedPiecesSql(scope: StatsScope): SQL {
  return creditedPiecesSql(scope, "=");
}

/**
 * The pieces `u` of the scope's credit notes `n` (creditNotesSql) that creditedPiece(compare)
 * holds; with a table filter the pieces' own table too, as scopedPiecesSql's.
 */
function creditedPiecesSql(scope: StatsScope, compare: "=" | "<=" | "<"): SQL {
  return sql`order_products u join (${creditNotesSql(scope)}) n on ${creditedPiece(compare)}
    and ${inList(sql`u.table_id`, scope.tableIds)}`;
}

/** consumptionColumns' figures over pieces `u` a credit note took back (reversedPiecesSql), taken back. */
export const reversedConsumptionColumns = sql`-count(*) as count, -sum(u.unit_price_cents - u.discount_cents) as amount,
  0 as gifts`;

/** Consumption lines (count, amount, gifts summed over a group) worth listing: those that net to something. */
export const consumptionLineCounts = sql`sum(c.count) <> 0 or sum(c.amount) <> 0 or sum(c.gifts) <> 0`;

/**
 * The venue's pieces cancelled in the scope's period (at the cancelling), with `t` their table:
 * a cancelled piece counts at its menu price.
 */
export function cancelledPiecesWhere(scope: StatsScope): SQL {
  return sql`u.retailer_id = ${scope.retailerId} and u.payment_status = 'CANCELLED'
    and ${inPeriod(sql`u.status_changed_at`, scope)} and ${inList(sql`u.table_id`, scope.tableIds)}
    and ${inList(unitSource, scope.sources)} and ${inList(sql`u.preparation_area_id`, scope.areaIds)}`;
}

/**
 * The tips left with the venue's COMPLETED payments of the scope (issue 32), one row per payment
 * with a tip: who collected it (null: a guest's online payment), how it was left (CASH, POS for a
 * card at a terminal or keyed by staff, ONLINE), and the tip. Tips are apart from the income, so no
 * other figure reads tip_cents; a credit note does not take a tip back (decision 044). Read from
 * the payments for the whole period (tips are few, and the daily roll-up holds none).
 */
export function scopedTipsSql(scope: StatsScope): SQL {
  return sql`
    select p.collected_by_user_id as user_id, p.tip_cents as tip,
      case when p.tip_method = 'CASH' then 'CASH'
        when p.provider is null or p.card_terminal_id is not null then 'POS' else 'ONLINE' end as method
    from payments p
    left join dining_tables t on t.id = p.table_id
    where p.retailer_id = ${scope.retailerId} and p.status = 'COMPLETED' and p.tip_cents > 0
      and ${inPeriod(sql`p.completed_at`, scope)}
      and ${inList(sql`p.table_id`, scope.tableIds)} and ${inList(paymentSource, scope.sources)}`;
}
