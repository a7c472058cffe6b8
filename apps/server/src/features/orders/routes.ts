import { emptyAnswer, tableIdParams } from "@tableorder/domain/contracts/common";
import { IDEMPOTENCY_HEADER, idempotencyKey, sendOrderRequest, sendOrderResponse } from "@tableorder/domain/contracts/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePrincipal } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { INVOICING_CHANGED } from "../../lib/issue-documents.ts";
import { type GuestOrderingClosed, TABLE_SETTINGS_CHANGED } from "../../lib/tables-out-of-service.ts";
import { VenueCache } from "../../lib/venue-cache.ts";
import type { OrderableCatalog } from "./orderable-catalog.ts";
import { removeOrderProduct } from "./remove-order-product.ts";
import { createOrderWrites, sendOrder } from "./send-order.ts";

const orderProductParams = z.object({
  tableId: z.coerce.number().int().positive(),
  orderProductId: z.coerce.number().int().positive(),
});

/** Sending orders for a table. */
export const orderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // What orders are checked and priced against, per venue, dropped when its catalogue changes.
  const catalogs = new VenueCache<OrderableCatalog>();
  const orderSlipChoices = new VenueCache<boolean>();
  const tablesOutOfService = new VenueCache<GuestOrderingClosed>();
  const orderWrites = createOrderWrites(ctx.db);
  const unsubscribe = [
    catalogs.followCatalog(ctx.events),
    orderSlipChoices.followCatalog(ctx.events, new Set([INVOICING_CHANGED])),
    tablesOutOfService.followCatalog(ctx.events, new Set([TABLE_SETTINGS_CHANGED])),
  ];
  app.addHook("onClose", async () => {
    for (const stop of unsubscribe) stop();
  });

  app.post(
    "/api/orders/:tableId",
    { schema: { params: tableIdParams, body: sendOrderRequest, response: { 200: sendOrderResponse } } },
    async (request) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      return sendOrder({
        ...ctx,
        catalogs,
        orderSlipChoices,
        tablesOutOfService,
        orderWrites,
        principal: requirePrincipal(request),
        tableId: request.params.tableId,
        lines: request.body,
        idempotencyKey: key === undefined ? null : idempotencyKey.parse(key),
      });
    },
  );

  app.delete(
    "/api/orders/:tableId/product/:orderProductId",
    { schema: { params: orderProductParams, response: { 200: emptyAnswer } } },
    async (request) => {
      await removeOrderProduct({ ...ctx, principal: requirePrincipal(request), ...request.params });
      return {};
    },
  );
};
