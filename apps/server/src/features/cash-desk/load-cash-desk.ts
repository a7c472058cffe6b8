import type { CashDeskCard, CashDeskPrepAreaCard, CashDeskStatus } from "@tableorder/domain/contracts/cash-desk";
import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { todaySql } from "./business-day.ts";

/**
 * The cash desk's live reads (spec 3 §2.3, §3): each is one aggregate statement over the open
 * bills and open tickets, so a venue with a hundred tables and thousands of open pieces answers
 * in milliseconds (table_sessions_one_open, order_products_session, kitchen_tickets_area_open).
 */

type RawRows<T> = { rows: T[] };

async function rows<T>(db: Queryable, query: SQL): Promise<T[]> {
  // Both drivers answer raw SQL with { rows }.
  return ((await db.execute(query)) as unknown as RawRows<T>).rows;
}

export type ServicePointKind = "TABLE" | "TAKE_AWAY";

/** A card with what the projection needs to know of it: its kind, and whether it is still listed. */
export interface ServicePointCard {
  card: CashDeskCard;
  kind: ServicePointKind;
  listed: boolean;
}

interface CardRow {
  id: number;
  name: string;
  kind: ServicePointKind;
  listed: boolean;
  is_active: boolean;
  item_count: number | string;
  total_amount: number | string;
  unpaid_amount: number | string;
  has_unbilled: boolean;
}

/**
 * Tables are listed while live; take-aways while live and of today's business day, or older but
 * with their bill still open.
 */
const listedSql = sql`(t.deleted_at is null and (t.kind = 'TABLE' or t.business_day = ${todaySql} or s.id is not null))`;

/**
 * The cards of a venue's service points (open bill only): totalAmount counts every piece not
 * cancelled at its price less its discount, a gift at 0; unpaidAmount what is still UNPAID;
 * hasUnbilled a piece not cancelled and not yet billed. Either the listed ones of a kind, in
 * their order, or the named ones whatever their state (a projection's changed cards).
 */
export async function loadServicePointCards(
  db: Queryable,
  retailerId: number,
  scope: { kind: ServicePointKind } | { ids: number[] },
): Promise<ServicePointCard[]> {
  if ("ids" in scope && !scope.ids.length) return [];
  const where =
    "kind" in scope
      ? sql`t.retailer_id = ${retailerId} and t.kind = ${scope.kind} and ${listedSql}`
      : sql`t.retailer_id = ${retailerId} and t.id in (${sql.join(
          scope.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  // Tables in the venue's order; take-aways newest first (the one just opened on top).
  const order = "kind" in scope && scope.kind === "TAKE_AWAY" ? sql`t.id desc` : sql`t.sort_order, t.id`;
  const found = await rows<CardRow>(
    db,
    sql`
      select t.id, t.label as name, t.kind, ${listedSql} as listed, s.id is not null as is_active,
        count(u.id) filter (where u.payment_status <> 'CANCELLED') as item_count,
        coalesce(sum(u.unit_price_cents - u.discount_cents)
          filter (where u.payment_status not in ('CANCELLED', 'GIFT')), 0) as total_amount,
        coalesce(sum(u.unit_price_cents - u.discount_cents) filter (where u.payment_status = 'UNPAID'), 0) as unpaid_amount,
        coalesce(bool_or(not u.billed) filter (where u.payment_status <> 'CANCELLED'), false) as has_unbilled
      from dining_tables t
      left join table_sessions s on s.table_id = t.id and s.status = 'OPEN'
      left join order_products u on u.session_id = s.id
      where ${where}
      group by t.id, s.id
      order by ${order}`,
  );
  return found.map((row) => ({
    kind: row.kind,
    listed: row.listed,
    card: {
      id: Number(row.id),
      name: row.name,
      itemCount: Number(row.item_count),
      totalAmount: Number(row.total_amount),
      unpaidAmount: Number(row.unpaid_amount),
      hasUnbilled: row.has_unbilled,
      isActive: row.is_active,
    },
  }));
}

/** GET api/cash-desk/tables and /take-away: the listed cards of one kind. */
export async function loadCashDeskCards(db: Queryable, retailerId: number, kind: ServicePointKind): Promise<CashDeskCard[]> {
  return (await loadServicePointCards(db, retailerId, { kind })).map((c) => c.card);
}

/**
 * A venue's open tickets with their live pieces (not cancelled): a ticket whose every piece was
 * cancelled is no longer anything to print or prepare. `unprinted`: its area has a printer and the
 * ticket never reached it; an area without a printer prints nothing, so it never waits on paper.
 */
const openTicketsSql = (retailerId: number) => sql`
  select k.id, k.preparation_area_id as area_id, (not k.printed and a.printer_ip is not null) as unprinted,
    count(u.id) as items, count(u.id) filter (where u.status = 'SENT') as to_prepare
  from kitchen_tickets k
  join preparation_areas a on a.id = k.preparation_area_id and a.retailer_id = ${retailerId} and a.deleted_at is null
  join order_products u on u.ticket_id = k.id and u.payment_status <> 'CANCELLED'
  where k.completed_at is null
  group by k.id, a.printer_ip`;

/** GET api/cash-desk/cash-desk-status: what the tabs' red marks and the header's dot show. */
export async function loadCashDeskStatus(db: Queryable, retailerId: number): Promise<CashDeskStatus> {
  const [row] = await rows<{ has_unbilled: boolean; has_unbilled_take_away: boolean; has_unprinted: boolean }>(
    db,
    sql`
      with unbilled as (
        select distinct t.kind
        from dining_tables t
        join table_sessions s on s.table_id = t.id and s.status = 'OPEN'
        join order_products u on u.session_id = s.id
        where t.retailer_id = ${retailerId} and t.deleted_at is null and not u.billed and u.payment_status <> 'CANCELLED'
      ), open_tickets as (${openTicketsSql(retailerId)})
      select
        exists (select 1 from unbilled where kind = 'TABLE') as has_unbilled,
        exists (select 1 from unbilled where kind = 'TAKE_AWAY') as has_unbilled_take_away,
        exists (select 1 from open_tickets where unprinted) as has_unprinted`,
  );
  return {
    hasUnbilled: row.has_unbilled,
    hasUnbilledTakeAway: row.has_unbilled_take_away,
    hasUnprinted: row.has_unprinted,
  };
}

/**
 * GET api/cash-desk/prep-areas: every live area of the venue with its open tickets (orderCount),
 * their pieces (itemCount), the pieces still to prepare, and whether one was never printed.
 */
export async function loadPrepAreaCards(db: Queryable, retailerId: number): Promise<CashDeskPrepAreaCard[]> {
  const found = await rows<{
    id: number;
    name: string;
    active: boolean;
    printer_ip: string | null;
    order_count: number | string;
    item_count: number | string;
    preparation_count: number | string;
    has_unprinted: boolean;
  }>(
    db,
    sql`
      with open_tickets as (${openTicketsSql(retailerId)})
      select a.id, a.name, a.active, a.printer_ip,
        count(o.id) as order_count,
        coalesce(sum(o.items), 0) as item_count,
        coalesce(sum(o.to_prepare), 0) as preparation_count,
        coalesce(bool_or(o.unprinted), false) as has_unprinted
      from preparation_areas a
      left join open_tickets o on o.area_id = a.id
      where a.retailer_id = ${retailerId} and a.deleted_at is null
      group by a.id
      order by a.id`,
  );
  return found.map((row) => ({
    id: Number(row.id),
    name: row.name,
    isActive: row.active,
    hasUnprinted: row.has_unprinted,
    orderCount: Number(row.order_count),
    itemCount: Number(row.item_count),
    preparationCount: Number(row.preparation_count),
    printerIp: row.printer_ip,
  }));
}
