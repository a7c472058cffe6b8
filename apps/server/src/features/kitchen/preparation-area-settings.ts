import { and, eq, isNull } from "drizzle-orm";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { preparationAreas } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { EventBus } from "../../realtime/types.ts";

type AreaRow = typeof preparationAreas.$inferSelect;

/**
 * The area a caller works on: a cook always their own (naming another is a 403), the cash desk
 * and administrators any area of their venue, named by id.
 */
export async function areaForCaller(db: Db, principal: Principal, requestedId: number | undefined): Promise<AreaRow> {
  if (principal.role === "COOK") {
    if (requestedId != null && requestedId !== principal.prepAreaId) throw new AppError("forbidden", 403);
    requestedId = principal.prepAreaId ?? undefined;
  }
  if (requestedId == null) throw new AppError("validation", 400, { field: "id" });
  const [area] = await db
    .select()
    .from(preparationAreas)
    .where(
      and(
        eq(preparationAreas.id, requestedId),
        eq(preparationAreas.retailerId, principal.retailerId ?? -1),
        isNull(preparationAreas.deletedAt),
      ),
    )
    .limit(1);
  if (!area) throw new AppError("forbidden", 403);
  return area;
}

/**
 * Opens or closes an area. A closed area's products leave the menus at once and cannot be
 * ordered (inactive_product), so menus are invalidated everywhere.
 */
export async function setAreaOpen(options: { db: Db; events: EventBus; area: AreaRow; active: boolean }): Promise<void> {
  await options.db.update(preparationAreas).set({ active: options.active }).where(eq(preparationAreas.id, options.area.id));
  await options.events.publish({
    type: "preparation-area.changed",
    retailerId: options.area.retailerId,
    preparationAreaId: options.area.id,
  });
}

/** Turns automatic ticket printing on or off for an area. */
export async function setAreaAutoPrint(options: { db: Db; events: EventBus; area: AreaRow; autoPrint: boolean }): Promise<void> {
  await options.db.update(preparationAreas).set({ autoPrint: options.autoPrint }).where(eq(preparationAreas.id, options.area.id));
  await options.events.publish({
    type: "preparation-area.changed",
    retailerId: options.area.retailerId,
    preparationAreaId: options.area.id,
  });
}
