import { isProductOrderable } from "@tableorder/domain/availability";
import type { ClosedArea } from "@tableorder/domain/contracts/menu";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { preparationAreas, products } from "../../db/schema.ts";

/**
 * The venue's closed preparation areas whose dishes a guest's menu would show were they open: the
 * guests' menu leaves those dishes out (isProductOrderable), and names these areas so the guest
 * knows why. A closed area with nothing on the menu anyway (no dish, or all switched off) is not
 * named: nothing vanished because of it.
 */
export async function loadClosedAreas(db: Queryable, retailerId: number): Promise<ClosedArea[]> {
  const rows = await db
    .select({ area: { id: preparationAreas.id, name: preparationAreas.name }, product: products })
    .from(preparationAreas)
    .innerJoin(products, and(eq(products.preparationAreaId, preparationAreas.id), isNull(products.deletedAt)))
    .where(
      and(eq(preparationAreas.retailerId, retailerId), eq(preparationAreas.active, false), isNull(preparationAreas.deletedAt)),
    )
    .orderBy(asc(preparationAreas.name), asc(preparationAreas.id));
  const named = new Map<number, ClosedArea>();
  for (const { area, product } of rows) {
    if (isProductOrderable(product, true)) named.set(area.id, area);
  }
  return [...named.values()];
}
