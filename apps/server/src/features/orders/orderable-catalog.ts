import { isProductOrderableFor } from "@tableorder/domain/availability";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { jsonValue } from "../../db/json-value.ts";
import { preparationAreas, type productOptions, products } from "../../db/schema.ts";

export type ProductRow = typeof products.$inferSelect;
export type OptionRow = typeof productOptions.$inferSelect;

/** A product as an order needs it: whether it may be ordered now (dine-in, take-away), and its options. */
export interface OrderableProduct {
  product: ProductRow;
  orderable: boolean;
  takeAwayOrderable: boolean;
  options: OptionRow[];
}

/** A venue's products by id, with their options; what an order is checked and priced against. */
export type OrderableCatalog = Map<number, OrderableProduct>;

/**
 * Reads a venue's whole catalogue in one statement: every product, whether its area is open, and
 * its options. Orders read it from a cache (`VenueCache`) that catalogue changes drop, so an order
 * costs no catalogue read on the database.
 */
export async function loadOrderableCatalog(db: Db, retailerId: number): Promise<OrderableCatalog> {
  const rows = await db
    .select({
      product: products,
      areaActive: preparationAreas.active,
      options: sql<OptionRow[] | string>`coalesce((
        select jsonb_agg(jsonb_build_object('id', o.id, 'productId', o.product_id, 'kind', o.kind, 'name', o.name,
          'nameEng', o.name_eng, 'nameTranslations', o.name_translations, 'priceCents', o.price_cents, 'sortOrder', o.sort_order) order by o.sort_order, o.id)
        from product_options o where o.product_id = ${products.id}), '[]'::jsonb)`,
    })
    .from(products)
    .leftJoin(preparationAreas, eq(preparationAreas.id, products.preparationAreaId))
    .where(and(eq(products.retailerId, retailerId), isNull(products.deletedAt)));
  return new Map(
    rows.map(({ product, areaActive, options }) => [
      product.id,
      {
        product,
        orderable: isProductOrderableFor(product, areaActive, "DINE_IN"),
        takeAwayOrderable: isProductOrderableFor(product, areaActive, "TAKE_AWAY"),
        options: jsonValue(options),
      },
    ]),
  );
}
