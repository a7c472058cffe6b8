import { idParams, tableIdParams } from "@tableorder/domain/contracts/common";
import {
  assignMeRequest,
  assignMeResponse,
  completeRequestResponse,
  newOrderCards,
  orderProductIdList,
  removeProductsRequest,
  requestIdParams,
  staffTableFeed,
  statusChangeResponse,
  tableAssignments,
  tableAssignmentsQuery,
  undoStatusRequest,
  waiterFeed,
  waiterFeedItem,
  waiterProducts,
} from "@tableorder/domain/contracts/waiter";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { requestLanguage } from "../../lib/language.ts";
import {
  advanceOrderProducts,
  cancelTableOrderProducts,
  completeOrderProducts,
  undoOrderProductStatus,
} from "./change-order-product-status.ts";
import { completeRequest } from "./complete-request.ts";
import { loadStaffTableFeed } from "./load-staff-table-feed.ts";
import { loadWaiterFeed, loadWaiterTask, visibleTableIds } from "./load-waiter-feed.ts";
import { loadWaiterProducts } from "./load-waiter-products.ts";
import { loadNewOrderCards } from "./new-order-cards.ts";
import { assignWaiterToTable, loadTableAssignments } from "./table-assignments.ts";

/** The waiter area (spec 2 §7 Waiter): the service feed, delivering and undoing, supervised tables. */
export const waiterRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, events } = ctx;

  app.get("/api/feed/get-employee-feed", { schema: { response: { 200: waiterFeed } } }, async (request) => {
    const principal = requirePrincipal(request);
    const retailerId = staffRetailerId(principal);
    const tableIds = await visibleTableIds(db, principal, retailerId);
    return loadWaiterFeed(db, { retailerId, lang: requestLanguage(request), tableIds });
  });

  // Beyond the spec (docs/decisions/041-new-order-cards.md): information cards, kept apart from the
  // tasks so existing readers of the task list and its counts are unchanged.
  app.get("/api/feed/get-employee-feed/new-orders", { schema: { response: { 200: newOrderCards } } }, async (request) => {
    const principal = requirePrincipal(request);
    const retailerId = staffRetailerId(principal);
    return loadNewOrderCards(db, { retailerId, tableIds: await visibleTableIds(db, principal, retailerId) });
  });

  app.get(
    "/api/feed/get-employee-feed/request/:requestId",
    { schema: { params: requestIdParams, response: { 200: waiterFeedItem } } },
    async (request) =>
      loadWaiterTask(db, {
        retailerId: staffRetailerId(requirePrincipal(request)),
        lang: requestLanguage(request),
        requestId: request.params.requestId,
      }),
  );

  app.post(
    "/api/feed/complete-request/:requestId",
    { schema: { params: requestIdParams, response: { 200: completeRequestResponse } } },
    async (request) => completeRequest({ db, events, principal: requirePrincipal(request), requestId: request.params.requestId }),
  );

  app.post(
    "/api/feed/next-status",
    { schema: { body: orderProductIdList, response: { 200: statusChangeResponse } } },
    async (request) => advanceOrderProducts({ db, events, principal: requirePrincipal(request), orderProductIds: request.body }),
  );

  app.post(
    "/api/feed/complete-orders",
    { schema: { body: orderProductIdList, response: { 200: statusChangeResponse } } },
    async (request) => completeOrderProducts({ db, events, principal: requirePrincipal(request), orderProductIds: request.body }),
  );

  app.post(
    "/api/feed/undo-status",
    { schema: { body: undoStatusRequest, response: { 200: statusChangeResponse } } },
    async (request) =>
      undoOrderProductStatus({ db, events, principal: requirePrincipal(request), orderProductIds: request.body.orderProductIds }),
  );

  app.get(
    "/api/feed/table/:tableId/products",
    { schema: { params: tableIdParams, response: { 200: staffTableFeed } } },
    async (request) =>
      loadStaffTableFeed(db, {
        principal: requirePrincipal(request),
        tableId: request.params.tableId,
        lang: requestLanguage(request),
      }),
  );

  // Cancelling unpaid pieces from the table feed (spec 2 §2.4; the spec names no path): the body is
  // {orderProductIds}, as for undo-status, and the reason when any piece is already prepared (issue 31).
  app.post(
    "/api/feed/table/:tableId/remove-products",
    { schema: { params: tableIdParams, body: removeProductsRequest, response: { 200: statusChangeResponse } } },
    async (request) =>
      cancelTableOrderProducts({
        db,
        events,
        principal: requirePrincipal(request),
        tableId: request.params.tableId,
        orderProductIds: request.body.orderProductIds,
        reason: request.body.reason,
      }),
  );

  app.get(
    "/api/feed/get-table-assignments",
    { schema: { querystring: tableAssignmentsQuery, response: { 200: tableAssignments } } },
    async (request) => loadTableAssignments(db, { principal: requirePrincipal(request), ...request.query }),
  );

  app.post(
    "/api/feed/:id/assign-me",
    { schema: { params: idParams, body: assignMeRequest, response: { 200: assignMeResponse } } },
    async (request) =>
      assignWaiterToTable({
        db,
        events,
        principal: requirePrincipal(request),
        tableId: request.params.id,
        active: request.body.active,
      }),
  );

  app.get("/api/feed/get-waiter-products", { schema: { response: { 200: waiterProducts } } }, async (request) =>
    loadWaiterProducts(db, requirePrincipal(request)),
  );
};
