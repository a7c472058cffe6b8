import { isProductOrderable } from "@tableorder/domain/availability";
import type { OrderProductSent } from "@tableorder/domain/contracts/orders";
import type { SenderType, ServiceMode } from "@tableorder/domain/enums";
import { itemUnitPriceCents } from "@tableorder/domain/pricing";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  diningTables,
  kitchenTickets,
  type OrderedOptions,
  orderProducts,
  orders,
  preparationAreas,
  productOptions,
  products,
  retailers,
  tableSessions,
  waiterRequests,
} from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { EventBus } from "../../realtime/types.ts";

type ProductRow = typeof products.$inferSelect;
type OptionRow = typeof productOptions.$inferSelect;

export interface SentOrder {
  orderId: number;
  ticketIds: number[];
}

const SENDER_BY_ROLE: Record<Principal["role"], SenderType> = {
  USER: "CLIENT",
  WAITER: "WAITER",
  CASH_DESK: "CASH_DESK",
  ADMIN: "CASH_DESK",
  COOK: "WAITER",
};

/** What the kitchen and the bill see of one line: its options by name, frozen now. */
function resolveOptions(product: ProductRow, options: OptionRow[], line: OrderProductSent): OrderedOptions {
  const own = (kind: string) => options.filter((o) => o.productId === product.id && o.kind === kind);
  const ways = own("PREPARATION_WAY");
  const basics = own("BASIC_INGREDIENT");
  const extras = own("EXTRA_INGREDIENT");
  const pick = (pool: OptionRow[], ids: readonly number[]) =>
    [...new Set(ids)].map((id) => {
      const option = pool.find((o) => o.id === id);
      if (!option) throw new AppError("unknown_product_option", 400, { productId: product.id, optionId: id });
      return option;
    });
  // A product with preparation ways always has one chosen; the first is the default (spec 1 §4).
  const wayId = line.preparationWay ?? ways[0]?.id ?? null;
  const [way] = wayId == null ? [] : pick(ways, [wayId]);
  const kept = pick(basics, line.basicIngredientIds);
  const chosenExtras = pick(extras, line.extraIngredientIds);
  const brief = (o: OptionRow) => ({ id: o.id, name: o.name, nameEng: o.nameEng });
  return {
    preparationWay: way ? { ...brief(way), priceCents: way.priceCents } : null,
    basicIngredients: kept.map(brief),
    removedIngredients: basics.filter((b) => !kept.includes(b)).map(brief),
    extraIngredients: chosenExtras.map((o) => ({ ...brief(o), priceCents: o.priceCents })),
  };
}

/**
 * The table's open session, opened by this order when there is none (spec 1 §4), in one round
 * trip. The table row is share-locked, so a delete of the table waits for this order or, if it
 * came first, leaves the order nothing to open (table_not_found). Two first orders racing for a
 * table meet at the unique index of open sessions; the one that lost reads the winner's session.
 */
async function openSession(tx: Tx, retailerId: number, tableId: number): Promise<number> {
  // Both drivers answer raw SQL with { rows }.
  const found = (await tx.execute(sql`
    with live_table as (
      select id from dining_tables where id = ${tableId} and deleted_at is null for share
    ), open_session as (
      select s.id from table_sessions s join live_table t on t.id = s.table_id where s.status = 'OPEN'
    ), created as (
      insert into table_sessions (retailer_id, table_id)
      select ${retailerId}, id from live_table where not exists (select 1 from open_session)
      on conflict do nothing
      returning id
    )
    select id from open_session union all select id from created`)) as unknown as { rows: { id: number }[] };
  const [row] = found.rows;
  if (row) return Number(row.id);
  const [winner] = await tx
    .select({ id: tableSessions.id })
    .from(tableSessions)
    .innerJoin(diningTables, eq(diningTables.id, tableSessions.tableId))
    .where(and(eq(tableSessions.tableId, tableId), eq(tableSessions.status, "OPEN"), isNull(diningTables.deletedAt)));
  if (!winner) throw new AppError("table_not_found", 404);
  return winner.id;
}

/** Thrown inside the transaction to roll it back when the idempotency key was already used. */
class RepeatedOrder extends Error {}

/**
 * Sends an order for a table: checks every product is orderable and every option belongs to it,
 * prices each line from the catalogue (never from the client), writes one unit per piece and one
 * kitchen ticket per preparation area, all in one transaction. A repeated idempotency key (a
 * double tap, a retry after a lost answer) returns the first order instead of ordering twice:
 * the unique index on the key decides, even for two requests at the same moment. Ticket numbers
 * come from the venue's counter, whose row lock is taken last so it is held only for the inserts.
 */
export async function sendOrder(options: {
  db: Db;
  events: EventBus;
  principal: Principal;
  tableId: number;
  lines: OrderProductSent[];
  idempotencyKey: string | null;
  serviceMode?: ServiceMode;
}): Promise<SentOrder> {
  const { db, principal, tableId, lines } = options;
  const table = await authorizeTable(db, principal, tableId);
  const retailerId = table.retailerId;
  const serviceMode = options.serviceMode ?? "DINE_IN";

  const productIds = [...new Set(lines.map((l) => l.id))];
  const rows = await db
    .select({ product: products, areaActive: preparationAreas.active })
    .from(products)
    .leftJoin(preparationAreas, eq(preparationAreas.id, products.preparationAreaId))
    .where(and(inArray(products.id, productIds), eq(products.retailerId, retailerId), isNull(products.deletedAt)));
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  for (const id of productIds) {
    const row = byId.get(id);
    if (!row || !isProductOrderable(row.product, row.areaActive)) throw new AppError("inactive_product", 400, { productId: id });
  }
  const optionRows = await db.select().from(productOptions).where(inArray(productOptions.productId, productIds));
  const priced = lines.map((line) => {
    const product = (byId.get(line.id) as { product: ProductRow }).product;
    const chosen = resolveOptions(product, optionRows, line);
    const unitPriceCents = itemUnitPriceCents(
      {
        priceCents: product.priceCents,
        preparationWays: chosen.preparationWay
          ? [{ id: chosen.preparationWay.id, priceCents: chosen.preparationWay.priceCents }]
          : [],
        extraIngredients: chosen.extraIngredients.map((e) => ({ id: e.id, priceCents: e.priceCents })),
      },
      { preparationWayId: chosen.preparationWay?.id ?? null, extraIngredientIds: chosen.extraIngredients.map((e) => e.id) },
    );
    return { line, product, chosen, unitPriceCents };
  });
  const areaIds = [...new Set(priced.map((p) => p.product.preparationAreaId).filter((a): a is number => a != null))];

  let result: { orderId: number; tickets: { id: number; areaId: number }[] };
  try {
    result = await db.transaction(async (tx) => {
      const sessionId = await openSession(tx, retailerId, tableId);
      const [order] = await tx
        .insert(orders)
        .values({
          retailerId,
          sessionId,
          tableId,
          senderType: SENDER_BY_ROLE[principal.role],
          sentByUserId: principal.userId,
          serviceMode,
          idempotencyKey: options.idempotencyKey,
        })
        .onConflictDoNothing()
        .returning({ id: orders.id });
      if (!order) throw new RepeatedOrder();

      let tickets: { id: number; areaId: number }[] = [];
      if (areaIds.length) {
        const [{ ticketSeq }] = await tx
          .update(retailers)
          .set({ ticketSeq: sql`${retailers.ticketSeq} + ${areaIds.length}` })
          .where(eq(retailers.id, retailerId))
          .returning({ ticketSeq: retailers.ticketSeq });
        tickets = await tx
          .insert(kitchenTickets)
          .values(
            areaIds.map((areaId, index) => ({
              retailerId,
              orderId: order.id,
              preparationAreaId: areaId,
              tableId,
              ticketNumber: ticketSeq - areaIds.length + index + 1,
              serviceMode,
            })),
          )
          .returning({ id: kitchenTickets.id, areaId: kitchenTickets.preparationAreaId });
      }
      const ticketOfArea = (areaId: number | null) => tickets.find((t) => t.areaId === areaId)?.id ?? null;
      const units = await tx
        .insert(orderProducts)
        .values(
          priced.flatMap(({ line, product, chosen, unitPriceCents }) =>
            Array.from({ length: line.quantity }, () => ({
              retailerId,
              orderId: order.id,
              sessionId,
              tableId,
              productId: product.id,
              ticketId: ticketOfArea(product.preparationAreaId),
              preparationAreaId: product.preparationAreaId,
              productName: product.name,
              productNameEng: product.nameEng,
              unitPriceCents,
              options: chosen,
              notes: line.notes,
              isGifted: line.isGifted,
            })),
          ),
        )
        .returning({ id: orderProducts.id, preparationAreaId: orderProducts.preparationAreaId });
      // What no preparation area makes, the waiter serves (Σέρβις): one SERVICE task for the table.
      const served = units.filter((u) => u.preparationAreaId == null);
      if (served.length) {
        await tx.insert(waiterRequests).values({
          retailerId,
          tableId,
          sessionId,
          type: "SERVICE",
          items: served.map((u) => ({ orderProductId: u.id, quantity: 1 })),
          createdByUserId: principal.userId,
        });
      }
      return { orderId: order.id, tickets };
    });
  } catch (error) {
    if (!(error instanceof RepeatedOrder)) throw error;
    return previousOrder(db, principal.userId, options.idempotencyKey as string);
  }

  await options.events.publish({
    type: "order.sent",
    retailerId,
    tableId,
    orderId: result.orderId,
    ticketIds: result.tickets.map((t) => t.id),
    tickets: result.tickets,
  });
  await options.events.publish({ type: "table.changed", retailerId, tableId });
  return { orderId: result.orderId, ticketIds: result.tickets.map((t) => t.id) };
}

/** The order first sent with this idempotency key, answered again without ordering anything. */
async function previousOrder(db: Db, userId: number, idempotencyKey: string): Promise<SentOrder> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.sentByUserId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  const tickets = await db.select({ id: kitchenTickets.id }).from(kitchenTickets).where(eq(kitchenTickets.orderId, order.id));
  return { orderId: order.id, ticketIds: tickets.map((t) => t.id) };
}
