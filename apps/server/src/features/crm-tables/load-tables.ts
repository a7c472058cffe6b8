import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { diningTables, retailers, tableSessions, tableWaiters, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

export type TableRow = typeof diningTables.$inferSelect;

/** A table with what the back office shows beside it. */
export interface TableView {
  table: TableRow;
  waiterIds: number[];
  hasActiveSession: boolean;
}

/** The venue's tables (take-aways are the cash desk's, not listed here), in display order. */
export async function listTables(db: Queryable, retailerId: number, ids?: number[]): Promise<TableView[]> {
  const tables = await db
    .select()
    .from(diningTables)
    .where(
      and(
        eq(diningTables.retailerId, retailerId),
        eq(diningTables.kind, "TABLE"),
        isNull(diningTables.deletedAt),
        ids ? inArray(diningTables.id, ids) : undefined,
      ),
    )
    .orderBy(asc(diningTables.sortOrder), asc(diningTables.id));
  if (!tables.length) return [];
  const tableIds = tables.map((t) => t.id);
  const assignments = await db
    .select({ tableId: tableWaiters.tableId, userId: tableWaiters.userId })
    .from(tableWaiters)
    .innerJoin(users, eq(users.id, tableWaiters.userId))
    .where(and(inArray(tableWaiters.tableId, tableIds), isNull(users.deletedAt)))
    .orderBy(asc(tableWaiters.userId));
  const open = await db
    .select({ tableId: tableSessions.tableId })
    .from(tableSessions)
    .where(and(inArray(tableSessions.tableId, tableIds), eq(tableSessions.status, "OPEN")));
  const occupied = new Set(open.map((s) => s.tableId));
  return tables.map((table) => ({
    table,
    waiterIds: assignments.filter((a) => a.tableId === table.id).map((a) => a.userId),
    hasActiveSession: occupied.has(table.id),
  }));
}

/** One table of the venue; another venue's table or a deleted one is a 404. */
export async function loadVenueTable(db: Queryable, retailerId: number, tableId: number): Promise<TableView> {
  const [view] = await listTables(db, retailerId, [tableId]);
  if (!view) throw new AppError("not_found", 404, { entity: "table" });
  return view;
}

/** The venue's name, printed above its tables' QR codes. */
export async function loadVenueName(db: Queryable, retailerId: number): Promise<string> {
  const [venue] = await db.select({ name: retailers.name }).from(retailers).where(eq(retailers.id, retailerId));
  return venue?.name ?? "";
}

/**
 * Remembers that the administrator opened the QR sheet of the venue's tables, the last step of
 * "tables and their printed QR sheet" on the first-run checklist (issue 18); the first time counts.
 */
export async function noteQrSheetOpened(db: Queryable, retailerId: number): Promise<void> {
  await db
    .update(retailers)
    .set({ qrSheetOpenedAt: new Date() })
    .where(and(eq(retailers.id, retailerId), isNull(retailers.qrSheetOpenedAt)));
}
