import type { SaveCategoriesRequest } from "@tableorder/domain/contracts/crm-products";
import { isCategoryTranslationMissing, repeatedCategoryNames } from "@tableorder/domain/validators";
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productCategories, products, retailers } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { isForeignKeyViolation } from "../../lib/database-errors.ts";
import type { EventBus } from "../../realtime/types.ts";
import { listCategories, translatingLanguages } from "./load-products.ts";

/**
 * Saves the category editor's whole list (spec 3 §4): rows with an id are renamed and moved to
 * their place in the list, rows without one are added, and categories left out are deleted. A
 * category that still holds products cannot be deleted (category_has_products) and nothing of
 * the save applies. Two categories may not share a name (category_name_already_exists): the list
 * sent becomes the venue's whole list, so the list alone decides it.
 *
 * Saves of one venue's list run one after the other: each takes the venue's row lock first, so the
 * next save reads the categories the previous one added, and deletes or keeps them by its own list
 * (locking only the category rows lets two saves add the same name side by side: rows added by the
 * other save are not among those locked). A product added meanwhile to a removed category fails
 * the delete, not silently.
 */
export async function saveCategories(options: { db: Db; events: EventBus; retailerId: number; list: SaveCategoriesRequest }) {
  const { db, retailerId, list } = options;
  const [repeated] = repeatedCategoryNames(list);
  if (repeated !== undefined)
    throw new AppError("category_name_already_exists", 400, { index: repeated, name: list[repeated].name });
  try {
    await db.transaction(async (tx) => {
      // "No key update": orders and products referencing the venue meanwhile are not held up.
      await tx.select({ id: retailers.id }).from(retailers).where(eq(retailers.id, retailerId)).for("no key update");
      // English is required while the venue translates into it (spec 3 §5); the others are marked.
      if ((await translatingLanguages(tx, retailerId))?.includes("en")) {
        const fieldErrors = list.flatMap((category, index) =>
          isCategoryTranslationMissing(category)
            ? [{ objectName: "body", field: `${index}.nameEng`, message: "translation.required" }]
            : [],
        );
        if (fieldErrors.length) throw new AppError("validation", 400, {}, fieldErrors);
      }
      const existing = await tx
        .select({ id: productCategories.id, name: productCategories.name })
        .from(productCategories)
        .where(eq(productCategories.retailerId, retailerId))
        .for("update");
      const sentIds = list.map((c) => c.id).filter((id): id is number => id != null);
      const unknown = sentIds.filter((id) => !existing.some((c) => c.id === id));
      if (unknown.length) throw new AppError("not_found", 404, { entity: "category", ids: unknown });
      if (new Set(sentIds).size !== sentIds.length) throw new AppError("validation", 400, { reason: "duplicate category id" });

      const removed = existing.filter((c) => !sentIds.includes(c.id));
      if (removed.length) {
        const removedIds = removed.map((c) => c.id);
        const [holding] = await tx
          .select({ categoryId: products.categoryId })
          .from(products)
          .where(and(inArray(products.categoryId, removedIds), isNull(products.deletedAt)))
          .limit(1);
        if (holding) {
          const category = removed.find((c) => c.id === holding.categoryId);
          throw new AppError("category_has_products", 400, { categoryId: category?.id, name: category?.name });
        }
        // Deleted products keep nothing of a category worth a row; they let go of it.
        await tx
          .update(products)
          .set({ categoryId: null })
          .where(and(inArray(products.categoryId, removedIds), isNotNull(products.deletedAt)));
        await tx.delete(productCategories).where(inArray(productCategories.id, removedIds));
      }
      for (const [sortOrder, category] of list.entries()) {
        const values = { name: category.name, nameEng: category.nameEng, nameTranslations: category.nameTranslations, sortOrder };
        if (category.id == null) await tx.insert(productCategories).values({ ...values, retailerId });
        else await tx.update(productCategories).set(values).where(eq(productCategories.id, category.id));
      }
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("category_has_products", 400);
    throw error;
  }
  await options.events.publish({ type: "catalog.changed", retailerId });
  return listCategories(db, retailerId);
}
