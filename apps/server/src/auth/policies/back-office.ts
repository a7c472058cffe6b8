import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { diningTables, preparationAreas, productCategories, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

/**
 * The rows a back-office form refers to must be the caller's venue's own and alive. Another
 * venue's id is answered exactly like an unknown one (404), so nothing leaks about it.
 */
function refuseMissing(entity: string, wanted: readonly number[], found: readonly number[]): void {
  const missing = wanted.filter((id) => !found.includes(id));
  if (missing.length) throw new AppError("not_found", 404, { entity, ids: missing });
}

/** Waiters of the venue, not deleted. */
export async function assertVenueWaiters(db: Queryable, retailerId: number, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.retailerId, retailerId), eq(users.role, "WAITER"), isNull(users.deletedAt)));
  refuseMissing(
    "waiter",
    ids,
    rows.map((r) => r.id),
  );
}

/** Tables of the venue (not take-aways), not deleted. */
export async function assertVenueTables(db: Queryable, retailerId: number, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await db
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(
      and(
        inArray(diningTables.id, [...ids]),
        eq(diningTables.retailerId, retailerId),
        eq(diningTables.kind, "TABLE"),
        isNull(diningTables.deletedAt),
      ),
    );
  refuseMissing(
    "table",
    ids,
    rows.map((r) => r.id),
  );
}

/** A menu category of the venue. */
export async function assertVenueCategory(db: Queryable, retailerId: number, id: number): Promise<void> {
  const rows = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.id, id), eq(productCategories.retailerId, retailerId)));
  refuseMissing(
    "category",
    [id],
    rows.map((r) => r.id),
  );
}

/** A preparation area of the venue, not deleted. */
export async function assertVenuePreparationArea(db: Queryable, retailerId: number, id: number): Promise<void> {
  const rows = await db
    .select({ id: preparationAreas.id })
    .from(preparationAreas)
    .where(and(eq(preparationAreas.id, id), eq(preparationAreas.retailerId, retailerId), isNull(preparationAreas.deletedAt)));
  refuseMissing(
    "preparationArea",
    [id],
    rows.map((r) => r.id),
  );
}
