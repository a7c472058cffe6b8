import { incomeStats, statsPrepAreas, statsRequest, statsTables, todayGlance } from "@tableorder/domain/contracts/stats";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requirePrincipal, staffRetailerId } from "../../auth/guards.ts";
import type { AppContext } from "../../context.ts";
import { requestLanguage } from "../../lib/language.ts";
import { fileAnswer } from "../../lib/openapi.ts";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import { exportConsumptionCsv, exportPaymentsCsv } from "./export-stats-csv.ts";
import { loadIncomeStats } from "./load-income-stats.ts";
import { loadStatsPrepAreas, loadStatsTables, loadTodayGlance } from "./load-today-glance.ts";
import { StatsProjection } from "./stats-realtime.ts";
import { resolveStatsScope } from "./stats-scope.ts";

/**
 * The owner's statistics (spec 3 §2.2, §3, §7.3; issue 14): income stats by filters, the filter
 * lists, today at a glance, CSV exports, and the live push of today's figures. ADMIN of the venue
 * only: the cash desk, waiters, cooks and guests are refused (403), anonymous callers 401.
 */
export const statsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; hub: StompHub }> = async (app, { ctx, hub }) => {
  const { db, events } = ctx;
  const venueOf = (request: Parameters<typeof requirePrincipal>[0]) => staffRetailerId(requirePrincipal(request));

  const projection = new StatsProjection(db, hub, (error) => app.log.error({ err: error }, "stats projection failed"));
  const unsubscribe = events.subscribe(projection.project);
  app.addHook("onClose", async () => {
    unsubscribe();
    projection.close();
  });

  app.post("/api/stats", { schema: { body: statsRequest, response: { 200: incomeStats } } }, async (request) => {
    const retailerId = venueOf(request);
    return loadIncomeStats(db, await resolveStatsScope(db, retailerId, request.body));
  });

  app.get("/api/stats/active-tables", { schema: { response: { 200: statsTables } } }, async (request) =>
    loadStatsTables(db, venueOf(request)),
  );

  app.get("/api/stats/prep-areas", { schema: { response: { 200: statsPrepAreas } } }, async (request) =>
    loadStatsPrepAreas(db, venueOf(request)),
  );

  app.get("/api/stats/today", { schema: { response: { 200: todayGlance } } }, async (request) =>
    loadTodayGlance(db, venueOf(request)),
  );

  for (const [path, exportCsv, name] of [
    ["/api/stats/consumption.csv", exportConsumptionCsv, "consumption"],
    ["/api/stats/payments.csv", exportPaymentsCsv, "payments"],
  ] as const) {
    app.post(
      path,
      { schema: { body: statsRequest, response: { 200: fileAnswer(`The ${name} report`, "text/csv") } } },
      async (request, reply) => {
        const scope = await resolveStatsScope(db, venueOf(request), request.body);
        const file = `${name}-${scope.startDate}${scope.endDate === scope.startDate ? "" : `_${scope.endDate}`}.csv`;
        reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${file}"`)
          .header("cache-control", "no-store");
        return exportCsv(db, scope, requestLanguage(request));
      },
    );
  }
};
