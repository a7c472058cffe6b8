import { idParams } from "@tableorder/domain/contracts/common";
import { crmTable, crmTableList, tableForm } from "@tableorder/domain/contracts/crm-tables";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { requestLanguage } from "../../lib/language.ts";
import { fileAnswer, noContent } from "../../lib/openapi.ts";
import { publicBaseUrl } from "../../lib/public-url.ts";
import { deleteTable } from "./delete-table.ts";
import { listTables, loadVenueName, loadVenueTable, noteQrSheetOpened } from "./load-tables.ts";
import { customerUrl, presentTable } from "./presenters.ts";
import { createTable, updateTable } from "./save-table.ts";
import { renderQrSheetHtml, renderTableQrSvg } from "./table-qr.ts";

/** Tables in the back office (spec 3 §7.3): list, create, edit, delete, and their QR codes. */
export const crmTableRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, events } = ctx;
  const venueOf = (request: FastifyRequest) => staffRetailerId(requirePrincipal(request));
  // QR codes open the guest screen on the public address, or where the admin reached us.
  const baseUrl = (request: FastifyRequest) => publicBaseUrl(ctx.config, request);

  app.get("/api/crm/tables", { schema: { response: { 200: crmTableList } } }, async (request) =>
    (await listTables(db, venueOf(request))).map((view) => presentTable(view, baseUrl(request))),
  );

  app.post("/api/crm/tables", { schema: { body: tableForm, response: { 200: crmTable } } }, async (request) =>
    presentTable(await createTable({ db, events, retailerId: venueOf(request), form: request.body }), baseUrl(request)),
  );

  app.get("/api/crm/tables/:id", { schema: { params: idParams, response: { 200: crmTable } } }, async (request) =>
    presentTable(await loadVenueTable(db, venueOf(request), request.params.id), baseUrl(request)),
  );

  app.put(
    "/api/crm/tables/:id",
    { schema: { params: idParams, body: tableForm, response: { 200: crmTable } } },
    async (request) =>
      presentTable(
        await updateTable({ db, events, retailerId: venueOf(request), tableId: request.params.id, form: request.body }),
        baseUrl(request),
      ),
  );

  app.delete("/api/crm/tables/:id", { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    await deleteTable({ db, events, retailerId: venueOf(request), tableId: request.params.id });
    return reply.status(204).send();
  });

  app.get(
    "/api/crm/tables/:id/qr.svg",
    { schema: { params: idParams, response: { 200: fileAnswer("The table's QR code", "image/svg+xml") } } },
    async (request, reply) => {
      const { table } = await loadVenueTable(db, venueOf(request), request.params.id);
      const svg = renderTableQrSvg({ url: customerUrl(baseUrl(request), table.code), caption: table.label });
      return reply
        .type("image/svg+xml; charset=utf-8")
        .header("Content-Disposition", `inline; filename="table-${table.id}.svg"`)
        .header("Cache-Control", "no-store")
        .send(svg);
    },
  );

  app.get(
    "/api/crm/tables/qr-sheet",
    { schema: { response: { 200: fileAnswer("A page to print with every table's QR code", "text/html") } } },
    async (request, reply) => {
      const retailerId = venueOf(request);
      const tables = await listTables(db, retailerId);
      const html = renderQrSheetHtml({
        lang: requestLanguage(request),
        venueName: await loadVenueName(db, retailerId),
        tables: tables.map(({ table }) => ({ caption: table.label, url: customerUrl(baseUrl(request), table.code) })),
      });
      if (tables.length) await noteQrSheetOpened(db, retailerId);
      return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(html);
    },
  );

  app.get(
    "/api/crm/tables/:id/qr-print",
    { schema: { params: idParams, response: { 200: fileAnswer("A page to print with the table's QR code", "text/html") } } },
    async (request, reply) => {
      const retailerId = venueOf(request);
      const { table } = await loadVenueTable(db, retailerId, request.params.id);
      const html = renderQrSheetHtml({
        lang: requestLanguage(request),
        venueName: await loadVenueName(db, retailerId),
        tables: [{ caption: table.label, url: customerUrl(baseUrl(request), table.code) }],
        single: true,
      });
      return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(html);
    },
  );
};
