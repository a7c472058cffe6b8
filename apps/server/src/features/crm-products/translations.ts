import type { FieldError } from "@tableorder/domain/errors";
import { isCategoryTranslationMissing, productTranslationGaps } from "@tableorder/domain/validators";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { productCategories } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { areTranslationsActive, loadCatalogue } from "./load-products.ts";

/** The products tab's mark: translations are on and some product lacks English text. */
export async function isProductTranslationMissing(db: Queryable, retailerId: number): Promise<boolean> {
  if (!(await areTranslationsActive(db, retailerId))) return false;
  const catalogue = await loadCatalogue(db, retailerId);
  return catalogue.some((category) => category.products.some((product) => product.translationMissing));
}

/** The categories' mark: translations are on and some category lacks its English name. */
export async function isCategoryTranslationMissingIn(db: Queryable, retailerId: number): Promise<boolean> {
  if (!(await areTranslationsActive(db, retailerId))) return false;
  const categories = await db
    .select({ name: productCategories.name, nameEng: productCategories.nameEng })
    .from(productCategories)
    .where(eq(productCategories.retailerId, retailerId));
  return categories.some(isCategoryTranslationMissing);
}

/** Refuses a product form without its English texts while the venue translates (spec 3 §5). */
export function assertProductTranslated(form: Parameters<typeof productTranslationGaps>[0], translationsActive: boolean): void {
  if (!translationsActive) return;
  const fieldErrors: FieldError[] = productTranslationGaps(form).map((field) => ({
    objectName: "body",
    field,
    message: "translation.required",
  }));
  if (fieldErrors.length) throw new AppError("validation", 400, {}, fieldErrors);
}
