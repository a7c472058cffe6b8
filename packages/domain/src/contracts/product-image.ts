import { z } from "zod";

/**
 * The square WebP copies the server makes of every picture, by width in pixels. The guest menu's
 * card shows a 72 px square (160 covers screens up to 2x density, 320 up to 4x); the back office's
 * 40 px list thumbnail takes 160. Menus name them so a phone fetches the smallest that is sharp.
 */
export const PRODUCT_IMAGE_WIDTHS = [160, 320] as const;

/** One sized copy of a product's picture and its pixel size, so a page reserves its place. */
export const productImageVariant = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type ProductImageVariant = z.infer<typeof productImageVariant>;

/** The sized copies of a picture stored by the server (`/api/images/{id}`), smallest first. */
export function productImageVariants(imageUrl: string | null): ProductImageVariant[] {
  if (!imageUrl?.startsWith("/api/images/")) return [];
  return PRODUCT_IMAGE_WIDTHS.map((width) => ({ url: `${imageUrl}/${width}`, width, height: width }));
}
