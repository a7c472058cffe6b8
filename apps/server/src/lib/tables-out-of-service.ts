import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { diningTables } from "../db/schema.ts";

/**
 * Published when the back office saves a table's settings (label, code, in service). The table's
 * `table.changed` comes after every order too, so what is remembered of a table's settings
 * follows this event instead, and is not dropped by the orders themselves.
 */
export const TABLE_SETTINGS_CHANGED = "table.settings-changed";

/**
 * The ids of a venue's tables switched out of service ("Σε λειτουργία" off, spec 3 §3 `onService`),
 * read in one statement. Orders read it through a per-venue cache that TABLE_SETTINGS_CHANGED
 * drops, so a guest's order still costs only its write.
 */
export async function loadTablesOutOfService(db: Queryable, retailerId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(and(eq(diningTables.retailerId, retailerId), eq(diningTables.onService, false), isNull(diningTables.deletedAt)));
  return new Set(rows.map((row) => row.id));
}
