import { z } from "zod";
import { ALLERGENS } from "../enums.ts";
import { productImageVariant } from "./product-image.ts";

export const menuIngredient = z.object({
  id: z.number(),
  name: z.string(),
  extraPrice: z.number().int(),
  selected: z.boolean(),
});

export const preparationWay = z.object({ id: z.number(), label: z.string(), price: z.number().int() });

/** A product as guests and staff menus show it; prices in cents. */
export const menuProduct = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Sized copies of the picture, smallest first; empty without one. */
  imageVariants: z.array(productImageVariant),
  price: z.number().int(),
  takeAwayPrice: z.number().int().nullable(),
  active: z.boolean(),
  hasTakeAwayPrice: z.boolean(),
  /** Whether a dine-in price is set; availability cannot be switched on without one. */
  hasDineInPrice: z.boolean(),
  takeAwayActive: z.boolean(),
  preparationArea: z.string().nullable(),
  preparationAreaId: z.number().nullable(),
  translationMissing: z.boolean(),
  /**
   * Some of its texts are shown in English or Greek, as the venue has not translated them into the
   * reader's language (decision 046): the menu then says so once.
   */
  untranslated: z.boolean(),
  basicIngredients: z.array(menuIngredient),
  extraIngredients: z.array(menuIngredient),
  preparationWays: z.array(preparationWay),
  allergens: z.array(z.enum(ALLERGENS)),
});
export type MenuProduct = z.infer<typeof menuProduct>;

export const menuCategory = z.object({
  id: z.number(),
  name: z.string(),
  /** Its name is shown in English or Greek, untranslated into the reader's language (decision 046). */
  untranslated: z.boolean(),
  products: z.array(menuProduct),
});
export type MenuCategory = z.infer<typeof menuCategory>;
export const menu = z.array(menuCategory);

/**
 * A preparation area that is closed now (its cook switched it off), whose dishes are therefore
 * missing from the guests' menu: what the menu names so guests know why food vanished.
 */
export const closedArea = z.object({ id: z.number(), name: z.string() });
export type ClosedArea = z.infer<typeof closedArea>;
export const closedAreas = z.array(closedArea);

export const setProductActiveRequest = z.object({
  active: z.boolean(),
  serviceMode: z.enum(["DINE_IN", "TAKE_AWAY"]).optional().default("DINE_IN"),
});
export type SetProductActiveRequest = z.infer<typeof setProductActiveRequest>;

/** A product's availability after switching it on or off, for the service mode switched. */
export const productAvailability = z.object({
  id: z.number(),
  active: z.boolean(),
  serviceMode: z.enum(["DINE_IN", "TAKE_AWAY"]),
});
export type ProductAvailability = z.infer<typeof productAvailability>;
