import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { diningTables, tableGuests, tableSessions, tableWaiters } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { EventBus } from "../../realtime/types.ts";

/**
 * Deletes a table softly, so orders, payments and documents that name it keep their history. A
 * table with an open session is occupied and cannot go (active_session_on_table). The table's
 * row lock decides a race with an order: the order's transaction takes a share lock on the same
 * row and, once this delete commits, finds the table gone (table_not_found).
 */
export async function deleteTable(options: { db: Db; events: EventBus; retailerId: number; tableId: number }): Promise<void> {
  const { db, retailerId, tableId } = options;
  await db.transaction(async (tx) => {
    const [table] = await tx
      .select({ id: diningTables.id })
      .from(diningTables)
      .where(
        and(
          eq(diningTables.id, tableId),
          eq(diningTables.retailerId, retailerId),
          eq(diningTables.kind, "TABLE"),
          isNull(diningTables.deletedAt),
        ),
      )
      .for("update");
    if (!table) throw new AppError("not_found", 404, { entity: "table" });
    const [open] = await tx
      .select({ id: tableSessions.id })
      .from(tableSessions)
      .where(and(eq(tableSessions.tableId, tableId), eq(tableSessions.status, "OPEN")))
      .limit(1);
    if (open) throw new AppError("active_session_on_table", 400, { tableId });
    const now = new Date();
    await tx.update(diningTables).set({ deletedAt: now }).where(eq(diningTables.id, tableId));
    await tx.delete(tableWaiters).where(eq(tableWaiters.tableId, tableId));
    // Guests still checked in without ordering leave with the table.
    await tx
      .update(tableGuests)
      .set({ checkedOutAt: now })
      .where(and(eq(tableGuests.tableId, tableId), isNull(tableGuests.checkedOutAt)));
  });
  await options.events.publish({ type: "table.changed", retailerId, tableId });
}
