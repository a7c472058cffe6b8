import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { diningTables } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

export type DeskTable = typeof diningTables.$inferSelect;

/**
 * A live table or take-away of the caller's venue, as the cash desk reaches it by id: another
 * venue's, a deleted one or an unknown id are all the same 404 (ids of other venues tell nothing).
 */
export async function loadDeskTable(
  db: Queryable,
  retailerId: number,
  tableId: number,
  kind?: "TABLE" | "TAKE_AWAY",
): Promise<DeskTable> {
  const [table] = await db
    .select()
    .from(diningTables)
    .where(
      and(
        eq(diningTables.id, tableId),
        eq(diningTables.retailerId, retailerId),
        isNull(diningTables.deletedAt),
        kind ? eq(diningTables.kind, kind) : undefined,
      ),
    )
    .limit(1);
  if (!table) throw new AppError("table_not_found", 404);
  return table;
}
