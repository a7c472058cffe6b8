import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { diningTables, retailers } from "../db/schema.ts";

/**
 * Published when the back office saves a table's settings (label, code, in service), and when the
 * platform operator disables or re-enables a venue. The table's `table.changed` comes after every
 * order too, so what is remembered of a table's settings follows this event instead, and is not
 * dropped by the orders themselves.
 */
export const TABLE_SETTINGS_CHANGED = "table.settings-changed";

/** Where a venue's guests may not order from their phones. */
export interface GuestOrderingClosed {
  /** The platform operator disabled the venue (issue 18): none of its tables takes a guest's order. */
  venueDisabled: boolean;
  /** Its tables switched out of service ("Σε λειτουργία" off, spec 3 §3 `onService`). */
  tableIds: Set<number>;
}

/**
 * Where a venue's guests may not order, read in one statement. Orders read it through a per-venue
 * cache that TABLE_SETTINGS_CHANGED drops, so a guest's order still costs only its write.
 */
export async function loadTablesOutOfService(db: Queryable, retailerId: number): Promise<GuestOrderingClosed> {
  const rows = await db
    .select({ id: diningTables.id, venueDisabledAt: retailers.disabledAt })
    .from(retailers)
    .leftJoin(
      diningTables,
      and(eq(diningTables.retailerId, retailers.id), eq(diningTables.onService, false), isNull(diningTables.deletedAt)),
    )
    .where(eq(retailers.id, retailerId));
  return {
    venueDisabled: rows.some((row) => row.venueDisabledAt != null),
    tableIds: new Set(rows.flatMap((row) => (row.id == null ? [] : [row.id]))),
  };
}
