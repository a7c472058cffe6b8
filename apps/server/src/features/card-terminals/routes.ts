import {
  cardTerminalOptions,
  invoicingDetails,
  invoicingDetailsForm,
  terminalPaymentStatus,
} from "@tableorder/domain/contracts/card-terminals";
import { idParams } from "@tableorder/domain/contracts/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { INVOICING_CHANGED } from "../../lib/issue-documents.ts";
import type { CardTerminal } from "./card-terminal.ts";
import { loadInvoicingDetails, saveInvoicingDetails } from "./invoicing-details.ts";
import { loadCardTerminalOptions } from "./load-card-terminals.ts";
import { loadPaymentStatus } from "./load-payment-status.ts";
import { SandboxCardTerminal } from "./sandbox-card-terminal.ts";
import { sandboxTerminalRoutes } from "./sandbox-routes.ts";
import type { TerminalSales } from "./terminal-sales.ts";
import { VivaCloudTerminal } from "./viva-cloud-terminal.ts";

/** Viva's cloud terminal API when configured, otherwise the sandbox terminal (the embedded default). */
export function cardTerminalFor(ctx: AppContext): CardTerminal {
  const viva = ctx.config.cardTerminals.viva;
  return viva ? new VivaCloudTerminal(viva) : new SandboxCardTerminal(ctx.db);
}

/**
 * The terminals a waiter chooses from (beyond the spec: GET api/feed/card-terminals, for waiter,
 * cash desk and admin), the invoicing settings where an administrator registers them (spec 3 §7
 * api/crm/invoicing-details), and the sandbox terminal's page when the sandbox is the terminal.
 */
export const cardTerminalRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  terminal: CardTerminal;
  sales: TerminalSales;
}> = async (app, { ctx, terminal, sales }) => {
  if (terminal instanceof SandboxCardTerminal) await app.register(sandboxTerminalRoutes, { sandbox: terminal });

  app.get("/api/feed/card-terminals", { schema: { response: { 200: cardTerminalOptions } } }, async (request) =>
    loadCardTerminalOptions(ctx.db, staffRetailerId(requirePrincipal(request)), (type) => sales.providerFor(type) !== null),
  );

  app.get(
    "/api/feed/payment/:id/status",
    { schema: { params: idParams, response: { 200: terminalPaymentStatus } } },
    async (request) => loadPaymentStatus(ctx.db, staffRetailerId(requirePrincipal(request)), request.params.id),
  );

  // Beyond the spec: staff cancel a card sale waiting at a terminal; answers how it ended.
  app.post(
    "/api/feed/payment/:id/cancel",
    { schema: { params: idParams, response: { 200: terminalPaymentStatus } } },
    async (request) => {
      const retailerId = staffRetailerId(requirePrincipal(request));
      // Another venue's payment is not found, before anything reaches a terminal.
      await loadPaymentStatus(ctx.db, retailerId, request.params.id);
      await sales.cancel(request.params.id);
      return loadPaymentStatus(ctx.db, retailerId, request.params.id);
    },
  );

  app.get("/api/crm/invoicing-details", { schema: { response: { 200: invoicingDetails } } }, async (request) =>
    loadInvoicingDetails(ctx.db, staffRetailerId(requirePrincipal(request)), ctx.config.fiscal.secretsKey),
  );

  app.post(
    "/api/crm/invoicing-details",
    { schema: { body: invoicingDetailsForm, response: { 200: invoicingDetails } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const retailerId = staffRetailerId(principal);
      const saved = await saveInvoicingDetails({
        db: ctx.db,
        retailerId,
        actor: principal,
        form: request.body,
        secretsKey: ctx.config.fiscal.secretsKey,
      });
      await ctx.events.publish({ type: INVOICING_CHANGED, retailerId });
      return saved;
    },
  );
};
