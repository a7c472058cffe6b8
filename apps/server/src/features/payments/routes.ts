import { tableIdParams } from "@tableorder/domain/contracts/common";
import {
  completeOrderBody,
  completeOrderQuery,
  completeOrderResponse,
  transferTableBody,
  transferTableResponse,
} from "@tableorder/domain/contracts/waiter";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePrincipal } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import type { TerminalSaleStarter } from "../../lib/card-terminal-choice.ts";
import { completeOrders } from "./complete-orders.ts";
import { transferTable } from "./transfer-table.ts";

/**
 * Collecting payments at the table and moving a table's bill (spec 2 §4.5, §7 Waiter). `terminals`
 * sends a collection's card part to a card terminal; without it no terminal can be chosen.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; terminals?: TerminalSaleStarter }> = async (
  app,
  { ctx, terminals },
) => {
  const { db, events } = ctx;

  app.post(
    "/api/feed/table/:id/complete-orders",
    {
      schema: {
        params: z.object({ id: tableIdParams.shape.tableId }),
        querystring: completeOrderQuery,
        body: completeOrderBody,
        response: { 200: completeOrderResponse },
      },
    },
    async (request) =>
      completeOrders({
        db,
        events,
        principal: requirePrincipal(request),
        tableId: request.params.id,
        body: { ...request.body, payAll: request.body.payAll || request.query.payAll === "true" },
        terminals,
      }),
  );

  app.post(
    "/api/feed/transfer-table",
    { schema: { body: transferTableBody, response: { 200: transferTableResponse } } },
    async (request) => transferTable({ db, events, principal: requirePrincipal(request), ...request.body }),
  );
};
