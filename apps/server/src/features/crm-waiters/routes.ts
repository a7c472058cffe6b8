import { idParams } from "@tableorder/domain/contracts/common";
import {
  createWaiterRequest,
  crmWaiter,
  crmWaiterList,
  updateWaiterRequest,
  waiterTableOptions,
} from "@tableorder/domain/contracts/crm-waiters";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { noContent } from "../../lib/openapi.ts";
import { listWaiters, listWaiterTableOptions, loadWaiter } from "./load-waiters.ts";
import { createWaiter, deleteWaiter, updateWaiter } from "./save-waiter.ts";

/** Waiter accounts in the back office (spec 3 §7.3); only administrators delete them. */
export const crmWaiterRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const venueOf = (request: FastifyRequest) => staffRetailerId(requirePrincipal(request));

  app.get("/api/crm/waiters", { schema: { response: { 200: crmWaiterList } } }, async (request) =>
    listWaiters(db, venueOf(request)),
  );

  app.get("/api/crm/waiter/tables", { schema: { response: { 200: waiterTableOptions } } }, async (request) =>
    listWaiterTableOptions(db, venueOf(request)),
  );

  app.post("/api/crm/waiter", { schema: { body: createWaiterRequest, response: { 200: crmWaiter } } }, async (request) =>
    createWaiter({ ...ctx, retailerId: venueOf(request), actor: requirePrincipal(request), form: request.body }),
  );

  app.get("/api/crm/waiter/:id", { schema: { params: idParams, response: { 200: crmWaiter } } }, async (request) =>
    loadWaiter(db, venueOf(request), request.params.id),
  );

  app.put(
    "/api/crm/waiter/:id",
    { schema: { params: idParams, body: updateWaiterRequest, response: { 200: crmWaiter } } },
    async (request) =>
      updateWaiter({
        ...ctx,
        retailerId: venueOf(request),
        actor: requirePrincipal(request),
        waiterId: request.params.id,
        form: request.body,
      }),
  );

  app.delete("/api/crm/waiter/:id", { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    await deleteWaiter({ ...ctx, retailerId: venueOf(request), actor: requirePrincipal(request), waiterId: request.params.id });
    return reply.status(204).send();
  });
};
