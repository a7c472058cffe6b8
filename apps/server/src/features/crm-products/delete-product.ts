import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productImages, products } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { EventBus } from "../../realtime/types.ts";

/**
 * Deletes a product softly: ordered units keep pointing at it, and menus drop it at once. Its
 * picture goes, since nothing shows a deleted product's picture.
 */
export async function deleteProduct(options: { db: Db; events: EventBus; retailerId: number; productId: number }): Promise<void> {
  const { db, retailerId, productId } = options;
  await db.transaction(async (tx) => {
    const [product] = await tx
      .update(products)
      .set({ deletedAt: new Date(), imageUrl: null })
      .where(and(eq(products.id, productId), eq(products.retailerId, retailerId), isNull(products.deletedAt)))
      .returning({ id: products.id });
    if (!product) throw new AppError("not_found", 404, { entity: "product" });
    await tx.delete(productImages).where(eq(productImages.productId, productId));
  });
  await options.events.publish({ type: "catalog.changed", retailerId, productId });
}
