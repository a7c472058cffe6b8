import {
  type CancelledTicketProduct,
  type KitchenAreaSettings,
  type KitchenFeed,
  type KitchenTicket,
  type TicketProduct,
  ticketOnScreen,
} from "@tableorder/domain/contracts/kitchen";
import type { Allergen } from "@tableorder/domain/enums";
import { and, asc, eq, inArray, isNotNull, isNull, ne, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client.ts";
import { diningTables, kitchenTickets, orderProducts, orders, preparationAreas, products, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { TicketFacts, TicketUnitFacts } from "../../realtime/types.ts";

const movedFromTables = alias(diningTables, "moved_from_tables");

/**
 * Identical pieces on a ticket are one line for the cook; the line acts on its units. Pieces a
 * transfer split between two tables (a paid twin stays behind) are two lines, so a line never
 * names one table for pieces standing at two.
 */
function ticketLineKey(unit: TicketUnitFacts): string {
  return [unit.productId, JSON.stringify(unit.options), unit.notes, unit.status, unit.tableId].join("|");
}

function ticketProducts(units: TicketUnitFacts[], tableName: string): TicketProduct[] {
  const lines = new Map<string, TicketProduct>();
  const statusOrder = { SENT: 0, PREPARED: 1, COMPLETE: 2 } as const;
  for (const unit of units) {
    const key = ticketLineKey(unit);
    const line = lines.get(key);
    if (line) {
      line.quantity += 1;
      line.orderProductIds.push(unit.id);
      continue;
    }
    const { preparationWay, basicIngredients, extraIngredients, removedIngredients } = unit.options;
    lines.set(key, {
      id: String(unit.id),
      productId: unit.productId,
      name: unit.productName,
      status: unit.status as TicketProduct["status"],
      quantity: 1,
      price: unit.unitPriceCents,
      orderProductIds: [unit.id],
      preparationWay: preparationWay
        ? { id: preparationWay.id, name: preparationWay.name, price: preparationWay.priceCents }
        : null,
      basicIngredientIds: basicIngredients.map((i) => ({ id: i.id, name: i.name, price: 0 })),
      extraIngredientIds: extraIngredients.map((i) => ({ id: i.id, name: i.name, price: i.priceCents })),
      removedIngredients: removedIngredients.map((i) => ({ id: i.id, name: i.name, price: 0 })),
      notes: unit.notes,
      allergens: unit.allergens as Allergen[],
      timestamp: unit.createdAt,
      tableName,
      tableId: unit.tableId,
    });
  }
  // SENT first, then PREPARED (spec 2 §2.4).
  return [...lines.values()].sort((a, b) => statusOrder[a.status] - statusOrder[b.status]);
}

/** Cancelled pieces grouped like the ticket's lines, each line dated by its first cancellation. */
function cancelledProducts(units: (TicketUnitFacts & { cancelledAt: string })[], tableName: string): CancelledTicketProduct[] {
  const since = new Map(units.map((u) => [u.id, u.cancelledAt]));
  return ticketProducts(units, tableName).map((line) => ({
    ...line,
    cancelledAt: line.orderProductIds.map((id) => since.get(id) ?? "").sort()[0],
  }));
}

/**
 * A kitchen ticket the way the cook sees it, whether fetched or pushed: the table, who sent it (a
 * guest stays nameless: staff never see guests' personal data), the products still to prepare
 * (the caller leaves cancelled pieces out of `units`), and the cancellations a cook has yet to
 * acknowledge.
 */
export function renderTicket(facts: TicketFacts): KitchenTicket {
  const lines = ticketProducts(facts.units, facts.tableName);
  const client = facts.sender.type === "CLIENT";
  return {
    id: facts.id,
    ticketId: facts.ticketNumber,
    timestamp: facts.createdAt,
    quantity: facts.units.length,
    uniqueQuantity: lines.length,
    preparedQuantity: facts.units.filter((u) => u.status !== "SENT").length,
    serviceMode: facts.serviceMode as KitchenTicket["serviceMode"],
    tableName: facts.tableName,
    tableId: facts.tableId,
    movedFromTableName: facts.movedFromTableName ?? null,
    isPrinted: facts.printed,
    printed: facts.printed,
    sentBy: {
      type: facts.sender.type as KitchenTicket["sentBy"]["type"],
      firstName: client ? null : facts.sender.firstName,
      lastName: client ? null : facts.sender.lastName,
    },
    products: lines,
    cancelledUnacknowledged: cancelledProducts(facts.cancelledUnits ?? [], facts.tableName),
  };
}

/** Reads kitchen tickets (an area's open ones, or the ones named) and renders them. */
export async function loadTickets(
  db: Queryable,
  where: { areaId: number; ticketIds?: number[] } | { areaId?: undefined; ticketIds: number[] },
): Promise<KitchenTicket[]> {
  const tickets = await db
    .select({
      ticket: kitchenTickets,
      tableName: diningTables.label,
      movedFromTableName: movedFromTables.label,
      senderType: orders.senderType,
      senderFirstName: users.firstName,
      senderLastName: users.lastName,
    })
    .from(kitchenTickets)
    .innerJoin(diningTables, eq(diningTables.id, kitchenTickets.tableId))
    .leftJoin(movedFromTables, eq(movedFromTables.id, kitchenTickets.movedFromTableId))
    .innerJoin(orders, eq(orders.id, kitchenTickets.orderId))
    .innerJoin(users, eq(users.id, orders.sentByUserId))
    .where(
      and(
        where.areaId == null ? undefined : eq(kitchenTickets.preparationAreaId, where.areaId),
        where.ticketIds ? inArray(kitchenTickets.id, where.ticketIds) : isNull(kitchenTickets.completedAt),
      ),
    )
    .orderBy(asc(kitchenTickets.id));
  if (!tickets.length) return [];
  const rows = await db
    .select({ unit: orderProducts, allergens: products.allergens })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(
      and(
        inArray(
          orderProducts.ticketId,
          tickets.map((t) => t.ticket.id),
        ),
        or(ne(orderProducts.paymentStatus, "CANCELLED"), isNotNull(orderProducts.kitchenCancelPendingSince)),
      ),
    )
    .orderBy(asc(orderProducts.id));
  const units: (TicketUnitFacts & { ticketId: number | null; cancelledAt: string | null })[] = rows.map(
    ({ unit, allergens }) => ({
      id: unit.id,
      ticketId: unit.ticketId,
      productId: unit.productId,
      productName: unit.productName,
      unitPriceCents: unit.unitPriceCents,
      options: unit.options,
      notes: unit.notes,
      status: unit.status,
      createdAt: unit.createdAt.toISOString(),
      tableId: unit.tableId,
      allergens: allergens as string[],
      cancelledAt: unit.paymentStatus === "CANCELLED" ? (unit.kitchenCancelPendingSince?.toISOString() ?? null) : null,
    }),
  );
  return tickets.map(({ ticket, tableName, movedFromTableName, senderType, senderFirstName, senderLastName }) =>
    renderTicket({
      id: ticket.id,
      areaId: ticket.preparationAreaId,
      ticketNumber: ticket.ticketNumber,
      createdAt: ticket.createdAt.toISOString(),
      serviceMode: ticket.serviceMode,
      tableId: ticket.tableId,
      tableName,
      movedFromTableName,
      printed: ticket.printed,
      sender: { type: senderType, firstName: senderFirstName, lastName: senderLastName },
      units: units.filter((u) => u.ticketId === ticket.id && u.cancelledAt == null),
      cancelledUnits: units.flatMap((u) =>
        u.ticketId === ticket.id && u.cancelledAt != null ? [{ ...u, cancelledAt: u.cancelledAt }] : [],
      ),
    }),
  );
}

/** An area's settings as its screens show them; deleted or foreign areas are a 403. */
export async function loadAreaSettings(db: Queryable, retailerId: number, areaId: number): Promise<KitchenAreaSettings> {
  const [area] = await db
    .select()
    .from(preparationAreas)
    .where(and(eq(preparationAreas.id, areaId), eq(preparationAreas.retailerId, retailerId)))
    .limit(1);
  if (!area) throw new AppError("forbidden", 403);
  return {
    id: area.id,
    label: area.name,
    hasAutoPrint: area.autoPrint,
    isPreparationAreaAvailable: area.active,
    isFeedDisabled: false,
    printerIp: area.printerIp,
    ageWarnMinutes: area.ageWarnMinutes,
    ageLateMinutes: area.ageLateMinutes,
  };
}

/** A preparation area's whole feed, for the area's own cook or the venue's cash desk. */
export async function loadKitchenFeed(db: Queryable, retailerId: number, areaId: number): Promise<KitchenFeed> {
  const settings = await loadAreaSettings(db, retailerId, areaId);
  const tickets = (await loadTickets(db, { areaId })).filter(ticketOnScreen);
  return { ...settings, tickets };
}
