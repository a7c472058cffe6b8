import type { MenuLanguage } from "@tableorder/domain/enums";
import type { FieldError } from "@tableorder/domain/errors";
import { isCategoryTranslationMissing, productTranslationGaps } from "@tableorder/domain/validators";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { productCategories } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { loadCatalogue, translatingLanguages } from "./load-products.ts";

/**
 * The products tab's mark: translations are on, the venue offers the language (English unless
 * told, as the spec asks) and some product lacks its text in it.
 */
export async function isProductTranslationMissing(
  db: Queryable,
  retailerId: number,
  language: MenuLanguage = "en",
): Promise<boolean> {
  if (!(await translatingLanguages(db, retailerId))?.includes(language)) return false;
  const catalogue = await loadCatalogue(db, retailerId);
  return catalogue.some((category) => category.products.some((product) => product.translationsMissing.includes(language)));
}

/** The categories' mark: translations are on, the language offered, and some category lacks its name in it. */
export async function isCategoryTranslationMissingIn(
  db: Queryable,
  retailerId: number,
  language: MenuLanguage = "en",
): Promise<boolean> {
  if (!(await translatingLanguages(db, retailerId))?.includes(language)) return false;
  const categories = await db
    .select({
      name: productCategories.name,
      nameEng: productCategories.nameEng,
      nameTranslations: productCategories.nameTranslations,
    })
    .from(productCategories)
    .where(eq(productCategories.retailerId, retailerId));
  return categories.some((category) => isCategoryTranslationMissing(category, language));
}

/**
 * Refuses a product form without its English texts while the venue translates into English (spec 3
 * §5); its other languages are marked where missing, never refused (decision 046).
 */
export function assertProductTranslated(
  form: Parameters<typeof productTranslationGaps>[0],
  translating: readonly MenuLanguage[] | null,
): void {
  if (!translating?.includes("en")) return;
  const fieldErrors: FieldError[] = productTranslationGaps(form).map((field) => ({
    objectName: "body",
    field,
    message: "translation.required",
  }));
  if (fieldErrors.length) throw new AppError("validation", 400, {}, fieldErrors);
}
