import { emptyAnswer, idParams, tableIdParams } from "@tableorder/domain/contracts/common";
import {
  checkInResponse,
  retailerInfo,
  tableCodeParams,
  tableLookup,
  tableStart,
  tableState,
} from "@tableorder/domain/contracts/table";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal } from "../../auth/guards.ts";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { AppContext } from "../../context.ts";
import { guestLanguage } from "../../lib/language.ts";
import { checkInGuest, checkOutGuest, findTableByCode } from "./check-in.ts";
import { type GuestMenuSource, loadTableStart } from "./load-table-start.ts";
import { loadRetailerInfo, loadTableState } from "./table-state.ts";

/** The guest's table: finding it by code, checking in and out, and its live state. */
export const tableSessionRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  /** The guests' menus the start call answers with (the catalogue's cached copies). */
  guestMenus: GuestMenuSource;
  /** A guest opens their table page: what they left unfinished elsewhere (a card checkout) is settled first. */
  onGuestOpen?: (principal: Principal, tableId: number) => Promise<void>;
}> = async (app, { ctx, guestMenus, onGuestOpen }) => {
  const { db } = ctx;

  // The code is printed on the table for anyone to read; what it leads to still needs a check-in.
  app.get("/api/cq-table/code/:code", { schema: { params: tableCodeParams, response: { 200: tableLookup } } }, async (request) =>
    findTableByCode({ db, code: request.params.code }),
  );

  // Beyond the spec (docs/decisions/030-table-start-in-one-call.md): the code lookup, the venue, the
  // menu and the closed areas in one answer, so a guest's phone starts its table in one round trip.
  app.get(
    "/api/cq-table/code/:code/start",
    { schema: { params: tableCodeParams, response: { 200: tableStart } } },
    async (request) =>
      loadTableStart({
        db,
        menus: guestMenus,
        code: request.params.code,
        lang: guestLanguage(request),
        principal: request.principal,
      }),
  );

  app.post(
    "/api/cq-table/check-in/:tableId",
    { schema: { params: tableIdParams, response: { 200: checkInResponse } } },
    async (request) => checkInGuest({ db, principal: requirePrincipal(request), tableId: request.params.tableId }),
  );

  app.post("/api/cq-table/check-out/:id", { schema: { params: idParams, response: { 200: emptyAnswer } } }, async (request) => {
    await checkOutGuest({ db, principal: requirePrincipal(request), reservationId: request.params.id });
    return {};
  });

  app.get(
    "/api/cq-table/:tableId/retailer-info",
    { schema: { params: tableIdParams, response: { 200: retailerInfo } } },
    async (request) => {
      await authorizeTable(db, requirePrincipal(request), request.params.tableId);
      return loadRetailerInfo(db, request.params.tableId, guestLanguage(request));
    },
  );

  app.get("/api/orders/:tableId/feed", { schema: { params: tableIdParams, response: { 200: tableState } } }, async (request) => {
    const principal = requirePrincipal(request);
    await authorizeTable(db, principal, request.params.tableId);
    await onGuestOpen?.(principal, request.params.tableId);
    return loadTableState(db, request.params.tableId, guestLanguage(request));
  });
};
