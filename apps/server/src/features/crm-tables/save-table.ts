import type { TableForm } from "@tableorder/domain/contracts/crm-tables";
import type { ErrorKey } from "@tableorder/domain/errors";
import { and, eq, isNull, max, ne } from "drizzle-orm";
import { assertVenueWaiters } from "../../auth/policies/back-office.ts";
import type { Db, Tx } from "../../db/client.ts";
import { diningTables, tableWaiters } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { withUniqueKeys } from "../../lib/database-errors.ts";
import { TABLE_SETTINGS_CHANGED } from "../../lib/tables-out-of-service.ts";
import type { EventBus } from "../../realtime/types.ts";
import { loadVenueTable, type TableView } from "./load-tables.ts";

const TABLE_INDEXES: Record<string, ErrorKey> = {
  dining_tables_code: "table_code_already_exists",
  dining_tables_table_label: "table_name_already_exists",
};

/**
 * Labels are unique among the venue's live tables; codes among all live tables of the platform,
 * since the guest URL (/service/customer/{code}) names no venue.
 */
async function assertTableNamesFree(tx: Tx, retailerId: number, form: TableForm, exceptId?: number): Promise<void> {
  const others = exceptId == null ? undefined : ne(diningTables.id, exceptId);
  const [sameLabel] = await tx
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(
      and(
        eq(diningTables.retailerId, retailerId),
        eq(diningTables.kind, "TABLE"),
        eq(diningTables.label, form.label),
        isNull(diningTables.deletedAt),
        others,
      ),
    )
    .limit(1);
  if (sameLabel) throw new AppError("table_name_already_exists", 400);
  const [sameCode] = await tx
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(and(eq(diningTables.code, form.code), isNull(diningTables.deletedAt), others))
    .limit(1);
  if (sameCode) throw new AppError("table_code_already_exists", 400);
}

async function assignWaiters(tx: Tx, tableId: number, waiterIds: number[]): Promise<void> {
  await tx.delete(tableWaiters).where(eq(tableWaiters.tableId, tableId));
  if (waiterIds.length) await tx.insert(tableWaiters).values(waiterIds.map((userId) => ({ tableId, userId })));
}

/** Adds a table at the end of the venue's list, with the waiters who supervise it. */
export async function createTable(options: {
  db: Db;
  events: EventBus;
  retailerId: number;
  form: TableForm;
}): Promise<TableView> {
  const { db, retailerId, form } = options;
  const tableId = await withUniqueKeys(TABLE_INDEXES, () =>
    db.transaction(async (tx) => {
      await assertTableNamesFree(tx, retailerId, form);
      await assertVenueWaiters(tx, retailerId, form.waiterIds);
      const [{ last }] = await tx
        .select({ last: max(diningTables.sortOrder) })
        .from(diningTables)
        .where(eq(diningTables.retailerId, retailerId));
      const [table] = await tx
        .insert(diningTables)
        .values({ retailerId, label: form.label, code: form.code, onService: form.onService, sortOrder: (last ?? -1) + 1 })
        .returning({ id: diningTables.id });
      await assignWaiters(tx, table.id, form.waiterIds);
      return table.id;
    }),
  );
  await options.events.publish({ type: TABLE_SETTINGS_CHANGED, retailerId, tableId });
  await options.events.publish({ type: "table.changed", retailerId, tableId });
  return loadVenueTable(db, retailerId, tableId);
}

/** Edits a table; its guests see the new label at once (table.changed). */
export async function updateTable(options: {
  db: Db;
  events: EventBus;
  retailerId: number;
  tableId: number;
  form: TableForm;
}): Promise<TableView> {
  const { db, retailerId, tableId, form } = options;
  await withUniqueKeys(TABLE_INDEXES, () =>
    db.transaction(async (tx) => {
      const [locked] = await tx
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
      if (!locked) throw new AppError("not_found", 404, { entity: "table" });
      await assertTableNamesFree(tx, retailerId, form, tableId);
      await assertVenueWaiters(tx, retailerId, form.waiterIds);
      await tx
        .update(diningTables)
        .set({ label: form.label, code: form.code, onService: form.onService })
        .where(eq(diningTables.id, tableId));
      await assignWaiters(tx, tableId, form.waiterIds);
    }),
  );
  await options.events.publish({ type: TABLE_SETTINGS_CHANGED, retailerId, tableId });
  await options.events.publish({ type: "table.changed", retailerId, tableId });
  return loadVenueTable(db, retailerId, tableId);
}
