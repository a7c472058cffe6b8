import { isPricedFor } from "@tableorder/domain/availability";
import type { ProductAvailability, SetProductActiveRequest } from "@tableorder/domain/contracts/menu";
import { and, eq, isNull } from "drizzle-orm";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordAudit } from "../../lib/audit-trail.ts";
import type { EventBus } from "../../realtime/types.ts";

/**
 * Switches a product on or off for dine-in or take-away, from the kitchen, the bar, the waiters or
 * the back office. A cook reaches only their own area's products. Switching on needs a price for
 * that service (spec 2 §4.7). Every open menu drops or regains the product at once.
 */
export async function setProductAvailability(
  options: { db: Db; events: EventBus; principal: Principal; productId: number } & SetProductActiveRequest,
): Promise<ProductAvailability> {
  const { db, principal, productId } = options;
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.retailerId, principal.retailerId ?? -1), isNull(products.deletedAt)))
    .limit(1);
  if (!product) throw new AppError("not_found", 404, { entity: "product" });
  if (principal.role === "COOK" && product.preparationAreaId !== principal.prepAreaId) throw new AppError("forbidden", 403);
  const takeAway = options.serviceMode === "TAKE_AWAY";
  if (options.active && !isPricedFor(product, options.serviceMode)) throw new AppError("price_required", 400, { productId });
  const wasActive = takeAway ? product.takeAwayActive : product.active;
  await db.transaction(async (tx) => {
    await tx
      .update(products)
      .set(takeAway ? { takeAwayActive: options.active } : { active: options.active })
      .where(eq(products.id, productId));
    if (wasActive === options.active) return;
    await recordAudit(tx, principal, {
      kind: "AVAILABILITY_CHANGED",
      subject: product.name,
      details: { productId, serviceMode: options.serviceMode, active: options.active },
    });
  });
  await options.events.publish({ type: "catalog.changed", retailerId: product.retailerId, productId });
  return { id: productId, active: options.active, serviceMode: options.serviceMode };
}
