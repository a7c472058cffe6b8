import { tableIdParams } from "@tableorder/domain/contracts/common";
import { guestRatingBody, guestRatingState, ratingsQuery, ratingsReport } from "@tableorder/domain/contracts/ratings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { loadRatingsReport } from "./load-ratings-report.ts";
import { loadGuestRating, rateVisit } from "./rate-visit.ts";

/**
 * A word from the guest (issue 32): the guest rates the visit they paid in, from the success page;
 * the venue's administrator reads the ratings, anonymous, in the back office.
 */
export const ratingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    "/api/cq-table/:tableId/rating",
    { schema: { params: tableIdParams, response: { 200: guestRatingState } } },
    async (request) => loadGuestRating({ db, principal: requirePrincipal(request), tableId: request.params.tableId }),
  );

  app.post(
    "/api/cq-table/:tableId/rating",
    { schema: { params: tableIdParams, body: guestRatingBody, response: { 200: guestRatingState } } },
    async (request) => rateVisit({ db, principal: requirePrincipal(request), tableId: request.params.tableId, ...request.body }),
  );

  app.get("/api/crm/ratings", { schema: { querystring: ratingsQuery, response: { 200: ratingsReport } } }, async (request) =>
    loadRatingsReport(db, staffRetailerId(requirePrincipal(request)), request.query),
  );
};
