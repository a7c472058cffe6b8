import type { OrderProductsRequest } from "@tableorder/domain/contracts/crm-products";
import { and, asc, eq, isNull } from "drizzle-orm";
import { assertVenueCategory } from "../../auth/policies/back-office.ts";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { EventBus } from "../../realtime/types.ts";

/**
 * Puts a category's products in the order the admin moved them to (spec 3 §4). The ids sent come
 * first in their order; products of the category not named keep their relative order after
 * them, so a stale screen cannot drop a product out of the menu.
 */
export async function orderProducts(options: { db: Db; events: EventBus; retailerId: number } & OrderProductsRequest) {
  const { db, retailerId, categoryId, productIds } = options;
  await db.transaction(async (tx) => {
    await assertVenueCategory(tx, retailerId, categoryId);
    const current = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.categoryId, categoryId), eq(products.retailerId, retailerId), isNull(products.deletedAt)))
      .orderBy(asc(products.sortOrder), asc(products.id))
      .for("update");
    const currentIds = current.map((p) => p.id);
    const foreign = productIds.filter((id) => !currentIds.includes(id));
    if (foreign.length) throw new AppError("not_found", 404, { entity: "product", ids: foreign });
    const wanted = [...new Set(productIds)];
    const order = [...wanted, ...currentIds.filter((id) => !wanted.includes(id))];
    for (const [sortOrder, id] of order.entries()) await tx.update(products).set({ sortOrder }).where(eq(products.id, id));
  });
  await options.events.publish({ type: "catalog.changed", retailerId });
}
