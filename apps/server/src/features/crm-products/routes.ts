import { idParams } from "@tableorder/domain/contracts/common";
import {
  crmCategoryList,
  crmProduct,
  crmProductCatalogue,
  imageUploadResponse,
  orderProductsRequest,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_TYPES,
  productForm,
  saveCategoriesRequest,
  translationMissingQuery,
} from "@tableorder/domain/contracts/crm-products";
import { PRODUCT_IMAGE_WIDTHS } from "@tableorder/domain/contracts/product-image";
import { MENU_LANGUAGES } from "@tableorder/domain/enums";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { fileAnswer, noContent } from "../../lib/openapi.ts";
import { deleteProduct } from "./delete-product.ts";
import { areTranslationsActive, listCategories, loadCatalogue, loadProduct, translatingLanguages } from "./load-products.ts";
import { orderProducts } from "./order-products.ts";
import { loadProductImage, loadProductImageVariant, removeProductImage, storeProductImage } from "./product-image.ts";
import { saveCategories } from "./save-categories.ts";
import { createProduct, updateProduct } from "./save-product.ts";
import { isCategoryTranslationMissingIn, isProductTranslationMissing } from "./translations.ts";

/**
 * Products, categories and translations in the back office (spec 3 §7.3). Every write publishes
 * catalog.changed, so guests' and staff menus show it at once. Only administrators delete
 * products. (The availability toggle, api/crm/product/{id}/active-status, is the catalogue's one
 * switch and lives with it in features/catalog.)
 */
export const crmProductRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, events } = ctx;
  const venueOf = (request: FastifyRequest) => staffRetailerId(requirePrincipal(request));

  app.get("/api/crm/products", { schema: { response: { 200: crmProductCatalogue } } }, async (request) =>
    loadCatalogue(db, venueOf(request)),
  );

  app.post("/api/crm/product", { schema: { body: productForm, response: { 200: crmProduct } } }, async (request) =>
    createProduct({ db, events, retailerId: venueOf(request), form: request.body }),
  );

  app.get("/api/crm/product/:id", { schema: { params: idParams, response: { 200: crmProduct } } }, async (request) =>
    loadProduct(db, venueOf(request), request.params.id),
  );

  app.put(
    "/api/crm/product/:id",
    { schema: { params: idParams, body: productForm, response: { 200: crmProduct } } },
    async (request) =>
      updateProduct({
        db,
        events,
        principal: requirePrincipal(request),
        retailerId: venueOf(request),
        productId: request.params.id,
        form: request.body,
      }),
  );

  app.delete("/api/crm/product/:id", { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    await deleteProduct({ db, events, retailerId: venueOf(request), productId: request.params.id });
    return reply.status(204).send();
  });

  app.get("/api/crm/product-categories", { schema: { response: { 200: crmCategoryList } } }, async (request) =>
    listCategories(db, venueOf(request)),
  );

  app.post(
    "/api/crm/product-categories",
    { schema: { body: saveCategoriesRequest, response: { 200: crmCategoryList } } },
    async (request) => saveCategories({ db, events, retailerId: venueOf(request), list: request.body }),
  );

  app.post(
    "/api/crm/order-products",
    { schema: { body: orderProductsRequest, response: { 204: noContent } } },
    async (request, reply) => {
      await orderProducts({ db, events, retailerId: venueOf(request), ...request.body });
      return reply.status(204).send();
    },
  );

  app.get("/api/crm/translations-active", { schema: { response: { 200: z.boolean() } } }, async (request) =>
    areTranslationsActive(db, venueOf(request)),
  );

  // Beyond the spec (decision 046): the menu languages the translation tab has a column for, none
  // while translations are off.
  app.get(
    "/api/crm/translation-languages",
    { schema: { response: { 200: z.array(z.enum(MENU_LANGUAGES)) } } },
    async (request) => (await translatingLanguages(db, venueOf(request))) ?? [],
  );

  // Without `language` these answer for English, as the spec's do (decision 046).
  const translationMissingSchema = { querystring: translationMissingQuery, response: { 200: z.boolean() } };
  app.get("/api/crm/translation-missing", { schema: translationMissingSchema }, async (request) =>
    isProductTranslationMissing(db, venueOf(request), request.query.language),
  );

  app.get("/api/crm/translation-missing/product-category", { schema: translationMissingSchema }, async (request) =>
    isCategoryTranslationMissingIn(db, venueOf(request), request.query.language),
  );

  // The picture travels as the raw body, whatever type it is declared as: what it is is read from
  // its bytes, so the domain rule answers with its own key instead of a bare 415. The parser's
  // limit is above the 2 MB rule for the same reason; past it Fastify refuses with a 413.
  await app.register(async (plugin) => {
    const upload = plugin.withTypeProvider<ZodTypeProvider>();
    upload.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 4 * PRODUCT_IMAGE_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    upload.post(
      "/api/crm/product/:id/image",
      { schema: { params: idParams, consumes: [...PRODUCT_IMAGE_TYPES], response: { 200: imageUploadResponse } } },
      async (request) =>
        storeProductImage({
          db,
          events,
          retailerId: venueOf(request),
          productId: request.params.id,
          data: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        }),
    );
  });

  app.delete(
    "/api/crm/product/:id/image",
    { schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await removeProductImage({ db, events, retailerId: venueOf(request), productId: request.params.id });
      return reply.status(204).send();
    },
  );
};

const imageParams = z.object({ id: z.string().uuid() });
const imageVariantParams = imageParams.extend({
  width: z.coerce
    .number()
    .refine((width) => (PRODUCT_IMAGE_WIDTHS as readonly number[]).includes(width), { message: "field.invalid" }),
});

/** Product pictures, public (guests' menus show them) and cached for good: a new upload is a new URL. */
export const productImageRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sendForGood = (reply: FastifyReply, etag: string, image: { contentType: string; data: Buffer }) =>
    reply
      .type(image.contentType)
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("ETag", `"${etag}"`)
      .header("X-Content-Type-Options", "nosniff")
      .send(image.data);

  app.get(
    "/api/images/:id",
    { schema: { params: imageParams, response: { 200: fileAnswer("The picture as uploaded", ...PRODUCT_IMAGE_TYPES) } } },
    async (request, reply) => sendForGood(reply, request.params.id, await loadProductImage(ctx.db, request.params.id)),
  );

  // The sized WebP copies the menus' srcset names (see PRODUCT_IMAGE_WIDTHS).
  app.get(
    "/api/images/:id/:width",
    { schema: { params: imageVariantParams, response: { 200: fileAnswer("A square WebP copy of the picture", "image/webp") } } },
    async (request, reply) => {
      const { id, width } = request.params;
      return sendForGood(reply, `${id}/${width}`, await loadProductImageVariant(ctx.db, id, width));
    },
  );
};
