import type { CrmProduct } from "@tableorder/domain/contracts/crm-products";
import { productImageVariants } from "@tableorder/domain/contracts/product-image";
import type { Allergen, MenuLanguage, ProductOptionKind, ProductType } from "@tableorder/domain/enums";
import { productTranslationGaps } from "@tableorder/domain/validators";
import type { productOptions, products } from "../../db/schema.ts";

export type ProductRow = typeof products.$inferSelect;
export type OptionRow = typeof productOptions.$inferSelect;

/** A product as the back office edits it: the form's fields with cents, ids of every option. */
export function presentProduct(product: ProductRow, options: OptionRow[], translating: readonly MenuLanguage[]): CrmProduct {
  const of = (kind: ProductOptionKind) =>
    options
      .filter((o) => o.productId === product.id && o.kind === kind)
      .map((o) => ({ id: o.id, name: o.name, nameEng: o.nameEng, nameTranslations: o.nameTranslations, price: o.priceCents }));
  const presented = {
    id: product.id,
    name: product.name,
    nameEng: product.nameEng,
    nameTranslations: product.nameTranslations,
    type: product.type as ProductType,
    description: product.description,
    descriptionEng: product.descriptionEng,
    descriptionTranslations: product.descriptionTranslations,
    hasDineInPrice: product.hasDineInPrice,
    price: product.priceCents,
    hasTakeAwayPrice: product.hasTakeAwayPrice,
    takeAwayPrice: product.takeAwayPriceCents,
    vatCategory: product.vatCategory,
    categoryId: product.categoryId,
    preparationAreaId: product.preparationAreaId,
    imageUrl: product.imageUrl,
    imageVariants: productImageVariants(product.imageUrl),
    active: product.active,
    takeAwayActive: product.takeAwayActive,
    allergens: product.allergens as Allergen[],
    preparationWays: of("PREPARATION_WAY"),
    basicIngredients: of("BASIC_INGREDIENT"),
    extraIngredients: of("EXTRA_INGREDIENT"),
    order: product.sortOrder,
  };
  const translationsMissing = translating.filter((language) => productTranslationGaps(presented, language).length > 0);
  return { ...presented, translationMissing: translationsMissing.includes("en"), translationsMissing };
}
