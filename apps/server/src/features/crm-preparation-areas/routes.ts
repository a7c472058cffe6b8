import { idParams } from "@tableorder/domain/contracts/common";
import {
  createPreparationAreaRequest,
  crmPreparationArea,
  crmPreparationAreaList,
  updatePreparationAreaRequest,
} from "@tableorder/domain/contracts/crm-preparation-areas";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { noContent } from "../../lib/openapi.ts";
import { deletePreparationArea } from "./delete-preparation-area.ts";
import { listPreparationAreas, loadPreparationArea } from "./load-preparation-areas.ts";
import { createPreparationArea, updatePreparationArea } from "./save-preparation-area.ts";

/** Preparation areas and their kitchen accounts in the back office (spec 3 §7.3). */
export const crmPreparationAreaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const venueOf = (request: FastifyRequest) => staffRetailerId(requirePrincipal(request));

  app.get("/api/crm/preparation-areas", { schema: { response: { 200: crmPreparationAreaList } } }, async (request) =>
    listPreparationAreas(db, venueOf(request)),
  );

  app.post(
    "/api/crm/preparation-area",
    { schema: { body: createPreparationAreaRequest, response: { 200: crmPreparationArea } } },
    async (request) =>
      createPreparationArea({ ...ctx, retailerId: venueOf(request), actor: requirePrincipal(request), form: request.body }),
  );

  app.get(
    "/api/crm/preparation-area/:id",
    { schema: { params: idParams, response: { 200: crmPreparationArea } } },
    async (request) => loadPreparationArea(db, venueOf(request), request.params.id),
  );

  app.put(
    "/api/crm/preparation-area/:id",
    { schema: { params: idParams, body: updatePreparationAreaRequest, response: { 200: crmPreparationArea } } },
    async (request) =>
      updatePreparationArea({
        ...ctx,
        retailerId: venueOf(request),
        actor: requirePrincipal(request),
        areaId: request.params.id,
        form: request.body,
      }),
  );

  app.delete(
    "/api/crm/preparation-area/:id",
    { schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await deletePreparationArea({
        ...ctx,
        retailerId: venueOf(request),
        actor: requirePrincipal(request),
        areaId: request.params.id,
      });
      return reply.status(204).send();
    },
  );
};
