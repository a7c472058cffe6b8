import { and, eq, isNull } from "drizzle-orm";
import { type PrincipalVerifier, publishStaffChanged } from "../../auth/account-status.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { kitchenTickets, preparationAreas, products, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordStaffChange } from "../../lib/audit-trail.ts";
import type { EventBus } from "../../realtime/types.ts";

/**
 * Deletes an area softly (tickets and ordered units keep naming it) with its kitchen account,
 * whose tokens stop working at once. An area still in use is refused: products that would lose
 * their kitchen (prep_area_has_products: move them first), or tickets still being prepared
 * (prep_area_has_open_tickets).
 */
export async function deletePreparationArea(options: {
  db: Db;
  events: EventBus;
  principals: PrincipalVerifier;
  retailerId: number;
  areaId: number;
  /** Who deletes it, for the audit trail. */
  actor: Principal;
}): Promise<void> {
  const { db, retailerId, areaId } = options;
  const userIds = await db.transaction(async (tx) => {
    const [area] = await tx
      .select({ id: preparationAreas.id })
      .from(preparationAreas)
      .where(
        and(eq(preparationAreas.id, areaId), eq(preparationAreas.retailerId, retailerId), isNull(preparationAreas.deletedAt)),
      )
      .for("update");
    if (!area) throw new AppError("not_found", 404, { entity: "preparationArea" });
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.preparationAreaId, areaId), isNull(products.deletedAt)))
      .limit(1);
    if (product) throw new AppError("prep_area_has_products", 400, { preparationAreaId: areaId });
    const [ticket] = await tx
      .select({ id: kitchenTickets.id })
      .from(kitchenTickets)
      .where(and(eq(kitchenTickets.preparationAreaId, areaId), isNull(kitchenTickets.completedAt)))
      .limit(1);
    if (ticket) throw new AppError("prep_area_has_open_tickets", 400, { preparationAreaId: areaId });
    const now = new Date();
    await tx.update(preparationAreas).set({ deletedAt: now }).where(eq(preparationAreas.id, areaId));
    const cooks = await tx
      .update(users)
      .set({ deletedAt: now })
      .where(and(eq(users.preparationAreaId, areaId), eq(users.role, "COOK"), isNull(users.deletedAt)))
      .returning({ id: users.id, login: users.login });
    for (const cook of cooks) {
      await recordStaffChange(tx, options.actor, { change: "DELETED", userId: cook.id, login: cook.login, role: "COOK" });
    }
    return cooks.map((c) => c.id);
  });
  await options.events.publish({ type: "preparation-area.changed", retailerId, preparationAreaId: areaId });
  await publishStaffChanged(options, retailerId, userIds);
}
