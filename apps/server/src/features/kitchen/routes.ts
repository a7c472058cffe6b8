import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { allowRoles, requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { loadKitchenFeed } from "./load-tickets.ts";

const kitchenFeedQuery = z.object({ id: z.coerce.number().int().positive().optional() });

/** The preparation area's ticket feed. */
export const kitchenRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/feed/kitchen",
    { preHandler: allowRoles("COOK", "CASH_DESK", "ADMIN"), schema: { querystring: kitchenFeedQuery } },
    async (request) => {
      const principal = requirePrincipal(request);
      // A cook reads only their own area; the cash desk names the area it looks at.
      const areaId = principal.role === "COOK" ? principal.prepAreaId : request.query.id;
      if (areaId == null) throw new AppError("validation", 400, { field: "id" });
      if (principal.role === "COOK" && request.query.id != null && request.query.id !== areaId) {
        throw new AppError("forbidden", 403);
      }
      return loadKitchenFeed(ctx.db, staffRetailerId(principal), areaId);
    },
  );
};
