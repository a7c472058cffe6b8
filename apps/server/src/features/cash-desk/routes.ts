import {
  adminIpResponse,
  cashDeskCards,
  cashDeskPrepAreaCards,
  cashDeskStatus,
  createTakeAwayResponse,
  documentsToPrint,
  fiscalDocuments,
  historyTickets,
  orderHistoryQuery,
  registerReceiptRequest,
  registerReceiptResponse,
  tableBill,
} from "@tableorder/domain/contracts/cash-desk";
import { idParams } from "@tableorder/domain/contracts/common";
import { printClaimRequest } from "@tableorder/domain/contracts/kitchen";
import { IDEMPOTENCY_HEADER, idempotencyKey } from "@tableorder/domain/contracts/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import type { TerminalSaleStarter } from "../../lib/card-terminal-choice.ts";
import { noContent } from "../../lib/openapi.ts";
import { billTable } from "./bill-table.ts";
import { historyRange } from "./business-day.ts";
import { createTakeAway } from "./create-take-away.ts";
import { claimDocumentPrint, loadDocumentsToPrint, markDocumentPrinted } from "./documents-to-print.ts";
import { issueRegisterReceipt } from "./issue-register-receipt.ts";
import { loadCashDeskCards, loadCashDeskStatus, loadPrepAreaCards } from "./load-cash-desk.ts";
import { loadDeskVenue } from "./load-desk-venue.ts";
import { loadHistoryTickets } from "./load-order-history.ts";
import { loadTicketDocuments } from "./load-ticket-documents.ts";

const ticketParams = z.object({ ticketId: idParams.shape.id });

/**
 * The cash desk (spec 3 §2.3, §7.2, §7.4): live cards, bills, take-aways, the cash register, the
 * history and its documents, and where the venue prints. ADMIN and CASH_DESK of the venue only;
 * every id is looked up within the caller's venue (another venue's is a 404).
 */
export const cashDeskRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; terminals?: TerminalSaleStarter }> = async (
  app,
  { ctx, terminals },
) => {
  const { db, events } = ctx;
  const venueOf = (request: Parameters<typeof requirePrincipal>[0]) => staffRetailerId(requirePrincipal(request));

  app.get("/api/cash-desk/cash-desk-status", { schema: { response: { 200: cashDeskStatus } } }, async (request) =>
    loadCashDeskStatus(db, venueOf(request)),
  );

  app.get("/api/cash-desk/tables", { schema: { response: { 200: cashDeskCards } } }, async (request) =>
    loadCashDeskCards(db, venueOf(request), "TABLE"),
  );

  app.get("/api/cash-desk/take-away", { schema: { response: { 200: cashDeskCards } } }, async (request) =>
    loadCashDeskCards(db, venueOf(request), "TAKE_AWAY"),
  );

  app.get("/api/cash-desk/prep-areas", { schema: { response: { 200: cashDeskPrepAreaCards } } }, async (request) =>
    loadPrepAreaCards(db, venueOf(request)),
  );

  app.post("/api/cash-desk/take-away", { schema: { response: { 200: createTakeAwayResponse } } }, async (request) =>
    createTakeAway({ db, events, retailerId: venueOf(request) }),
  );

  app.put("/api/cash-desk/table/:id/bill", { schema: { params: idParams, response: { 200: tableBill } } }, async (request) =>
    billTable({
      db,
      events,
      retailerId: venueOf(request),
      tableId: request.params.id,
      userId: request.principal?.userId ?? null,
    }),
  );

  app.get("/api/admin/ip", { schema: { response: { 200: adminIpResponse } } }, async (request) =>
    loadDeskVenue(db, venueOf(request)),
  );

  app.get(
    "/api/admin/order-history",
    { schema: { querystring: orderHistoryQuery, response: { 200: historyTickets } } },
    async (request) => loadHistoryTickets(db, venueOf(request), historyRange(request.query)),
  );

  app.get(
    "/api/orders/:ticketId/invoices",
    { schema: { params: ticketParams, response: { 200: fiscalDocuments } } },
    async (request) => loadTicketDocuments(db, venueOf(request), request.params.ticketId),
  );

  app.get("/api/cash-desk/documents-to-print", { schema: { response: { 200: documentsToPrint } } }, async (request) =>
    loadDocumentsToPrint(db, venueOf(request)),
  );

  app.post(
    "/api/cash-desk/documents/:id/print-claim",
    { schema: { params: idParams, body: printClaimRequest, response: { 200: z.object({ claimed: z.boolean() }) } } },
    async (request) =>
      claimDocumentPrint({ db, retailerId: venueOf(request), documentId: request.params.id, screenId: request.body.screenId }),
  );

  app.post(
    "/api/cash-desk/documents/:id/printed",
    { schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await markDocumentPrinted({ db, events, retailerId: venueOf(request), documentId: request.params.id });
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/feed/issue-receipt",
    { schema: { body: registerReceiptRequest, response: { 200: registerReceiptResponse } } },
    async (request) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      const principal = requirePrincipal(request);
      return issueRegisterReceipt({
        db,
        events,
        principal,
        retailerId: staffRetailerId(principal),
        request: request.body,
        idempotencyKey: key === undefined ? null : idempotencyKey.parse(key),
        terminals,
      });
    },
  );
};
