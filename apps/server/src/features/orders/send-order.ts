import { isProductOrderable } from "@tableorder/domain/availability";
import type { OrderProductSent } from "@tableorder/domain/contracts/orders";
import type { SenderType, ServiceMode } from "@tableorder/domain/enums";
import { itemUnitPriceCents } from "@tableorder/domain/pricing";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  kitchenTickets,
  type OrderedOptions,
  orderProducts,
  orders,
  preparationAreas,
  productOptions,
  products,
  retailers,
  tableSessions,
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

/** The table's open session, opened by this order when there is none (spec 1 §4). */
async function openSession(tx: Tx, retailerId: number, tableId: number): Promise<number> {
  const [open] = await tx
    .select({ id: tableSessions.id })
    .from(tableSessions)
    .where(and(eq(tableSessions.tableId, tableId), eq(tableSessions.status, "OPEN")))
    .limit(1);
  if (open) return open.id;
  const [created] = await tx.insert(tableSessions).values({ retailerId, tableId }).returning({ id: tableSessions.id });
  return created.id;
}

/**
 * Sends an order for a table: checks every product is orderable and every option belongs to it,
 * prices each line from the catalogue (never from the client), writes one unit per piece and one
 * kitchen ticket per preparation area, all in one transaction. The venue row is locked first so
 * orders of a venue are numbered in sequence and a repeated idempotency key returns the first
 * order instead of ordering twice.
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

  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${retailers} where ${retailers.id} = ${retailerId} for update`);
    if (options.idempotencyKey) {
      const [previous] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.sentByUserId, principal.userId), eq(orders.idempotencyKey, options.idempotencyKey)));
      if (previous) {
        const tickets = await tx
          .select({ id: kitchenTickets.id })
          .from(kitchenTickets)
          .where(eq(kitchenTickets.orderId, previous.id));
        return { orderId: previous.id, ticketIds: tickets.map((t) => t.id), repeated: true, areaIds: [] as number[] };
      }
    }

    const productIds = [...new Set(lines.map((l) => l.id))];
    const rows = await tx
      .select({ product: products, areaActive: preparationAreas.active })
      .from(products)
      .leftJoin(preparationAreas, eq(preparationAreas.id, products.preparationAreaId))
      .where(and(inArray(products.id, productIds), eq(products.retailerId, retailerId), isNull(products.deletedAt)));
    const byId = new Map(rows.map((r) => [r.product.id, r]));
    for (const id of productIds) {
      const row = byId.get(id);
      if (!row || !isProductOrderable(row.product, row.areaActive))
        throw new AppError("inactive_product", 400, { productId: id });
    }
    const optionRows = await tx.select().from(productOptions).where(inArray(productOptions.productId, productIds));

    const sessionId = await openSession(tx, retailerId, tableId);
    const [order] = await tx
      .insert(orders)
      .values({
        retailerId,
        sessionId,
        tableId,
        senderType: SENDER_BY_ROLE[principal.role],
        sentByUserId: principal.userId,
        serviceMode: options.serviceMode ?? "DINE_IN",
        idempotencyKey: options.idempotencyKey,
      })
      .returning({ id: orders.id });

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
    const ticketByArea = new Map<number, number>();
    if (areaIds.length) {
      const [{ ticketSeq }] = await tx
        .update(retailers)
        .set({ ticketSeq: sql`${retailers.ticketSeq} + ${areaIds.length}` })
        .where(eq(retailers.id, retailerId))
        .returning({ ticketSeq: retailers.ticketSeq });
      const created = await tx
        .insert(kitchenTickets)
        .values(
          areaIds.map((areaId, index) => ({
            retailerId,
            orderId: order.id,
            preparationAreaId: areaId,
            tableId,
            ticketNumber: ticketSeq - areaIds.length + index + 1,
            serviceMode: options.serviceMode ?? "DINE_IN",
          })),
        )
        .returning({ id: kitchenTickets.id, areaId: kitchenTickets.preparationAreaId });
      for (const ticket of created) ticketByArea.set(ticket.areaId, ticket.id);
    }

    const units = priced.flatMap(({ line, product, chosen, unitPriceCents }) =>
      Array.from({ length: line.quantity }, () => ({
        retailerId,
        orderId: order.id,
        sessionId,
        tableId,
        productId: product.id,
        ticketId: product.preparationAreaId == null ? null : (ticketByArea.get(product.preparationAreaId) ?? null),
        preparationAreaId: product.preparationAreaId,
        productName: product.name,
        productNameEng: product.nameEng,
        unitPriceCents,
        options: chosen,
        notes: line.notes,
        isGifted: line.isGifted,
      })),
    );
    await tx.insert(orderProducts).values(units);
    return { orderId: order.id, ticketIds: [...ticketByArea.values()], repeated: false, areaIds };
  });

  if (!result.repeated) {
    await options.events.publish({
      type: "order.sent",
      retailerId,
      tableId,
      orderId: result.orderId,
      ticketIds: result.ticketIds,
      preparationAreaIds: result.areaIds,
    });
    await options.events.publish({ type: "table.changed", retailerId, tableId });
  }
  return { orderId: result.orderId, ticketIds: result.ticketIds };
}
