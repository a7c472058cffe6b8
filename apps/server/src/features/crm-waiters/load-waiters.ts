import type { CrmWaiter, WaiterTableOption } from "@tableorder/domain/contracts/crm-waiters";
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { diningTables, tableWaiters, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

/** The venue's waiters with the tables they supervise; passwords never leave the server. */
export async function listWaiters(db: Queryable, retailerId: number, ids?: number[]): Promise<CrmWaiter[]> {
  const waiters = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, login: users.login })
    .from(users)
    .where(
      and(
        eq(users.retailerId, retailerId),
        eq(users.role, "WAITER"),
        isNull(users.deletedAt),
        ids ? inArray(users.id, ids) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  if (!waiters.length) return [];
  const assignments = await db
    .select({ userId: tableWaiters.userId, tableId: tableWaiters.tableId })
    .from(tableWaiters)
    .innerJoin(diningTables, eq(diningTables.id, tableWaiters.tableId))
    .where(
      and(
        inArray(
          tableWaiters.userId,
          waiters.map((w) => w.id),
        ),
        isNull(diningTables.deletedAt),
      ),
    )
    .orderBy(asc(diningTables.sortOrder), asc(diningTables.id));
  return waiters.map((w) => ({
    id: w.id,
    firstName: w.firstName,
    lastName: w.lastName,
    userName: w.login,
    tableIds: assignments.filter((a) => a.userId === w.id).map((a) => a.tableId),
  }));
}

/** One waiter of the venue; anyone else (another venue's, a cook, a deleted one) is a 404. */
export async function loadWaiter(db: Queryable, retailerId: number, waiterId: number): Promise<CrmWaiter> {
  const [waiter] = await listWaiters(db, retailerId, [waiterId]);
  if (!waiter) throw new AppError("not_found", 404, { entity: "waiter" });
  return waiter;
}

/** The waiter form's table list: every table with how many live waiters supervise it. */
export async function listWaiterTableOptions(db: Queryable, retailerId: number): Promise<WaiterTableOption[]> {
  const tables = await db
    .select({ id: diningTables.id, label: diningTables.label })
    .from(diningTables)
    .where(and(eq(diningTables.retailerId, retailerId), eq(diningTables.kind, "TABLE"), isNull(diningTables.deletedAt)))
    .orderBy(asc(diningTables.sortOrder), asc(diningTables.id));
  const counts = await db
    .select({ tableId: tableWaiters.tableId, waiters: count() })
    .from(tableWaiters)
    .innerJoin(users, eq(users.id, tableWaiters.userId))
    .where(and(eq(users.retailerId, retailerId), isNull(users.deletedAt)))
    .groupBy(tableWaiters.tableId);
  return tables.map((t) => ({ ...t, waiterCount: Number(counts.find((c) => c.tableId === t.id)?.waiters ?? 0) }));
}
