import { idParams, tableIdParams } from "@tableorder/domain/contracts/common";
import { paymentRequestBody, requestIdResponse } from "@tableorder/domain/contracts/table-requests";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import {
  callWaiter,
  cancelTableRequest,
  findActivePaymentRequest,
  findActiveWaiterCall,
  requestPayment,
} from "./table-requests.ts";

/** What guests ask of the waiters: calls and payment requests (spec 1 §7, customer table). */
export const tableRequestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, events } = ctx;

  app.get(
    "/api/cq-table/:tableId/active-waiter-call",
    { schema: { params: tableIdParams, response: { 200: requestIdResponse } } },
    async (request) => findActiveWaiterCall({ db, principal: requirePrincipal(request), tableId: request.params.tableId }),
  );

  app.get(
    "/api/cq-table/:tableId/active-payment-request",
    { schema: { params: tableIdParams, response: { 200: requestIdResponse } } },
    async (request) => findActivePaymentRequest({ db, principal: requirePrincipal(request), tableId: request.params.tableId }),
  );

  app.post(
    "/api/cq-table/call-waiter/:tableId",
    { schema: { params: tableIdParams, response: { 200: requestIdResponse } } },
    async (request) => callWaiter({ db, events, principal: requirePrincipal(request), tableId: request.params.tableId }),
  );

  app.post(
    "/api/cq-table/cancel-request/:id",
    { schema: { params: idParams, response: { 200: requestIdResponse } } },
    async (request) => cancelTableRequest({ db, events, principal: requirePrincipal(request), requestId: request.params.id }),
  );

  app.post(
    "/api/cq-table/payment-request/:tableId",
    { schema: { params: tableIdParams, body: paymentRequestBody, response: { 200: requestIdResponse } } },
    async (request) =>
      requestPayment({ db, events, principal: requirePrincipal(request), tableId: request.params.tableId, ...request.body }),
  );
};
