import { auditPage, auditQuery, auditStaffList } from "@tableorder/domain/contracts/audit";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { requestLanguage } from "../../lib/language.ts";
import { fileAnswer } from "../../lib/openapi.ts";
import { exportAuditCsv } from "./export-audit-csv.ts";
import { listAuditStaff, loadAuditPage, resolveAuditScope } from "./load-audit-entries.ts";

/**
 * The owner's audit trail of staff actions (issue 16): read-only, ADMIN of the venue only (the
 * route table, auth/route-access.ts, refuses everyone else). No route writes, changes or deletes an
 * entry: actions record their own, in their own transaction (lib/audit-trail.ts).
 */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const venueOf = (request: FastifyRequest) => staffRetailerId(requirePrincipal(request));

  app.get("/api/crm/audit", { schema: { querystring: auditQuery, response: { 200: auditPage } } }, async (request) =>
    loadAuditPage(db, resolveAuditScope(venueOf(request), request.query), request.query.page),
  );

  app.get(
    "/api/crm/audit.csv",
    { schema: { querystring: auditQuery, response: { 200: fileAnswer("The audit trail", "text/csv") } } },
    async (request, reply) => {
      const scope = resolveAuditScope(venueOf(request), request.query);
      const file = `audit-${scope.from}${scope.to === scope.from ? "" : `_${scope.to}`}.csv`;
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file}"`)
        .header("cache-control", "no-store");
      return exportAuditCsv(db, scope, requestLanguage(request));
    },
  );

  app.get("/api/crm/audit/staff", { schema: { response: { 200: auditStaffList } } }, async (request) =>
    listAuditStaff(db, venueOf(request)),
  );
};
