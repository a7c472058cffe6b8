import { idParams, tableIdParams } from "@tableorder/domain/contracts/common";
import { closedAreas, menu, productAvailability, setProductActiveRequest } from "@tableorder/domain/contracts/menu";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import { loadTable } from "../../auth/policies/table-access.ts";
import type { AppContext } from "../../context.ts";
import { guestLanguage, requestLanguage } from "../../lib/language.ts";
import type { GuestMenus } from "./guest-menus.ts";
import { loadMenu } from "./load-menu.ts";
import { setProductAvailability } from "./set-product-availability.ts";

const areaQuery = z.object({ areaId: z.coerce.number().int().positive().optional() });
const staffMenuQuery = z.object({ serviceMode: z.enum(["DINE_IN", "TAKE_AWAY"]).optional() });

/** Menus as guests and staff read them, and switching products on and off. */
export const catalogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; guestMenus: GuestMenus }> = async (
  app,
  { ctx, guestMenus },
) => {
  const { db, events } = ctx;

  // A venue's menu is no secret (it is what the table's QR code shows), so a phone may read it
  // while its guest is still signing in; ordering and the table's session need the check-in.
  app.get("/api/cq-table/:tableId/menu", { schema: { params: tableIdParams, response: { 200: menu } } }, async (request) => {
    const table = await loadTable(db, request.params.tableId);
    return guestMenus.menu(table.retailerId, guestLanguage(request));
  });

  // Why dishes are missing from that menu: the areas closed now. Public like the menu, and
  // refetched with it when the menu's topic says the venue changed.
  app.get(
    "/api/cq-table/:tableId/closed-areas",
    { schema: { params: tableIdParams, response: { 200: closedAreas } } },
    async (request) => {
      const { retailerId } = await loadTable(db, request.params.tableId);
      return guestMenus.closedAreas(retailerId);
    },
  );

  // The cook's availability editor: their own area's products (the cash desk names an area).
  app.get("/api/cuisine/menu", { schema: { querystring: areaQuery, response: { 200: menu } } }, async (request) => {
    const principal = requirePrincipal(request);
    const preparationAreaId = principal.role === "COOK" ? (principal.prepAreaId ?? -1) : request.query.areaId;
    return loadMenu(db, {
      retailerId: staffRetailerId(principal),
      lang: requestLanguage(request),
      onlyOrderable: false,
      preparationAreaId,
    });
  });

  // The waiter's menu (spec 2 §7): the whole venue's, switched-off products included, for ordering
  // and for the Availability tab. ?serviceMode=TAKE_AWAY is the cash desk's take-away menu: what
  // can be ordered for take-away, priced at take-away prices.
  app.get("/api/feed/menu", { schema: { querystring: staffMenuQuery, response: { 200: menu } } }, async (request) =>
    loadMenu(db, {
      retailerId: staffRetailerId(requirePrincipal(request)),
      lang: requestLanguage(request),
      onlyOrderable: false,
      serviceMode: request.query.serviceMode,
    }),
  );

  // The same closed areas for the waiter's menu, which lists their dishes (it doubles as the
  // Availability tab) and so must mark them as not orderable, as the guests' menu leaves them out.
  app.get("/api/feed/closed-areas", { schema: { response: { 200: closedAreas } } }, async (request) => {
    return guestMenus.closedAreas(staffRetailerId(requirePrincipal(request)));
  });

  app.post(
    "/api/cuisine/product/:id/set-active",
    { schema: { params: idParams, body: setProductActiveRequest, response: { 200: productAvailability } } },
    async (request) =>
      setProductAvailability({ db, events, principal: requirePrincipal(request), productId: request.params.id, ...request.body }),
  );

  // The back office's availability toggle (spec 3 §7.3), the same switch under the crm path.
  app.post(
    "/api/crm/product/:id/active-status",
    { schema: { params: idParams, body: setProductActiveRequest, response: { 200: productAvailability } } },
    async (request) =>
      setProductAvailability({ db, events, principal: requirePrincipal(request), productId: request.params.id, ...request.body }),
  );

  app.post(
    "/api/feed/product/:id/set-active",
    { schema: { params: idParams, body: setProductActiveRequest, response: { 200: productAvailability } } },
    async (request) =>
      setProductAvailability({ db, events, principal: requirePrincipal(request), productId: request.params.id, ...request.body }),
  );
};
