import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { diningTables, retailers, tableGuests, tableSessions, tableWaiters } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { EventBus } from "../../realtime/types.ts";

/**
 * Deletes a table softly, so orders, payments and documents that name it keep their history. A
 * table with an open session is occupied and cannot go (active_session_on_table). The venue row
 * is locked first, as sending an order does, so an order cannot open a session in between.
 */
export async function deleteTable(options: { db: Db; events: EventBus; retailerId: number; tableId: number }): Promise<void> {
  const { db, retailerId, tableId } = options;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${retailers} where ${retailers.id} = ${retailerId} for update`);
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
