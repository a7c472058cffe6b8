import { randomUUID } from "node:crypto";
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_TYPES } from "@tableorder/domain/contracts/crm-products";
import { PRODUCT_IMAGE_WIDTHS } from "@tableorder/domain/contracts/product-image";
import { and, eq, isNull } from "drizzle-orm";
import type { Sharp, SharpOptions } from "sharp";
import type { Db, Queryable } from "../../db/client.ts";
import { productImages, products } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import type { EventBus } from "../../realtime/types.ts";

type ImageType = (typeof PRODUCT_IMAGE_TYPES)[number];

/** Where a stored picture is served (publicly: guests' menus show it). */
export const imageUrlOf = (id: string) => `/api/images/${id}`;

/**
 * What the bytes really are, from their signature. Pictures are served back to every guest with
 * the stored type, so the declared type alone is not trusted (no HTML or SVG passed off as a JPEG).
 */
export function sniffImageType(data: Buffer): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (data.length >= 12 && data.toString("latin1", 0, 4) === "RIFF" && data.toString("latin1", 8, 12) === "WEBP")
    return "image/webp";
  return null;
}

/**
 * Past this many pixels a picture is refused before it is decoded: a 2 MB file can unpack to
 * gigabytes. 50 million still takes a phone's full-size photo.
 */
const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * libvips, loaded with the first picture rather than at start: it adds about 25 MB to the process,
 * and most instances never see an upload between two starts.
 */
let sharpLibrary: Promise<(input: Buffer, options: SharpOptions) => Sharp> | null = null;
function openImage(input: Buffer): Promise<Sharp> {
  sharpLibrary ??= import("sharp").then((library) => library.default);
  return sharpLibrary.then((sharp) => sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }));
}

/** Where a sized copy is kept: a row of its own beside the original, found by the original's id. */
const variantRowId = (id: string, width: number) => `${id}/${width}`;

/**
 * The square WebP copy of a picture at one width, cropped around its centre as the menu's card
 * shows it, and turned upright as the phone that took it held it.
 */
async function makeVariant(original: Buffer, width: number): Promise<Buffer> {
  return (await openImage(original)).rotate().resize(width, width, { fit: "cover" }).webp({ quality: 75 }).toBuffer();
}

/** Every sized copy, made once at upload; bytes that do not decode are refused with a key. */
async function makeVariants(original: Buffer): Promise<{ width: number; data: Buffer }[]> {
  try {
    return await Promise.all(PRODUCT_IMAGE_WIDTHS.map(async (width) => ({ width, data: await makeVariant(original, width) })));
  } catch {
    throw new AppError("unreadable_image", 400);
  }
}

/**
 * What a picture is, judged by its bytes alone: the name and the declared type of an upload are
 * the sender's word (a phone names a PNG screenshot .jpg). A picture in another format (GIF, HEIC,
 * SVG…) is told the formats taken; bytes that are no picture at all are told so.
 */
async function imageTypeOf(data: Buffer): Promise<ImageType> {
  const type = sniffImageType(data);
  if (type) return type;
  // An empty upload is no picture; sharp would throw at once instead of rejecting.
  const otherFormat =
    data.length > 0 &&
    (await openImage(data)
      .then((image) => image.metadata())
      .then((metadata) => Boolean(metadata.format))
      .catch(() => false));
  if (otherFormat) throw new AppError("unsupported_image_type", 400, { allowed: PRODUCT_IMAGE_TYPES });
  throw new AppError("not_an_image", 400, { allowed: PRODUCT_IMAGE_TYPES });
}

/** A picture ready to store: the original's bytes and type, and its square WebP copy at each width. */
export interface ProductPicture {
  contentType: string;
  data: Buffer;
  variants: { width: number; data: Buffer }[];
}

/**
 * Points a product at a new picture in the caller's transaction: the original and its sized copies
 * become its only stored rows. Each picture gets a new id and URL, which lets browsers keep an
 * image forever and still see a new one at once. The demo venue's seed stores its pictures here too.
 */
export async function writeProductPicture(
  tx: Queryable,
  target: { retailerId: number; productId: number },
  picture: ProductPicture,
): Promise<{ imageUrl: string }> {
  const { retailerId, productId } = target;
  const id = randomUUID();
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await tx.insert(productImages).values([
    { id, retailerId, productId, contentType: picture.contentType, data: picture.data },
    ...picture.variants.map((variant) => ({
      id: variantRowId(id, variant.width),
      retailerId,
      productId,
      contentType: "image/webp",
      data: variant.data,
    })),
  ]);
  await tx
    .update(products)
    .set({ imageUrl: imageUrlOf(id) })
    .where(eq(products.id, productId));
  return { imageUrl: imageUrlOf(id) };
}

/**
 * Stores a product's picture in the database (so every instance serves it) and points the
 * product at it, replacing the previous one.
 */
export async function storeProductImage(options: {
  db: Db;
  events: EventBus;
  retailerId: number;
  productId: number;
  data: Buffer;
}): Promise<{ imageUrl: string }> {
  const { db, retailerId, productId, data } = options;
  if (data.length > PRODUCT_IMAGE_MAX_BYTES) throw new AppError("image_too_large", 400, { maxBytes: PRODUCT_IMAGE_MAX_BYTES });
  const contentType = await imageTypeOf(data);
  const variants = await makeVariants(data);
  const stored = await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.retailerId, retailerId), isNull(products.deletedAt)))
      .for("update");
    if (!product) throw new AppError("not_found", 404, { entity: "product" });
    return writeProductPicture(tx, { retailerId, productId }, { contentType, data, variants });
  });
  await options.events.publish({ type: "catalog.changed", retailerId, productId });
  return stored;
}

/** Takes a product's picture away. */
export async function removeProductImage(options: { db: Db; events: EventBus; retailerId: number; productId: number }) {
  const { db, retailerId, productId } = options;
  await db.transaction(async (tx) => {
    const [product] = await tx
      .update(products)
      .set({ imageUrl: null })
      .where(and(eq(products.id, productId), eq(products.retailerId, retailerId), isNull(products.deletedAt)))
      .returning({ id: products.id });
    if (!product) throw new AppError("not_found", 404, { entity: "product" });
    await tx.delete(productImages).where(eq(productImages.productId, productId));
  });
  await options.events.publish({ type: "catalog.changed", retailerId, productId });
}

/**
 * A sized copy of a stored picture, as guests' menus load it. Pictures uploaded before copies
 * were made at upload get theirs here, on the first request, and keep them.
 */
export async function loadProductImageVariant(db: Db, id: string, width: number): Promise<{ contentType: string; data: Buffer }> {
  const [stored] = await db
    .select({ contentType: productImages.contentType, data: productImages.data })
    .from(productImages)
    .where(eq(productImages.id, variantRowId(id, width)))
    .limit(1);
  if (stored) return stored;
  const [original] = await db.select().from(productImages).where(eq(productImages.id, id)).limit(1);
  if (!original) throw new AppError("not_found", 404, { entity: "image" });
  // An old upload whose bytes never decoded has no copy to offer: the card shows no picture.
  const data = await makeVariant(original.data, width).catch(() => {
    throw new AppError("not_found", 404, { entity: "image" });
  });
  await db
    .insert(productImages)
    .values({
      id: variantRowId(id, width),
      retailerId: original.retailerId,
      productId: original.productId,
      contentType: "image/webp",
      data,
    })
    .onConflictDoNothing();
  return { contentType: "image/webp", data };
}

/** A stored picture by id, as guests' menus load it. */
export async function loadProductImage(db: Db, id: string): Promise<{ contentType: string; data: Buffer }> {
  const [image] = await db
    .select({ contentType: productImages.contentType, data: productImages.data })
    .from(productImages)
    .where(eq(productImages.id, id))
    .limit(1);
  if (!image) throw new AppError("not_found", 404, { entity: "image" });
  return image;
}
