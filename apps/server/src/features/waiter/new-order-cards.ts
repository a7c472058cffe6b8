import type { NewOrderCard } from "@tableorder/domain/contracts/waiter";
import { and, asc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { diningTables, orderProducts, tableSessions } from "../../db/schema.ts";

type UnitRow = Pick<
  typeof orderProducts.$inferSelect,
  "orderId" | "tableId" | "preparationAreaId" | "status" | "paymentStatus" | "createdAt"
>;

/**
 * The new-order information cards (docs/decisions/041-new-order-cards.md), derived from the pieces
 * rather than stored: one per order with pieces still being prepared at an area, counting those
 * pieces, as old as its oldest one, oldest first. Pieces the waiter serves straight are already a
 * service task, and a cancelled piece is not being prepared; once an order is all prepared its
 * pickup card takes over.
 */
export function deriveNewOrderCards(units: readonly UnitRow[], labels: ReadonlyMap<number, string>): NewOrderCard[] {
  const cards = new Map<number, NewOrderCard>();
  for (const unit of units) {
    if (unit.status !== "SENT" || unit.preparationAreaId == null || unit.paymentStatus === "CANCELLED") continue;
    const label = labels.get(unit.tableId);
    if (label === undefined) continue;
    const timestamp = unit.createdAt.toISOString();
    const card = cards.get(unit.orderId);
    if (card) {
      card.pieceCount += 1;
      if (timestamp < card.timestamp) card.timestamp = timestamp;
      continue;
    }
    cards.set(unit.orderId, { orderId: unit.orderId, placement: label, placementId: unit.tableId, pieceCount: 1, timestamp });
  }
  return [...cards.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.orderId - b.orderId);
}

/** The venue's new-order cards on the open sessions of some tables (null: every table). */
export async function loadNewOrderCards(
  db: Queryable,
  options: { retailerId: number; tableIds?: number[] | null },
): Promise<NewOrderCard[]> {
  const { retailerId, tableIds } = options;
  if (tableIds && tableIds.length === 0) return [];
  const rows = await db
    .select({
      orderId: orderProducts.orderId,
      tableId: orderProducts.tableId,
      preparationAreaId: orderProducts.preparationAreaId,
      status: orderProducts.status,
      paymentStatus: orderProducts.paymentStatus,
      createdAt: orderProducts.createdAt,
      label: diningTables.label,
    })
    .from(orderProducts)
    .innerJoin(tableSessions, and(eq(tableSessions.id, orderProducts.sessionId), eq(tableSessions.status, "OPEN")))
    .innerJoin(diningTables, eq(diningTables.id, orderProducts.tableId))
    .where(
      and(
        eq(orderProducts.retailerId, retailerId),
        eq(orderProducts.status, "SENT"),
        isNotNull(orderProducts.preparationAreaId),
        ne(orderProducts.paymentStatus, "CANCELLED"),
        tableIds ? inArray(orderProducts.tableId, tableIds) : undefined,
      ),
    )
    .orderBy(asc(orderProducts.id));
  return deriveNewOrderCards(rows, new Map(rows.map((r) => [r.tableId, r.label])));
}
