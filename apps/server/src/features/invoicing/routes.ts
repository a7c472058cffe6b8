import { fiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import { documentIdParams, pendingDocuments } from "@tableorder/domain/contracts/invoicing";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { fileAnswer } from "../../lib/openapi.ts";
import { cancelDocument } from "./cancel-document.ts";
import { countPendingDocuments, loadDocumentXml } from "./load-document-xml.ts";

/**
 * The administrator's fiscal documents (spec 3 §7.2, issue 13): cancel a receipt (a credit note),
 * download a document's XML for the accountant, and the count of documents waiting for AADE.
 * ADMIN of the venue only; another venue's document is a 404.
 */
export const invoicingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.delete(
    "/api/admin/documents/cancel/:documentId",
    { schema: { params: documentIdParams, response: { 200: fiscalDocument } } },
    async (request) => {
      const principal = requirePrincipal(request);
      return cancelDocument({
        db: ctx.db,
        events: ctx.events,
        retailerId: staffRetailerId(principal),
        documentId: request.params.documentId,
        principal,
      });
    },
  );

  app.get("/api/admin/documents/pending", { schema: { response: { 200: pendingDocuments } } }, async (request) =>
    countPendingDocuments(ctx.db, staffRetailerId(requirePrincipal(request))),
  );

  app.get(
    "/api/admin/documents/:documentId/xml",
    { schema: { params: documentIdParams, response: { 200: fileAnswer("The document as sent to myDATA", "application/xml") } } },
    async (request, reply) => {
      const { fileName, xml } = await loadDocumentXml(
        ctx.db,
        staffRetailerId(requirePrincipal(request)),
        request.params.documentId,
      );
      return reply
        .type("application/xml; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .send(xml);
    },
  );
};
