import type { TableAssignment } from "@tableorder/domain/contracts/waiter";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { staffRetailerId } from "../../auth/guards.ts";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { diningTables, orderProducts, tableSessions, tableWaiters } from "../../db/schema.ts";
import type { EventBus } from "../../realtime/types.ts";

/**
 * The venue's tables as the waiter's Tables tab lists them (spec 2 §3): whether the caller
 * supervises each, how many waiters do, and what its open session still owes, in cents.
 */
export async function loadTableAssignments(
  db: Queryable,
  options: { principal: Principal; onlyAssigned: boolean; tableId?: number },
): Promise<TableAssignment[]> {
  const retailerId = staffRetailerId(options.principal);
  const tables = await db
    .select({ id: diningTables.id, label: diningTables.label })
    .from(diningTables)
    .where(
      and(
        eq(diningTables.retailerId, retailerId),
        eq(diningTables.kind, "TABLE"),
        isNull(diningTables.deletedAt),
        options.tableId ? eq(diningTables.id, options.tableId) : undefined,
      ),
    )
    .orderBy(asc(diningTables.sortOrder), asc(diningTables.label));
  const waiters = await db
    .select({ tableId: tableWaiters.tableId, userId: tableWaiters.userId })
    .from(tableWaiters)
    .innerJoin(diningTables, eq(diningTables.id, tableWaiters.tableId))
    .where(eq(diningTables.retailerId, retailerId));
  const owed = await db
    .select({
      tableId: orderProducts.tableId,
      amount: sql<number>`coalesce(sum(${orderProducts.unitPriceCents} - ${orderProducts.discountCents}), 0)`.mapWith(Number),
    })
    .from(orderProducts)
    .innerJoin(tableSessions, eq(tableSessions.id, orderProducts.sessionId))
    .where(
      and(eq(orderProducts.retailerId, retailerId), eq(tableSessions.status, "OPEN"), eq(orderProducts.paymentStatus, "UNPAID")),
    )
    .groupBy(orderProducts.tableId);
  const amounts = new Map(owed.map((o) => [o.tableId, o.amount]));
  return tables
    .map((table) => {
      const supervisors = waiters.filter((w) => w.tableId === table.id);
      return {
        tableId: table.id,
        label: table.label,
        assigned: supervisors.some((w) => w.userId === options.principal.userId),
        amount: amounts.get(table.id) ?? 0,
        waiterCount: supervisors.length,
      };
    })
    .filter((t) => !options.onlyAssigned || t.assigned);
}

/**
 * A waiter starts or stops supervising a table (spec 2 §4 "assign self"); repeating either is
 * harmless. Their feed follows at once: the table's tasks come or go.
 */
export async function assignWaiterToTable(options: {
  db: Db;
  events: EventBus;
  principal: Principal;
  tableId: number;
  active: boolean;
}): Promise<{ tableId: number; assigned: boolean }> {
  const { db, principal, tableId } = options;
  const table = await authorizeTable(db, principal, tableId);
  if (options.active) {
    await db.insert(tableWaiters).values({ tableId, userId: principal.userId }).onConflictDoNothing();
  } else {
    await db.delete(tableWaiters).where(and(eq(tableWaiters.tableId, tableId), eq(tableWaiters.userId, principal.userId)));
  }
  await options.events.publish({
    type: "waiter-tasks.changed",
    retailerId: table.retailerId,
    tableId,
    ...(options.active ? {} : { unassignedUserId: principal.userId }),
  });
  return { tableId, assigned: options.active };
}
