import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

/** What `seedHistory` writes by default: a busy venue's year (about 200,000 orders, 600,000 pieces). */
export const HISTORY_DEFAULTS = { days: 365, ordersPerDay: 550 } as const;

export interface HistorySummary {
  orders: number;
  units: number;
  payments: number;
  startDate: string;
  endDate: string;
}

/**
 * Writes a venue's past (issue 14, performance): `days` Athens calendar days before today, with
 * about `ordersPerDay` closed table services a day at realistic hours (a lunch peak 12-15, a dinner
 * peak 19-22:30, a thin day around them; every bill settled the same day), each a session, an order of 1-5 pieces from the venue's
 * menu and one completed payment (cash half the time, card at the terminal a third, online card,
 * on credit, the odd gift, a tenth with 10 % off), plus cancelled pieces and cash-register sales.
 * Set-based SQL in one transaction, not the API, so a year takes seconds to minutes, not hours.
 */
export async function seedHistory(
  db: Db,
  options: { retailerId: number; days?: number; ordersPerDay?: number; seed?: number },
): Promise<HistorySummary> {
  const days = options.days ?? HISTORY_DEFAULTS.days;
  const total = days * (options.ordersPerDay ?? HISTORY_DEFAULTS.ordersPerDay);
  const venue = options.retailerId;
  const summary = await db.transaction(async (tx) => {
    const run = (query: ReturnType<typeof sql>) => tx.execute(query);
    await run(sql`select setseed(${(options.seed ?? 14) / 1000})`);
    await run(sql`create temp table h_tables on commit drop as
      select row_number() over (order by id) as n, id from dining_tables
      where retailer_id = ${venue} and kind = 'TABLE' and deleted_at is null`);
    await run(sql`create temp table h_products on commit drop as
      select row_number() over (order by id) as n, id, name, name_eng, price_cents, preparation_area_id from products
      where retailer_id = ${venue} and deleted_at is null and price_cents > 0`);
    const [counts] = (
      (await run(sql`select (select count(*) from h_tables)::int as tables, (select count(*) from h_products)::int as products,
        (select id from users where retailer_id = ${venue} and role in ('WAITER', 'ADMIN') and deleted_at is null order by role desc, id limit 1) as user_id,
        (select id from card_terminals where retailer_id = ${venue} and deleted_at is null order by id limit 1) as terminal_id,
        ((now() at time zone 'Europe/Athens')::date - ${days}::int)::text as start_date,
        ((now() at time zone 'Europe/Athens')::date - 1)::text as end_date`)) as unknown as {
        rows: {
          tables: number;
          products: number;
          user_id: number | null;
          terminal_id: number | null;
          start_date: string;
          end_date: string;
        }[];
      }
    ).rows;
    if (!counts.tables || !counts.products || counts.user_id == null) {
      throw new Error("the venue needs tables, priced products and a waiter or admin before it can have a history");
    }
    let terminalId = counts.terminal_id;
    if (terminalId == null) {
      const created = (await run(sql`insert into card_terminals (retailer_id, friendly_name, tid, type)
        values (${venue}, 'POS history', '00000000', 'Viva') returning id`)) as unknown as { rows: { id: number }[] };
      terminalId = created.rows[0].id;
    }

    // One row per order: its day, its minute (lunch, dinner or in between), its table, how it is paid.
    await run(sql`create temp table h_orders on commit drop as
      select g as n,
        nextval(pg_get_serial_sequence('table_sessions', 'id')) as session_id,
        nextval(pg_get_serial_sequence('orders', 'id')) as order_id,
        nextval(pg_get_serial_sequence('payments', 'id')) as payment_id,
        ((${counts.start_date}::date + (floor(random() * ${days}))::int)::timestamp
          + make_interval(mins => (case when r.p < 0.38 then 720 + floor(random() * 180)
                                        when r.p < 0.88 then 1140 + floor(random() * 210)
                                        else 540 + floor(random() * 810) end)::int)
        ) at time zone 'Europe/Athens' as created_at,
        1 + floor(random() * ${counts.tables})::int as table_n,
        1 + floor(random() * 5)::int as pieces,
        case when r.m < 0.05 then 'REGISTER' else 'TABLE' end as kind,
        case when r.q < 0.50 then 'CASH' when r.q < 0.83 then 'POS' when r.q < 0.91 then 'ONLINE'
             when r.q < 0.98 then 'CREDIT' else 'GIFT' end as method,
        random() < 0.10 as discounted
      from generate_series(1, ${total}) g
      cross join lateral (select random() + g * 0 as p, random() + g * 0 as q, random() + g * 0 as m) r`);

    await run(sql`insert into table_sessions (id, retailer_id, table_id, status, opened_at, closed_at)
      select o.session_id, ${venue}, t.id, 'CLOSED', o.created_at, o.created_at + interval '45 minutes'
      from h_orders o join h_tables t on t.n = o.table_n where o.kind = 'TABLE'`);
    await run(sql`insert into orders (id, retailer_id, kind, session_id, table_id, sections, sender_type, sent_by_user_id, service_mode, created_at)
      select o.order_id, ${venue}, o.kind, case when o.kind = 'TABLE' then o.session_id end,
        case when o.kind = 'TABLE' then t.id end,
        case when o.kind = 'REGISTER' then jsonb_build_array(jsonb_build_object('sectionVat', 24, 'sectionAmount', 0, 'sectionType', 'GOOD')) end,
        case when o.kind = 'TABLE' then 'WAITER' else 'CASH_DESK' end, ${counts.user_id},
        case when o.kind = 'REGISTER' and o.n % 2 = 0 then 'TAKE_AWAY' when o.kind = 'REGISTER' then 'DELIVERY' else 'DINE_IN' end,
        o.created_at
      from h_orders o join h_tables t on t.n = o.table_n`);

    // The pieces: a product each, 3 % cancelled, the rest paid (or given) with 10 % off when discounted.
    await run(sql`create temp table h_units on commit drop as
      select o.order_id, o.session_id, o.payment_id, t.id as table_id, p.id as product_id, p.name, p.name_eng,
        p.price_cents, p.preparation_area_id, o.created_at, o.method,
        case when random() < 0.03 then 'CANCELLED' when o.method = 'GIFT' then 'GIFT' else 'PAID' end as payment_status,
        case when o.discounted and o.method <> 'GIFT' then greatest(0, least(p.price_cents - 20, p.price_cents / 10)) else 0 end as discount
      from h_orders o
      join h_tables t on t.n = o.table_n
      cross join lateral generate_series(1, o.pieces) k
      cross join lateral (select 1 + floor(random() * ${counts.products})::int + k * 0 as n) pick
      join h_products p on p.n = pick.n
      where o.kind = 'TABLE'`);
    await run(sql`insert into order_products (retailer_id, order_id, session_id, table_id, product_id, preparation_area_id,
        product_name, product_name_eng, unit_price_cents, options, status, payment_status, discount_cents, payment_id, billed,
        status_changed_at, created_at)
      select ${venue}, u.order_id, u.session_id, u.table_id, u.product_id, u.preparation_area_id, u.name, u.name_eng,
        u.price_cents, '{"preparationWay":null,"basicIngredients":[],"removedIngredients":[],"extraIngredients":[]}'::jsonb,
        case when u.payment_status = 'CANCELLED' then 'SENT' else 'COMPLETE' end, u.payment_status,
        case when u.payment_status = 'PAID' then u.discount else 0 end,
        case when u.payment_status = 'CANCELLED' then null else u.payment_id end, true,
        u.created_at + case when u.payment_status = 'CANCELLED' then interval '4 minutes' else interval '25 minutes' end,
        u.created_at
      from h_units u`);

    // A payment per order, its amounts from its pieces (register sales: an amount of their own).
    await run(sql`create temp table h_amounts on commit drop as
      select order_id, sum(price_cents - discount) filter (where payment_status = 'PAID')::int as amount,
        sum(discount) filter (where payment_status = 'PAID')::int as discount,
        count(*) filter (where payment_status <> 'CANCELLED') as settled
      from h_units group by order_id`);
    await run(sql`insert into payments (id, retailer_id, table_id, session_id, order_id, type, channel, status, amount_cents,
        cash_cents, card_cents, on_credit_cents, discount_cents, provider, card_terminal_id, items, collected_by_user_id,
        completed_at, created_at)
      select o.payment_id, ${venue}, case when o.kind = 'TABLE' then t.id end, case when o.kind = 'TABLE' then o.session_id end,
        case when o.kind = 'REGISTER' then o.order_id end,
        case when o.method = 'GIFT' and o.kind = 'TABLE' then 'GIFT' else 'FULL' end,
        case o.method when 'CASH' then 'CASH' when 'CREDIT' then 'CREDIT' when 'GIFT' then 'NO_PAYMENT' else 'CARD' end,
        'COMPLETED', x.amount,
        case when o.method = 'CASH' then x.amount else 0 end,
        case when o.method in ('POS', 'ONLINE') then x.amount else 0 end,
        case when o.method = 'CREDIT' then x.amount else 0 end,
        x.discount,
        case o.method when 'ONLINE' then 'sandbox' when 'POS' then 'sandbox-terminal' end,
        case when o.method = 'POS' then ${terminalId}::int end,
        '[]'::jsonb, ${counts.user_id},
        o.created_at + interval '45 minutes', o.created_at + interval '45 minutes'
      from h_orders o
      left join h_amounts a on a.order_id = o.order_id
      cross join lateral (
        select case when o.kind = 'REGISTER' then 500 + (o.n % 40) * 50 when o.method = 'GIFT' then 0
                    else coalesce(a.amount, 0) end::int as amount,
               case when o.kind = 'REGISTER' or o.method = 'GIFT' then 0 else coalesce(a.discount, 0) end::int as discount
      ) x
      join h_tables t on t.n = o.table_n
      where o.kind = 'REGISTER' or a.settled > 0`);
    await run(sql`update orders o set sections = jsonb_build_array(jsonb_build_object('sectionVat', 24, 'sectionAmount', p.amount_cents, 'sectionType', 'GOOD'))
      from h_orders h join payments p on p.id = h.payment_id
      where h.kind = 'REGISTER' and o.id = h.order_id`);
    const [summary] = (
      (await run(sql`select (select count(*) from h_orders)::int as orders, (select count(*) from h_units)::int as units,
        (select count(*) from h_orders o where o.kind = 'REGISTER' or exists (select 1 from h_amounts a where a.order_id = o.order_id and a.settled > 0))::int as payments`)) as unknown as {
        rows: { orders: number; units: number; payments: number }[];
      }
    ).rows;
    return { ...summary, startDate: counts.start_date, endDate: counts.end_date };
  });
  // Fresh statistics for the planner: after a bulk load it would otherwise guess (nested loops over
  // hundreds of thousands of rows), and the embedded database never analyses by itself.
  await db.execute(sql`analyze table_sessions, orders, order_products, payments`);
  return summary;
}
