import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { diningTables, tableGuests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Principal } from "../principal.ts";

export type TableRow = typeof diningTables.$inferSelect;

/** Loads a live table or answers 404 (deleted tables are gone for everyone). */
export async function loadTable(db: Queryable, tableId: number): Promise<TableRow> {
  const [table] = await db
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.id, tableId), isNull(diningTables.deletedAt)))
    .limit(1);
  if (!table) throw new AppError("table_not_found", 404);
  return table;
}

/** Whether a guest is checked in at this table right now. */
export async function isGuestAtTable(db: Queryable, userId: number, tableId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tableGuests.id })
    .from(tableGuests)
    .where(and(eq(tableGuests.userId, userId), eq(tableGuests.tableId, tableId), isNull(tableGuests.checkedOutAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * The rule for reaching one table: a guest only the table they checked in to, staff only the
 * tables of their own venue. Anything else is a 403, whether the table exists elsewhere or not.
 * A guest's check is one query, since it sits on every guest call.
 */
export async function authorizeTable(db: Queryable, principal: Principal, tableId: number): Promise<TableRow> {
  if (principal.role !== "USER") {
    const table = await loadTable(db, tableId);
    if (principal.retailerId !== table.retailerId) throw new AppError("forbidden", 403);
    return table;
  }
  const [row] = await db
    .select({ table: diningTables, reservationId: tableGuests.id })
    .from(diningTables)
    .leftJoin(
      tableGuests,
      and(eq(tableGuests.tableId, diningTables.id), eq(tableGuests.userId, principal.userId), isNull(tableGuests.checkedOutAt)),
    )
    .where(and(eq(diningTables.id, tableId), isNull(diningTables.deletedAt)))
    .limit(1);
  if (!row) throw new AppError("table_not_found", 404);
  if (row.reservationId == null) throw new AppError("not_checked_in", 403);
  return row.table;
}

/** What never changes about a table: its venue and its kind (a table or a take-away). */
export interface TableFacts {
  retailerId: number;
  kind: string;
}

/** Each database's remembered table facts (a process may serve more than one in tests). */
const factsOfTable = new WeakMap<Queryable, Map<number, TableFacts>>();

/**
 * The venue and kind of a live table, or 404. Tables never move between venues, never change
 * kind, and their ids are never reused, so each instance remembers the answer; whether the table
 * is still live, and who may reach it, is checked where it is used.
 */
export async function tableFacts(db: Queryable, tableId: number): Promise<TableFacts> {
  const known = factsOfTable.get(db) ?? new Map<number, TableFacts>();
  factsOfTable.set(db, known);
  const remembered = known.get(tableId);
  if (remembered !== undefined) return remembered;
  const { retailerId, kind } = await loadTable(db, tableId);
  const facts = { retailerId, kind };
  known.set(tableId, facts);
  return facts;
}

/** The venue a live table belongs to, or 404 (remembered, see tableFacts). */
export async function tableRetailerId(db: Queryable, tableId: number): Promise<number> {
  return (await tableFacts(db, tableId)).retailerId;
}
