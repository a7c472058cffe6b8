import type { SetupChecklist } from "@tableorder/domain/contracts/crm-retailer";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { diningTables, preparationAreas, products, retailers, users } from "../../db/schema.ts";

/**
 * The venue row the subqueries belong to, named in full: in a query of one table Drizzle writes
 * its columns unqualified, and inside a subquery "id" would be the subquery's own.
 */
const THIS_VENUE = sql.raw('"retailers"."id"');

/** Whether the venue has a live row of this table matching the condition (an indexed probe). */
const has = (table: typeof products | typeof preparationAreas | typeof diningTables | typeof users, condition = sql`true`) =>
  sql<boolean>`exists (select 1 from ${table} where ${table.retailerId} = ${THIS_VENUE} and ${table.deletedAt} is null and ${condition})`;

/**
 * The first-run guide of a new venue (issue 18), read from what the venue holds rather than
 * from ticks kept aside, so each step is done exactly when the venue is ready for it: shop
 * settings saved, a product (every product has a category), a preparation area, a table with
 * its QR sheet opened, a waiter, and the invoicing settings saved.
 */
export async function loadSetupChecklist(db: Db, retailerId: number): Promise<SetupChecklist> {
  const [row] = await db
    .select({
      shopDetails: sql<boolean>`${retailers.mainCuisine} is not null`,
      categoryAndProduct: has(products, sql`${products.categoryId} is not null`),
      preparationArea: has(preparationAreas),
      tablesAndQrSheet: sql<boolean>`${retailers.qrSheetOpenedAt} is not null and ${has(diningTables, sql`${diningTables.kind} = 'TABLE'`)}`,
      waiter: has(users, sql`${users.role} = 'WAITER'`),
      invoicing: sql<boolean>`${retailers.invoicing} <> '{}'::jsonb`,
    })
    .from(retailers)
    .where(eq(retailers.id, retailerId));
  return row;
}
