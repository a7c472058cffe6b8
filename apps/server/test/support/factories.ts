import { randomUUID } from "node:crypto";
import { hashPassword } from "../../src/auth/passwords.ts";
import type { Db } from "../../src/db/client.ts";
import {
  diningTables,
  preparationAreas,
  productCategories,
  productOptions,
  products,
  retailers,
  users,
} from "../../src/db/schema.ts";

/** Small builders for the rows a test needs; each returns what it made. */

const unique = () => randomUUID().slice(0, 8);
export const TEST_PASSWORD = "secret-pass";
let cachedHash: Promise<string> | null = null;
const passwordHash = () => {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
};

export async function buildVenue(db: Db, values: Partial<typeof retailers.$inferInsert> = {}) {
  const [venue] = await db
    .insert(retailers)
    .values({ name: `Venue ${unique()}`, ...values })
    .returning();
  return venue;
}

export async function buildArea(db: Db, retailerId: number, values: Partial<typeof preparationAreas.$inferInsert> = {}) {
  const [area] = await db
    .insert(preparationAreas)
    .values({ retailerId, name: `Area ${unique()}`, ...values })
    .returning();
  return area;
}

export async function buildTable(db: Db, retailerId: number, values: Partial<typeof diningTables.$inferInsert> = {}) {
  const id = unique();
  const [table] = await db
    .insert(diningTables)
    .values({ retailerId, label: `T${id}`, code: `code-${id}`, ...values })
    .returning();
  return table;
}

export async function buildStaff(
  db: Db,
  retailerId: number,
  role: "ADMIN" | "CASH_DESK" | "WAITER" | "COOK",
  values: Partial<typeof users.$inferInsert> = {},
) {
  const [user] = await db
    .insert(users)
    .values({
      retailerId,
      role,
      login: `${role.toLowerCase()}-${unique()}`,
      passwordHash: await passwordHash(),
      firstName: "Staff",
      ...values,
    })
    .returning();
  return user;
}

/** A platform operator (issue 18): no venue, a password like the staff's. */
export async function buildOperator(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({ role: "OPERATOR", login: `operator-${unique()}`, passwordHash: await passwordHash(), ...values })
    .returning();
  return user;
}

export async function buildCategory(db: Db, retailerId: number, values: Partial<typeof productCategories.$inferInsert> = {}) {
  const [category] = await db
    .insert(productCategories)
    .values({ retailerId, name: `Cat ${unique()}`, ...values })
    .returning();
  return category;
}

export interface ProductOptionsInput {
  ways?: { name: string; price?: number }[];
  basics?: { name: string }[];
  extras?: { name: string; price?: number }[];
}

export async function buildProduct(
  db: Db,
  retailerId: number,
  values: Partial<typeof products.$inferInsert> & { categoryId: number },
  options: ProductOptionsInput = {},
) {
  const [product] = await db
    .insert(products)
    .values({ retailerId, name: `Product ${unique()}`, priceCents: 500, ...values })
    .returning();
  const rows = [
    ...(options.ways ?? []).map((o, i) => ({ kind: "PREPARATION_WAY", name: o.name, priceCents: o.price ?? 0, sortOrder: i })),
    ...(options.basics ?? []).map((o, i) => ({ kind: "BASIC_INGREDIENT", name: o.name, priceCents: 0, sortOrder: i })),
    ...(options.extras ?? []).map((o, i) => ({ kind: "EXTRA_INGREDIENT", name: o.name, priceCents: o.price ?? 0, sortOrder: i })),
  ];
  const created = rows.length
    ? await db
        .insert(productOptions)
        .values(rows.map((r) => ({ ...r, productId: product.id })))
        .returning()
    : [];
  const of = (kind: string) => created.filter((o) => o.kind === kind);
  return { ...product, ways: of("PREPARATION_WAY"), basics: of("BASIC_INGREDIENT"), extras: of("EXTRA_INGREDIENT") };
}

/** A venue with a kitchen, a bar, two tables, a cook per area, a waiter and an admin, and a small menu. */
export async function buildRunningVenue(db: Db) {
  const venue = await buildVenue(db);
  const kitchen = await buildArea(db, venue.id, { name: "Kitchen" });
  const bar = await buildArea(db, venue.id, { name: "Bar" });
  const table = await buildTable(db, venue.id);
  const otherTable = await buildTable(db, venue.id);
  const cook = await buildStaff(db, venue.id, "COOK", { preparationAreaId: kitchen.id });
  const barman = await buildStaff(db, venue.id, "COOK", { preparationAreaId: bar.id });
  const waiter = await buildStaff(db, venue.id, "WAITER");
  const admin = await buildStaff(db, venue.id, "ADMIN");
  const category = await buildCategory(db, venue.id);
  const salad = await buildProduct(
    db,
    venue.id,
    {
      categoryId: category.id,
      name: "Χωριάτικη",
      nameEng: "Greek salad",
      priceCents: 950,
      preparationAreaId: kitchen.id,
      allergens: ["milk"],
    },
    { basics: [{ name: "Κρεμμύδι" }, { name: "Ελιές" }], extras: [{ name: "Κάπαρη", price: 50 }] },
  );
  const souvlaki = await buildProduct(
    db,
    venue.id,
    { categoryId: category.id, name: "Σουβλάκι", priceCents: 1100, preparationAreaId: kitchen.id },
    {
      ways: [{ name: "Καλοψημένο" }, { name: "Γεμιστό", price: 150 }],
      extras: [
        { name: "Πίτα", price: 50 },
        { name: "Αυγό", price: 100 },
      ],
    },
  );
  const coffee = await buildProduct(db, venue.id, {
    categoryId: category.id,
    name: "Freddo",
    priceCents: 350,
    preparationAreaId: bar.id,
  });
  const water = await buildProduct(db, venue.id, {
    categoryId: category.id,
    name: "Νερό",
    priceCents: 100,
    preparationAreaId: null,
  });
  return { venue, kitchen, bar, table, otherTable, cook, barman, waiter, admin, category, salad, souvlaki, coffee, water };
}

/** A running venue plus a cash-desk account: everyone the back office's rules tell apart. */
export async function buildBackOfficeVenue(db: Db) {
  const venue = await buildRunningVenue(db);
  const cashDesk = await buildStaff(db, venue.venue.id, "CASH_DESK");
  return { ...venue, cashDesk };
}
