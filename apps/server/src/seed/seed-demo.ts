import { readFile } from "node:fs/promises";
import path from "node:path";
import { PRODUCT_IMAGE_WIDTHS } from "@tableorder/domain/contracts/product-image";
import { MENU_LANGUAGES } from "@tableorder/domain/enums";
import { eq } from "drizzle-orm";
import { hashPassword } from "../auth/passwords.ts";
import type { Db } from "../db/client.ts";
import {
  cardTerminals,
  diningTables,
  preparationAreas,
  productCategories,
  productOptions,
  products,
  retailers,
  tableWaiters,
  users,
} from "../db/schema.ts";
import { type ProductPicture, writeProductPicture } from "../features/crm-products/product-image.ts";
import { runtimeFile } from "../server-files.ts";
import { DEMO_MENU, type DemoOption } from "./demo-menu.ts";
import { demoTranslations } from "./demo-menu-translations.ts";

export const DEMO_VENUE_NAME = "Demo Taverna";
/** The demo's shared password; these accounts exist only in the demo venue. */
export const DEMO_PASSWORD = "demo1234";
export const DEMO_SIGN_INS = [
  { login: "admin", role: "ADMIN", area: "/service/admin" },
  { login: "cashdesk", role: "CASH_DESK", area: "/service/admin" },
  { login: "waiter", role: "WAITER", area: "/service/wait" },
  { login: "kitchen", role: "COOK", area: "/service/prep" },
  { login: "bar", role: "COOK", area: "/service/prep" },
] as const;
/** The demo's preparation areas by the menu's key for them, named in Greek as a Greek venue would. */
export const DEMO_AREA_NAMES = { Kitchen: "Κουζίνα", Bar: "Μπαρ" } as const;

/** The demo venue's id, or null where it was never created (a database of real venues only). */
export async function findDemoVenue(db: Db): Promise<number | null> {
  const [existing] = await db.select({ id: retailers.id }).from(retailers).where(eq(retailers.name, DEMO_VENUE_NAME));
  return existing?.id ?? null;
}

/**
 * A demo dish's illustration as an upload stores it. The sized copies an upload makes are shipped
 * beside each picture (made with the upload's settings), so the first start needs no image library:
 * making them here took about a second and loads libvips (25 MB) into every new demo.
 */
async function readDemoPicture(name: string): Promise<ProductPicture> {
  const read = (file: string) => readFile(path.join(runtimeFile("seed/demo-pictures"), file));
  const [data, ...copies] = await Promise.all([
    read(`${name}.webp`),
    ...PRODUCT_IMAGE_WIDTHS.map((width) => read(`${name}.${width}.webp`)),
  ]);
  return { contentType: "image/webp", data, variants: PRODUCT_IMAGE_WIDTHS.map((width, i) => ({ width, data: copies[i] })) };
}

/**
 * Creates Demo Taverna with its tables, preparation areas, staff and menu. Does nothing when the
 * venue already exists, so it is safe to run on every start and on any database.
 */
export async function seedDemoVenue(db: Db): Promise<{ created: boolean; retailerId: number }> {
  const existing = await findDemoVenue(db);
  if (existing != null) return { created: false, retailerId: existing };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const [venue] = await tx
      .insert(retailers)
      .values({
        name: DEMO_VENUE_NAME,
        nameEng: DEMO_VENUE_NAME,
        type: "RESTAURANT",
        mainCuisine: "GREEK",
        secondaryCuisine: [1, 2],
        translationsActive: true,
        // The demo shows the guest side's five languages, its menu translated (issue 33).
        menuLanguages: [...MENU_LANGUAGES],
      })
      .returning();
    const [kitchen, bar] = await tx
      .insert(preparationAreas)
      .values([
        { retailerId: venue.id, name: DEMO_AREA_NAMES.Kitchen },
        { retailerId: venue.id, name: DEMO_AREA_NAMES.Bar },
      ])
      .returning();
    const tables = await tx
      .insert(diningTables)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          retailerId: venue.id,
          label: String(i + 1),
          code: `demo-${i + 1}`,
          sortOrder: i,
        })),
      )
      .returning();
    const staff = (
      login: string,
      role: string,
      firstName: string,
      lastName: string,
      preparationAreaId: number | null = null,
    ) => ({
      retailerId: venue.id,
      login,
      role,
      passwordHash,
      firstName,
      lastName,
      preparationAreaId,
    });
    const created = await tx
      .insert(users)
      .values([
        staff("admin", "ADMIN", "Μαρία", "Παπαδοπούλου"),
        staff("cashdesk", "CASH_DESK", "Ταμείο", ""),
        staff("waiter", "WAITER", "Νίκος", "Γεωργίου"),
        staff("kitchen", "COOK", DEMO_AREA_NAMES.Kitchen, "", kitchen.id),
        staff("bar", "COOK", DEMO_AREA_NAMES.Bar, "", bar.id),
      ])
      .returning();
    // One card terminal, so a waiter can collect by card at the table (the sandbox terminal by default).
    await tx
      .insert(cardTerminals)
      .values({ retailerId: venue.id, friendlyName: "POS 1", tid: "12345678", mid: "1234567", type: "Viva" });
    const waiter = created.find((u) => u.login === "waiter");
    if (waiter) await tx.insert(tableWaiters).values(tables.map((t) => ({ tableId: t.id, userId: waiter.id })));

    const areaIds = { Kitchen: kitchen.id, Bar: bar.id };
    for (const [categoryIndex, category] of DEMO_MENU.entries()) {
      const [row] = await tx
        .insert(productCategories)
        .values({
          retailerId: venue.id,
          name: category.name,
          nameEng: category.nameEng,
          nameTranslations: demoTranslations(category.nameEng),
          sortOrder: categoryIndex,
        })
        .returning();
      for (const [productIndex, item] of category.products.entries()) {
        const [product] = await tx
          .insert(products)
          .values({
            retailerId: venue.id,
            categoryId: row.id,
            name: item.name,
            nameEng: item.nameEng,
            nameTranslations: demoTranslations(item.nameEng),
            description: item.description ?? null,
            descriptionEng: item.descriptionEng ?? null,
            descriptionTranslations: demoTranslations(item.descriptionEng),
            priceCents: item.price,
            hasDineInPrice: true,
            takeAwayPriceCents: item.takeAway ?? null,
            hasTakeAwayPrice: item.takeAway != null,
            preparationAreaId: item.area ? areaIds[item.area] : null,
            allergens: item.allergens ?? [],
            sortOrder: productIndex,
          })
          .returning();
        const options = (kind: string, list: DemoOption[] = []) =>
          list.map((o, i) => ({
            productId: product.id,
            kind,
            name: o.name,
            nameEng: o.nameEng,
            nameTranslations: demoTranslations(o.nameEng),
            priceCents: o.price ?? 0,
            sortOrder: i,
          }));
        const all = [
          ...options("PREPARATION_WAY", item.ways),
          ...options("BASIC_INGREDIENT", item.basics),
          ...options("EXTRA_INGREDIENT", item.extras),
        ];
        if (all.length) await tx.insert(productOptions).values(all);
        await writeProductPicture(tx, { retailerId: venue.id, productId: product.id }, await readDemoPicture(item.picture));
      }
    }
    return { created: true, retailerId: venue.id };
  });
}
