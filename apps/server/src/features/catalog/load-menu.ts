import { basePriceFor, isProductOrderable, isProductOrderableFor } from "@tableorder/domain/availability";
import type { MenuCategory, MenuProduct } from "@tableorder/domain/contracts/menu";
import { productImageVariants } from "@tableorder/domain/contracts/product-image";
import type { Allergen, MenuLanguage, Translations, UiLanguage } from "@tableorder/domain/enums";
import { localize } from "@tableorder/domain/localized-name";
import { productTranslationGaps } from "@tableorder/domain/validators";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { preparationAreas, productCategories, productOptions, products, retailers } from "../../db/schema.ts";

type ProductRow = typeof products.$inferSelect;
type OptionRow = typeof productOptions.$inferSelect;

function presentProduct(
  product: ProductRow,
  options: OptionRow[],
  areaName: string | null,
  lang: UiLanguage,
  venue: { translationsActive: boolean; menuLanguages: MenuLanguage[] },
  serviceMode: "DINE_IN" | "TAKE_AWAY",
): MenuProduct {
  let untranslated = false;
  const name = (greek: string, eng: string | null, translations: Translations) => {
    const shown = localize(lang, venue.menuLanguages, greek, eng, translations);
    if (shown.language !== lang) untranslated = true;
    return shown.text;
  };
  const of = (kind: string) => options.filter((o) => o.kind === kind);
  const presented = {
    id: product.id,
    name: name(product.name, product.nameEng, product.nameTranslations),
    description: product.description ? name(product.description, product.descriptionEng, product.descriptionTranslations) : null,
    imageUrl: product.imageUrl,
    imageVariants: productImageVariants(product.imageUrl),
    // A take-away's menu is priced at take-away prices, so a basket needs no pricing of its own.
    price: basePriceFor(product, serviceMode),
    takeAwayPrice: product.takeAwayPriceCents,
    active: product.active,
    hasTakeAwayPrice: product.hasTakeAwayPrice,
    hasDineInPrice: product.hasDineInPrice,
    takeAwayActive: product.takeAwayActive,
    preparationArea: areaName,
    preparationAreaId: product.preparationAreaId,
    // English readers see the mark where the venue translates but this product is not done yet.
    translationMissing:
      lang === "en" &&
      venue.translationsActive &&
      productTranslationGaps({
        ...product,
        preparationWays: of("PREPARATION_WAY"),
        basicIngredients: of("BASIC_INGREDIENT"),
        extraIngredients: of("EXTRA_INGREDIENT"),
      }).length > 0,
    basicIngredients: of("BASIC_INGREDIENT").map((o) => ({
      id: o.id,
      name: name(o.name, o.nameEng, o.nameTranslations),
      extraPrice: 0,
      selected: true,
    })),
    extraIngredients: of("EXTRA_INGREDIENT").map((o) => ({
      id: o.id,
      name: name(o.name, o.nameEng, o.nameTranslations),
      extraPrice: o.priceCents,
      selected: false,
    })),
    preparationWays: of("PREPARATION_WAY").map((o) => ({
      id: o.id,
      label: name(o.name, o.nameEng, o.nameTranslations),
      price: o.priceCents,
    })),
    allergens: product.allergens as Allergen[],
  };
  return { ...presented, untranslated };
}

interface MenuScope {
  retailerId: number;
  lang: UiLanguage;
  /** Guests see only what can be ordered; staff see everything, to switch it on or off. */
  onlyOrderable: boolean;
  /** Only this preparation area's products (a cook's, or the cash desk looking at one area). */
  preparationAreaId?: number;
  /** A take-away's menu: only what can be ordered for take-away, at its take-away price. */
  serviceMode?: "DINE_IN" | "TAKE_AWAY";
}

/**
 * A venue's menu: categories in order, each with its products in order, in one language, where
 * the venue has translated it (localize), and marked where it has not.
 */
export async function loadMenu(db: Queryable, scope: MenuScope): Promise<MenuCategory[]> {
  const { retailerId, lang } = scope;
  const [retailer] = await db.select().from(retailers).where(eq(retailers.id, retailerId)).limit(1);
  const categories = await db
    .select()
    .from(productCategories)
    .where(eq(productCategories.retailerId, retailerId))
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.id));
  const rows = await db
    .select({ product: products, areaName: preparationAreas.name, areaActive: preparationAreas.active })
    .from(products)
    .leftJoin(preparationAreas, eq(preparationAreas.id, products.preparationAreaId))
    .where(
      and(
        eq(products.retailerId, retailerId),
        isNull(products.deletedAt),
        scope.preparationAreaId == null ? undefined : eq(products.preparationAreaId, scope.preparationAreaId),
      ),
    )
    .orderBy(asc(products.sortOrder), asc(products.id));
  const serviceMode = scope.serviceMode ?? "DINE_IN";
  const shown =
    serviceMode === "TAKE_AWAY"
      ? rows.filter((r) => isProductOrderableFor(r.product, r.areaActive, "TAKE_AWAY"))
      : scope.onlyOrderable
        ? rows.filter((r) => isProductOrderable(r.product, r.areaActive))
        : rows;
  const options = shown.length
    ? await db
        .select()
        .from(productOptions)
        .where(
          inArray(
            productOptions.productId,
            shown.map((r) => r.product.id),
          ),
        )
        .orderBy(asc(productOptions.sortOrder), asc(productOptions.id))
    : [];
  const venue = { translationsActive: retailer?.translationsActive ?? false, menuLanguages: retailer?.menuLanguages ?? [] };
  return categories
    .map((category) => {
      const shownName = localize(lang, venue.menuLanguages, category.name, category.nameEng, category.nameTranslations);
      return {
        id: category.id,
        name: shownName.text,
        untranslated: shownName.language !== lang,
        products: shown
          .filter((r) => r.product.categoryId === category.id)
          .map((r) =>
            presentProduct(
              r.product,
              options.filter((o) => o.productId === r.product.id),
              r.areaName,
              lang,
              venue,
              serviceMode,
            ),
          ),
      };
    })
    .filter((category) => category.products.length > 0);
}
