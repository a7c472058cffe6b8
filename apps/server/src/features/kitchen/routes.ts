import { emptyAnswer, idParams } from "@tableorder/domain/contracts/common";
import {
  acknowledgeCancellationResponse,
  areaOpenState,
  autoPrintRequest,
  autoPrintResponse,
  completedKitchenTickets,
  kitchenFeed,
  kitchenTicket,
  orderProductIdsRequest,
  prepareTicketResponse,
  printAgentAddress,
  printClaimRequest,
  printClaimResponse,
  revertTicketResponse,
  setAreaActiveRequest,
} from "@tableorder/domain/contracts/kitchen";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePrincipal } from "../../auth/guards.ts";
import { authorizeTicket } from "../../auth/policies/ticket-access.ts";
import type { AppContext } from "../../context.ts";
import { retailers } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { loadKitchenFeed, loadTickets } from "./load-tickets.ts";
import { areaForCaller, setAreaAutoPrint, setAreaOpen } from "./preparation-area-settings.ts";
import {
  acknowledgeTicketCancellation,
  claimTicketPrint,
  markTicketPrinted,
  prepareTicketProducts,
  revertTicketProducts,
} from "./prepare-ticket-products.ts";
import { loadRecallableTickets } from "./recall-tickets.ts";

const areaQuery = z.object({ id: z.coerce.number().int().positive().optional() });

/** The preparation area: its ticket feed, preparing and undoing, printing marks, open/closed. */
export const kitchenRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, events } = ctx;

  app.get("/api/feed/kitchen", { schema: { querystring: areaQuery, response: { 200: kitchenFeed } } }, async (request) => {
    const area = await areaForCaller(db, requirePrincipal(request), request.query.id);
    return loadKitchenFeed(db, area.retailerId, area.id);
  });

  // The board's Recall: the area's last completed tickets; bringing one back is the undo below.
  app.get(
    "/api/feed/kitchen/completed",
    { schema: { querystring: areaQuery, response: { 200: completedKitchenTickets } } },
    async (request) => {
      const area = await areaForCaller(db, requirePrincipal(request), request.query.id);
      return loadRecallableTickets(db, area.id);
    },
  );

  app.get("/api/feed/kitchen/ticket/:id", { schema: { params: idParams, response: { 200: kitchenTicket } } }, async (request) => {
    const ticket = await authorizeTicket(db, requirePrincipal(request), request.params.id);
    const [rendered] = await loadTickets(db, { areaId: ticket.preparationAreaId, ticketIds: [ticket.id] });
    if (!rendered) throw new AppError("not_found", 404, { entity: "ticket" });
    return rendered;
  });

  app.post(
    "/api/feed/kitchen/ticket/:id/prepare",
    { schema: { params: idParams, response: { 200: prepareTicketResponse } } },
    async (request) =>
      prepareTicketProducts({
        db,
        events,
        principal: requirePrincipal(request),
        ticketId: request.params.id,
        orderProductIds: null,
      }),
  );

  app.post(
    "/api/feed/kitchen/ticket/:id/prepare-products",
    { schema: { params: idParams, body: orderProductIdsRequest, response: { 200: prepareTicketResponse } } },
    async (request) =>
      prepareTicketProducts({
        db,
        events,
        principal: requirePrincipal(request),
        ticketId: request.params.id,
        orderProductIds: request.body.orderProductIds,
      }),
  );

  app.post(
    "/api/feed/kitchen/ticket/:id/undo",
    { schema: { params: idParams, body: orderProductIdsRequest.partial().optional(), response: { 200: revertTicketResponse } } },
    async (request) =>
      revertTicketProducts({
        db,
        events,
        principal: requirePrincipal(request),
        ticketId: request.params.id,
        orderProductIds: request.body?.orderProductIds ?? null,
      }),
  );

  // Beyond the spec (issue 28 A9): a cook's "Got it" on the cancellations a ticket shows.
  app.post(
    "/api/feed/kitchen/ticket/:id/acknowledge-cancellation",
    { schema: { params: idParams, response: { 200: acknowledgeCancellationResponse } } },
    async (request) =>
      acknowledgeTicketCancellation({ db, events, principal: requirePrincipal(request), ticketId: request.params.id }),
  );

  app.post(
    "/api/feed/kitchen/ticket/:id/print",
    { schema: { params: idParams, response: { 200: emptyAnswer } } },
    async (request) => {
      await markTicketPrinted({ db, events, principal: requirePrincipal(request), ticketId: request.params.id });
      return {};
    },
  );

  // The cash desk prints an area's unprinted tickets from its Prep areas tab (spec 3 §7.2): the
  // same mark, by the same rule and event, for the venue's desk only.
  app.post(
    "/api/feed/admin/ticket/:id/print",
    { schema: { params: idParams, response: { 200: emptyAnswer } } },
    async (request) => {
      await markTicketPrinted({ db, events, principal: requirePrincipal(request), ticketId: request.params.id });
      return {};
    },
  );

  app.post(
    "/api/feed/kitchen/ticket/:id/print-claim",
    { schema: { params: idParams, body: printClaimRequest, response: { 200: printClaimResponse } } },
    async (request) =>
      claimTicketPrint({
        db,
        principal: requirePrincipal(request),
        ticketId: request.params.id,
        screenId: request.body.screenId,
      }),
  );

  app.post(
    "/api/feed/kitchen/auto-print",
    { schema: { body: autoPrintRequest, response: { 200: autoPrintResponse } } },
    async (request) => {
      const area = await areaForCaller(db, requirePrincipal(request), request.body.id);
      await setAreaAutoPrint({ db, events, area, autoPrint: request.body.autoPrint });
      return { autoPrint: request.body.autoPrint };
    },
  );

  // Where the preparation screen finds the venue's print agent; null until the venue sets one.
  app.get("/api/cuisine/ip", { schema: { response: { 200: printAgentAddress } } }, async (request) => {
    const principal = requirePrincipal(request);
    const [venue] = await db
      .select({ printServiceUrl: retailers.printServiceUrl })
      .from(retailers)
      .where(eq(retailers.id, principal.retailerId ?? -1));
    return { address: venue?.printServiceUrl ?? null };
  });

  app.get(
    "/api/cuisine/preparation-area/get-active",
    { schema: { querystring: areaQuery, response: { 200: areaOpenState } } },
    async (request) => {
      const area = await areaForCaller(db, requirePrincipal(request), request.query.id);
      return { id: area.id, active: area.active };
    },
  );

  app.post(
    "/api/cuisine/preparation-area/set-active",
    { schema: { body: setAreaActiveRequest, response: { 200: areaOpenState } } },
    async (request) => {
      const area = await areaForCaller(db, requirePrincipal(request), request.body.id);
      await setAreaOpen({ db, events, area, active: request.body.active });
      return { id: area.id, active: request.body.active };
    },
  );
};
