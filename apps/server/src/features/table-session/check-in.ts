import { and, eq, isNull } from "drizzle-orm";
import { loadTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { diningTables, retailers, tableGuests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

/**
 * The table printed on a table device, with its venue; an unknown code is a 404 the guest screen
 * explains, and a table of a venue the platform operator disabled says the venue takes no orders now.
 */
export async function findTableWithVenueByCode(options: { db: Queryable; code: string }) {
  const [row] = await options.db
    .select({ table: diningTables, venue: retailers })
    .from(diningTables)
    .innerJoin(retailers, eq(retailers.id, diningTables.retailerId))
    // A take-away's code is the cash desk's: nobody checks in with it.
    .where(and(eq(diningTables.code, options.code), eq(diningTables.kind, "TABLE"), isNull(diningTables.deletedAt)))
    .limit(1);
  if (!row) throw new AppError("table_not_found", 404);
  if (row.venue.disabledAt) throw new AppError("venue_not_accepting_guests", 400);
  return row;
}

/** The table behind a printed code, as GET api/cq-table/code/{code} answers it. */
export async function findTableByCode(options: { db: Queryable; code: string }) {
  const { table } = await findTableWithVenueByCode(options);
  return { tableId: table.id, tableCode: table.code };
}

/** Whether the platform operator disabled the venue (issue 18): its tables seat nobody then. */
async function venueDisabled(db: Queryable, retailerId: number): Promise<boolean> {
  const [venue] = await db.select({ disabledAt: retailers.disabledAt }).from(retailers).where(eq(retailers.id, retailerId));
  return venue?.disabledAt != null;
}

/**
 * Seats a guest at a table: from now on they share the table's session and reach only this
 * table. A guest sits at one table at a time, so checking in elsewhere leaves the previous one.
 * Checking in again at the same table keeps the same reservation, even once the table is out of
 * service: a seated guest reloading the page still reaches their bill. A table out of service
 * seats nobody new (table_not_in_service), a disabled venue nobody at all
 * (venue_not_accepting_guests), and the guest's screen says so.
 */
export async function checkInGuest(options: { db: Queryable; principal: Principal; tableId: number }): Promise<{ id: number }> {
  const { db, principal, tableId } = options;
  if (principal.role !== "USER") throw new AppError("forbidden", 403);
  const table = await loadTable(db, tableId);
  // Guests sit at tables; a take-away is the cash desk's alone.
  if (table.kind !== "TABLE") throw new AppError("table_not_found", 404);
  if (await venueDisabled(db, table.retailerId)) throw new AppError("venue_not_accepting_guests", 400);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(tableGuests)
      .where(and(eq(tableGuests.userId, principal.userId), isNull(tableGuests.checkedOutAt)))
      .for("update");
    if (current?.tableId === tableId) return { id: current.id };
    if (!table.onService) throw new AppError("table_not_in_service", 400);
    if (current) {
      await tx.update(tableGuests).set({ checkedOutAt: new Date() }).where(eq(tableGuests.id, current.id));
    }
    const [created] = await tx.insert(tableGuests).values({ tableId, userId: principal.userId }).returning();
    return { id: created.id };
  });
}

/**
 * Checks a guest in at the table behind a printed code (an anonymous sign-in that names its
 * table): the code's rules first (unknown 404, venue disabled), then checkInGuest's. A table out
 * of service answers null instead of refusing: the guest is signed in all the same, and their
 * screen's own check-in then says why they are not seated (and tries again when asked).
 */
export async function checkInGuestByCode(options: {
  db: Queryable;
  principal: Principal;
  code: string;
}): Promise<{ id: number; tableId: number } | null> {
  const { table } = await findTableWithVenueByCode(options);
  try {
    const reservation = await checkInGuest({ db: options.db, principal: options.principal, tableId: table.id });
    return { id: reservation.id, tableId: table.id };
  } catch (error) {
    if (error instanceof AppError && error.key === "table_not_in_service") return null;
    throw error;
  }
}

/** The guest's reservation at this table, or null when they are not checked in here. */
export async function findReservation(db: Queryable, userId: number, tableId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: tableGuests.id })
    .from(tableGuests)
    .where(and(eq(tableGuests.userId, userId), eq(tableGuests.tableId, tableId), isNull(tableGuests.checkedOutAt)))
    .limit(1);
  return row?.id ?? null;
}

/** A guest leaves the table; the table's session goes on for the others (spec 1 §4). */
export async function checkOutGuest(options: { db: Db; principal: Principal; reservationId: number }): Promise<void> {
  const { db, principal } = options;
  await db
    .update(tableGuests)
    .set({ checkedOutAt: new Date() })
    .where(
      and(eq(tableGuests.id, options.reservationId), eq(tableGuests.userId, principal.userId), isNull(tableGuests.checkedOutAt)),
    );
}
