import {
  cuisineTypes,
  cuisineTypesQuery,
  retailerTypes,
  setupChecklist,
  shopSettings,
  shopSettingsForm,
} from "@tableorder/domain/contracts/crm-retailer";
import { RETAILER_TYPES } from "@tableorder/domain/enums";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { loadSetupChecklist } from "./setup-checklist.ts";
import { isInvoicingEnabled, listCuisineTypes, loadShopSettings, saveShopSettings } from "./shop-settings.ts";

/** Shop settings (administrators only, spec 3 §6) and the lists its form chooses from. */
export const crmRetailerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get("/api/crm/retailer", { schema: { response: { 200: shopSettings } } }, async (request) => {
    const principal = requirePrincipal(request);
    return loadShopSettings(db, staffRetailerId(principal), principal.userId);
  });

  app.post("/api/crm/retailer", { schema: { body: shopSettingsForm, response: { 200: shopSettings } } }, async (request) => {
    const principal = requirePrincipal(request);
    return saveShopSettings({
      ...ctx,
      retailerId: staffRetailerId(principal),
      adminUserId: principal.userId,
      actor: principal,
      form: request.body,
    });
  });

  // The first-run guide on the administrator's landing page (issue 18).
  app.get("/api/crm/setup-checklist", { schema: { response: { 200: setupChecklist } } }, async (request) =>
    loadSetupChecklist(db, staffRetailerId(requirePrincipal(request))),
  );

  app.get("/api/crm/retailer/types", { schema: { response: { 200: retailerTypes } } }, async () => [...RETAILER_TYPES]);

  // The product editor's switch for VAT and goods/service (spec 3 §5); the cash desk edits products too.
  app.get("/api/crm/invoicing-enabled", { schema: { response: { 200: z.boolean() } } }, async (request) =>
    isInvoicingEnabled(db, staffRetailerId(requirePrincipal(request))),
  );

  // Public: the home page filters venues by it; the shop settings form reads it with `all`.
  app.get(
    "/api/home-page/cuisine-types",
    { schema: { querystring: cuisineTypesQuery, response: { 200: cuisineTypes } } },
    async (request) => listCuisineTypes(db, request.query.all !== undefined),
  );
};
