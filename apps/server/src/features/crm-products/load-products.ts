import type { CrmCategory, CrmProduct } from "@tableorder/domain/contracts/crm-products";
import type { MenuLanguage } from "@tableorder/domain/enums";
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { productCategories, productOptions, products, retailers } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { presentProduct } from "./presenters.ts";

/** Whether the venue translates its menu (shop settings). */
export async function areTranslationsActive(db: Queryable, retailerId: number): Promise<boolean> {
  return (await translatingLanguages(db, retailerId)) !== null;
}

/**
 * The menu languages the venue translates into, whose gaps are marked (decision 046): its chosen
 * ones while translations are on; null while they are off.
 */
export async function translatingLanguages(db: Queryable, retailerId: number): Promise<MenuLanguage[] | null> {
  const [venue] = await db
    .select({ on: retailers.translationsActive, languages: retailers.menuLanguages })
    .from(retailers)
    .where(eq(retailers.id, retailerId));
  return venue?.on ? venue.languages : null;
}

/** Live products of the venue (or some of them) with their options, presented. */
export async function loadProducts(db: Queryable, retailerId: number, ids?: number[]): Promise<CrmProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.retailerId, retailerId), isNull(products.deletedAt), ids ? inArray(products.id, ids) : undefined))
    .orderBy(asc(products.sortOrder), asc(products.id));
  if (!rows.length) return [];
  const options = await db
    .select()
    .from(productOptions)
    .where(
      inArray(
        productOptions.productId,
        rows.map((p) => p.id),
      ),
    )
    .orderBy(asc(productOptions.sortOrder), asc(productOptions.id));
  const translating = (await translatingLanguages(db, retailerId)) ?? [];
  return rows.map((product) => presentProduct(product, options, translating));
}

/** One live product of the venue; another venue's or a deleted one is a 404. */
export async function loadProduct(db: Queryable, retailerId: number, productId: number): Promise<CrmProduct> {
  const [product] = await loadProducts(db, retailerId, [productId]);
  if (!product) throw new AppError("not_found", 404, { entity: "product" });
  return product;
}

/**
 * GET api/crm/products: the categories in menu order, each with its products in order. Products
 * without a category (older data) come last under id 0, so none is out of the admin's reach.
 */
export async function loadCatalogue(db: Queryable, retailerId: number) {
  const categories = await db
    .select()
    .from(productCategories)
    .where(eq(productCategories.retailerId, retailerId))
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.id));
  const all = await loadProducts(db, retailerId);
  const grouped = categories.map((category) => ({
    id: category.id,
    name: category.name,
    nameEng: category.nameEng,
    nameTranslations: category.nameTranslations,
    order: category.sortOrder,
    products: all.filter((p) => p.categoryId === category.id),
  }));
  const homeless = all.filter((p) => p.categoryId == null);
  if (homeless.length)
    grouped.push({ id: 0, name: "", nameEng: null, nameTranslations: {}, order: grouped.length, products: homeless });
  return grouped;
}

/** The category editor's list, with how many live products each holds. */
export async function listCategories(db: Queryable, retailerId: number): Promise<CrmCategory[]> {
  const categories = await db
    .select()
    .from(productCategories)
    .where(eq(productCategories.retailerId, retailerId))
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.id));
  const counts = await db
    .select({ categoryId: products.categoryId, products: count() })
    .from(products)
    .where(and(eq(products.retailerId, retailerId), isNull(products.deletedAt)))
    .groupBy(products.categoryId);
  return categories.map((c) => ({
    id: c.id,
    name: c.name,
    nameEng: c.nameEng,
    nameTranslations: c.nameTranslations,
    order: c.sortOrder,
    productCount: Number(counts.find((row) => row.categoryId === c.id)?.products ?? 0),
  }));
}
