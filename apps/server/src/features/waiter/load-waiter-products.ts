import type { WaiterProduct } from "@tableorder/domain/contracts/waiter";
import { and, asc, eq, isNull } from "drizzle-orm";
import { staffRetailerId } from "../../auth/guards.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Queryable } from "../../db/client.ts";
import { products } from "../../db/schema.ts";

/** The venue's products for the waiter's Availability tab (spec 2 §3), price in cents. */
export async function loadWaiterProducts(db: Queryable, principal: Principal): Promise<WaiterProduct[]> {
  const rows = await db
    .select({ id: products.id, label: products.name, price: products.priceCents, active: products.active })
    .from(products)
    .where(and(eq(products.retailerId, staffRetailerId(principal)), isNull(products.deletedAt)))
    .orderBy(asc(products.sortOrder), asc(products.name));
  return rows;
}
