import { tableIdParams } from "@tableorder/domain/contracts/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal } from "../../auth/guards.ts";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { AppContext } from "../../context.ts";
import { requestLanguage } from "../../lib/language.ts";
import { loadGuestMenu } from "./load-menu.ts";
import { MenuCache } from "./menu-cache.ts";

/** Events after which a venue's menus must be rebuilt. */
const MENU_CHANGING_EVENTS = new Set(["catalog.changed", "preparation-area.changed"]);

/** Menus as guests and staff read them. */
export const catalogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cache = new MenuCache();
  const unsubscribe = ctx.events.subscribe((event) => {
    if (MENU_CHANGING_EVENTS.has(event.type)) cache.invalidate(event.retailerId);
  });
  app.addHook("onClose", async () => unsubscribe());

  app.get("/api/cq-table/:tableId/menu", { schema: { params: tableIdParams } }, async (request) => {
    const table = await authorizeTable(ctx.db, requirePrincipal(request), request.params.tableId);
    const lang = requestLanguage(request);
    return cache.get(table.retailerId, lang, () => loadGuestMenu(ctx.db, table.retailerId, lang));
  });
};
