import { z } from "zod";
import { ALLERGENS, DEFAULT_VAT_CATEGORY, MENU_LANGUAGES, type MenuLanguage, PRODUCT_TYPES, VAT_CATEGORIES } from "../enums.ts";
import { DESCRIPTION_MAX_LENGTH, isCategoryTranslationMissing, NAME_MAX_LENGTH, productTranslationGaps } from "../validators.ts";
import { optionalText, priceField, requiredText, translationsField, translationsRead } from "./crm-fields.ts";
import { productImageVariant } from "./product-image.ts";

/**
 * An option of a product as edited: send the id back for an option that exists, so it keeps its
 * id; an option without one is new, and an existing one left out is removed.
 */
const productOption = z.object({
  id: z.number().int().positive().nullish(),
  name: requiredText("name.required"),
  nameEng: optionalText(),
  nameTranslations: translationsField(),
  price: priceField.nullish().transform((price) => price ?? 0),
});
/** Basic ingredients are the ones a guest may remove; they never cost anything. */
const basicIngredient = productOption.transform((option) => ({ ...option, price: 0 }));
const optionList = <T extends z.ZodType>(item: T) => z.array(item).max(50, { message: "field.invalid" }).default([]);

/**
 * The product form (spec 3 §3, §5). Prices are integer cents. The dine-in price is required while
 * the dine-in flag is on (empty becomes 0 otherwise); the same holds for the take-away price.
 */
export const productForm = z
  .object({
    name: requiredText("product.name.required"),
    nameEng: optionalText(),
    nameTranslations: translationsField(),
    type: z.enum(PRODUCT_TYPES, { error: "field.invalid" }).default("GOOD"),
    description: optionalText(DESCRIPTION_MAX_LENGTH),
    descriptionEng: optionalText(DESCRIPTION_MAX_LENGTH),
    descriptionTranslations: translationsField(DESCRIPTION_MAX_LENGTH),
    hasDineInPrice: z.boolean({ error: "field.invalid" }).default(true),
    price: priceField.nullish(),
    hasTakeAwayPrice: z.boolean({ error: "field.invalid" }).default(false),
    takeAwayPrice: priceField.nullish(),
    vatCategory: z
      .number({ error: "vatCategory.invalid" })
      .refine((value) => Object.hasOwn(VAT_CATEGORIES, value), { message: "vatCategory.invalid" })
      .default(DEFAULT_VAT_CATEGORY),
    /** The menu section; the spec's forms send 0 for none, which is refused. */
    categoryId: z
      .number({ error: "product.category.required" })
      .int({ message: "product.category.required" })
      .positive({ message: "product.category.required" }),
    /** Null: the waiter serves it (Σέρβις), no preparation area. */
    preparationAreaId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((id) => id ?? null),
    allergens: z
      .array(z.enum(ALLERGENS, { error: "field.invalid" }))
      .default([])
      .transform((list) => [...new Set(list)]),
    preparationWays: optionList(productOption),
    basicIngredients: optionList(basicIngredient),
    extraIngredients: optionList(productOption),
  })
  .superRefine((form, ctx) => {
    if (form.hasDineInPrice && form.price == null)
      ctx.addIssue({ code: "custom", path: ["price"], message: "product.price.required" });
    if (form.hasTakeAwayPrice && form.takeAwayPrice == null)
      ctx.addIssue({ code: "custom", path: ["takeAwayPrice"], message: "product.takeAwayPrice.required" });
  })
  .transform((form) => ({ ...form, price: form.price ?? 0, takeAwayPrice: form.hasTakeAwayPrice ? form.takeAwayPrice : null }));
export type ProductFormInput = z.input<typeof productForm>;
export type ProductForm = z.output<typeof productForm>;

/**
 * The product form of a venue: while translations are on, the name, the description and every
 * option also need their English text (spec 3 §5, translation tab), where the venue offers
 * English. German, French and Italian may be filled in over time: what is missing is marked, not
 * refused (decision 046).
 */
export function productFormFor(venue: { translationsActive: boolean; menuLanguages?: readonly MenuLanguage[] }) {
  if (!venue.translationsActive || !(venue.menuLanguages ?? ["en"]).includes("en")) return productForm;
  return productForm.superRefine((form, ctx) => {
    for (const path of productTranslationGaps(form))
      ctx.addIssue({
        code: "custom",
        path: path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message: "translation.required",
      });
  });
}

const crmProductOption = z.object({
  id: z.number(),
  name: z.string(),
  nameEng: z.string().nullable(),
  nameTranslations: translationsRead,
  price: z.number().int(),
});

/** A product as the back office reads it: the form's fields, its availability and picture. */
export const crmProduct = z.object({
  id: z.number(),
  name: z.string(),
  nameEng: z.string().nullable(),
  nameTranslations: translationsRead,
  type: z.enum(PRODUCT_TYPES),
  description: z.string().nullable(),
  descriptionEng: z.string().nullable(),
  descriptionTranslations: translationsRead,
  hasDineInPrice: z.boolean(),
  price: z.number().int(),
  hasTakeAwayPrice: z.boolean(),
  takeAwayPrice: z.number().int().nullable(),
  vatCategory: z.number().int(),
  categoryId: z.number().nullable(),
  preparationAreaId: z.number().nullable(),
  imageUrl: z.string().nullable(),
  imageVariants: z.array(productImageVariant),
  /** Available for dine-in (the spec's `available`) and for take-away. */
  active: z.boolean(),
  takeAwayActive: z.boolean(),
  allergens: z.array(z.enum(ALLERGENS)),
  preparationWays: z.array(crmProductOption),
  basicIngredients: z.array(crmProductOption),
  extraIngredients: z.array(crmProductOption),
  /** Position in its category, 0 first. */
  order: z.number().int(),
  /** Translations are on and some English text is missing (the products tab's mark). */
  translationMissing: z.boolean(),
  /** The venue's other menu languages this product lacks text in while translations are on (decision 046). */
  translationsMissing: z.array(z.enum(MENU_LANGUAGES)),
});
export type CrmProduct = z.infer<typeof crmProduct>;

/** GET api/crm/products: categories in menu order, each with its products in order. */
export const crmCategoryWithProducts = z.object({
  id: z.number(),
  name: z.string(),
  nameEng: z.string().nullable(),
  nameTranslations: translationsRead,
  order: z.number().int(),
  products: z.array(crmProduct),
});
export const crmProductCatalogue = z.array(crmCategoryWithProducts);

/** A row of the category editor: an id for an existing category, none for a new one. */
export const categoryForm = z.object({
  id: z.number().int().positive().nullish(),
  name: requiredText("name.required", NAME_MAX_LENGTH),
  nameEng: optionalText(),
  nameTranslations: translationsField(),
});

/**
 * POST api/crm/product-categories: the whole edited list, in the order to show. Categories left
 * out are deleted, which a category holding products refuses (category_has_products).
 */
export const saveCategoriesRequest = z.array(categoryForm).max(200, { message: "field.invalid" });
export type SaveCategoriesInput = z.input<typeof saveCategoriesRequest>;
export type SaveCategoriesRequest = z.output<typeof saveCategoriesRequest>;

/**
 * The category list of a venue: while translations are on, every category needs its English name
 * where the venue offers English (its other languages are marked, not refused: decision 046).
 */
export function saveCategoriesRequestFor(venue: { translationsActive: boolean; menuLanguages?: readonly MenuLanguage[] }) {
  if (!venue.translationsActive || !(venue.menuLanguages ?? ["en"]).includes("en")) return saveCategoriesRequest;
  return saveCategoriesRequest.superRefine((list, ctx) => {
    list.forEach((category, index) => {
      if (isCategoryTranslationMissing(category))
        ctx.addIssue({ code: "custom", path: [index, "nameEng"], message: "translation.required" });
    });
  });
}

/** A category as the editor reads it; one holding products cannot be deleted. */
export const crmCategory = z.object({
  id: z.number(),
  name: z.string(),
  nameEng: z.string().nullable(),
  nameTranslations: translationsRead,
  order: z.number().int(),
  productCount: z.number().int(),
});
export type CrmCategory = z.infer<typeof crmCategory>;
export const crmCategoryList = z.array(crmCategory);

/** GET api/crm/translation-missing(/product-category): the language asked about, English unless told (decision 046). */
export const translationMissingQuery = z.object({ language: z.enum(MENU_LANGUAGES).default("en") });

/** POST api/crm/order-products: the products of one category in their new order. */
export const orderProductsRequest = z.object({
  productIds: z.array(z.number().int().positive()).min(1).max(1000),
  categoryId: z.number().int().positive(),
});
export type OrderProductsRequest = z.infer<typeof orderProductsRequest>;

/** The product pictures the server keeps: type and upper size. */
export const PRODUCT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PRODUCT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const imageUploadResponse = z.object({ imageUrl: z.string() });
