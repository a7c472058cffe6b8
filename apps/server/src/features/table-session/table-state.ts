import type { RetailerInfo, TableFeedItem, TableState } from "@tableorder/domain/contracts/table";
import { type Language, mainCuisineName, PAYMENT_REQUEST_TYPES, type WaiterRequestType } from "@tableorder/domain/enums";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { diningTables, type OrderedOptions, orderProducts, retailers, tableSessions, waiterRequests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

type OrderProductRow = typeof orderProducts.$inferSelect;

const named = (lang: Language, name: string, nameEng: string | null) => (lang === "en" && nameEng ? nameEng : name);

/** Pieces that look the same to a guest are one feed line; it still acts on each unit by id. */
function feedLineKey(unit: OrderProductRow): string {
  return [
    unit.productId,
    unit.unitPriceCents,
    JSON.stringify(unit.options),
    unit.notes,
    unit.status,
    unit.paymentStatus,
    unit.discountCents > 0,
    unit.billed,
  ].join("|");
}

/** Groups order units into the spec's table feed items, oldest first. */
export function groupFeedItems(units: readonly OrderProductRow[], lang: Language): TableFeedItem[] {
  const lines = new Map<string, TableFeedItem>();
  for (const unit of units) {
    const key = feedLineKey(unit);
    const line = lines.get(key);
    const timestamp = unit.createdAt.toISOString();
    if (line) {
      line.quantity += 1;
      line.orderProductIds.push(unit.id);
      if (timestamp > line.timestamp) line.timestamp = timestamp;
      continue;
    }
    const options: OrderedOptions = unit.options;
    const way = options.preparationWay;
    lines.set(key, {
      id: `${unit.id}`,
      productId: unit.productId,
      name: named(lang, unit.productName, unit.productNameEng),
      orderProductIds: [unit.id],
      quantity: 1,
      price: unit.unitPriceCents,
      status: unit.status as TableFeedItem["status"],
      paymentStatus: unit.paymentStatus as TableFeedItem["paymentStatus"],
      hasDiscount: unit.discountCents > 0,
      billed: unit.billed,
      notes: unit.notes,
      preparationWay: way ? { id: way.id, name: named(lang, way.name, way.nameEng), price: way.priceCents } : null,
      preparationWayPrice: way?.priceCents ?? 0,
      basicIngredientIds: options.basicIngredients.map((i) => ({ id: i.id, name: named(lang, i.name, i.nameEng), price: 0 })),
      extraIngredientIds: options.extraIngredients.map((i) => ({
        id: i.id,
        name: named(lang, i.name, i.nameEng),
        price: i.priceCents,
      })),
      removedIngredients: options.removedIngredients.map((i) => ({ id: i.id, name: named(lang, i.name, i.nameEng), price: 0 })),
      timestamp,
    });
  }
  return [...lines.values()];
}

/**
 * Everything a guest's table screen shows, for one language: the venue, the open session's
 * items (cancelled ones stay visible with their badge), what is unpaid, and active requests.
 */
export async function loadTableState(db: Queryable, tableId: number, lang: Language): Promise<TableState> {
  const [row] = await db
    .select({ table: diningTables, retailer: retailers })
    .from(diningTables)
    .innerJoin(retailers, eq(retailers.id, diningTables.retailerId))
    .where(eq(diningTables.id, tableId))
    .limit(1);
  if (!row) throw new AppError("table_not_found", 404);
  const { table, retailer } = row;
  const retailerInfo: RetailerInfo = {
    name: named(lang, retailer.name, retailer.nameEng),
    thumbnailUrl: retailer.thumbnailUrl,
    type: retailer.type,
    mainCuisine: mainCuisineName(retailer.mainCuisine, lang),
    secondaryCuisine: retailer.secondaryCuisine,
    tableName: table.label,
  };
  const [session] = await db
    .select()
    .from(tableSessions)
    .where(and(eq(tableSessions.tableId, tableId), eq(tableSessions.status, "OPEN")))
    .limit(1);
  const units = session
    ? await db.select().from(orderProducts).where(eq(orderProducts.sessionId, session.id)).orderBy(asc(orderProducts.id))
    : [];
  const requests = await db
    .select({ id: waiterRequests.id, type: waiterRequests.type })
    .from(waiterRequests)
    .where(
      and(
        eq(waiterRequests.tableId, tableId),
        eq(waiterRequests.status, "ACTIVE"),
        inArray(waiterRequests.type, ["WAITER_CALL", ...PAYMENT_REQUEST_TYPES]),
      ),
    );
  const unpaid = units.filter((u) => u.paymentStatus === "UNPAID");
  return {
    tableId,
    tableCode: table.code,
    sessionId: session?.id ?? null,
    retailerInfo,
    tableFeed: groupFeedItems(units, lang),
    unpaidTableFeed: groupFeedItems(unpaid, lang),
    totalUnpaidCount: unpaid.length,
    totalUnpaidPrice: unpaid.reduce((sum, u) => sum + u.unitPriceCents - u.discountCents, 0),
    callWaiterRequestId: requests.find((r) => r.type === "WAITER_CALL")?.id ?? null,
    activePaymentRequestId: requests.find((r) => PAYMENT_REQUEST_TYPES.includes(r.type as WaiterRequestType))?.id ?? null,
  };
}
