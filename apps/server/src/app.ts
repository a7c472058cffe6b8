import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { PrincipalVerifier } from "./auth/account-status.ts";
import { installRouteAccess } from "./auth/route-access.ts";
import { createTokenService } from "./auth/tokens.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import type { Database } from "./db/client.ts";
import { auditRoutes } from "./features/audit/routes.ts";
import { authRoutes } from "./features/auth/routes.ts";
import { projectPaymentUpdates } from "./features/card-terminals/payment-update-realtime.ts";
import { cardTerminalFor, cardTerminalRoutes } from "./features/card-terminals/routes.ts";
import { SandboxCardTerminal } from "./features/card-terminals/sandbox-card-terminal.ts";
import { TerminalSales } from "./features/card-terminals/terminal-sales.ts";
import { CashDeskProjection } from "./features/cash-desk/cash-desk-realtime.ts";
import { cashDeskRoutes } from "./features/cash-desk/routes.ts";
import { GuestMenus } from "./features/catalog/guest-menus.ts";
import { projectMenuChanges } from "./features/catalog/menu-realtime.ts";
import { catalogRoutes } from "./features/catalog/routes.ts";
import { contactRoutes } from "./features/contact/routes.ts";
import { crmPreparationAreaRoutes } from "./features/crm-preparation-areas/routes.ts";
import { crmProductRoutes, productImageRoutes } from "./features/crm-products/routes.ts";
import { crmRetailerRoutes } from "./features/crm-retailer/routes.ts";
import { crmTableRoutes } from "./features/crm-tables/routes.ts";
import { crmWaiterRoutes } from "./features/crm-waiters/routes.ts";
import { GUEST_PAGES_SERVER_DIRECTORY, guestPageHtmlLoader } from "./features/guest-pages/guest-page-renderer.ts";
import { guestPageRoutes } from "./features/guest-pages/routes.ts";
import { Readiness } from "./features/health/readiness.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { FiscalOutbox } from "./features/invoicing/fiscal-outbox.ts";
import { invoicingRoutes } from "./features/invoicing/routes.ts";
import { DatabaseSandboxBooks } from "./features/invoicing/sandbox-mydata-books.ts";
import { VenueTransmitters } from "./features/invoicing/venue-transmitters.ts";
import { projectKitchenTickets } from "./features/kitchen/kitchen-realtime.ts";
import { kitchenRoutes } from "./features/kitchen/routes.ts";
import { Metrics } from "./features/metrics/metrics.ts";
import { countPrintJobs } from "./features/metrics/print-jobs.ts";
import { metricsRoutes } from "./features/metrics/routes.ts";
import { settleGuestAbandonedPayments } from "./features/online-payments/pay-online.ts";
import { cardProviderFor, onlinePaymentRoutes } from "./features/online-payments/routes.ts";
import { operationsRoutes } from "./features/operations/routes.ts";
import { operatorRoutes } from "./features/operator/routes.ts";
import { orderRoutes } from "./features/orders/routes.ts";
import { paymentRoutes } from "./features/payments/routes.ts";
import { ratingRoutes } from "./features/ratings/routes.ts";
import { statsRoutes } from "./features/stats/routes.ts";
import { StatsRollupWorker } from "./features/stats/stats-rollup-worker.ts";
import { tableRequestRoutes } from "./features/table-requests/routes.ts";
import { checkInGuestByCode } from "./features/table-session/check-in.ts";
import { loadPublicTableStart } from "./features/table-session/load-table-start.ts";
import { tableSessionRoutes } from "./features/table-session/routes.ts";
import { projectTableState } from "./features/table-session/table-realtime.ts";
import { waiterRoutes } from "./features/waiter/routes.ts";
import { projectTerminalSaleFailures, projectWaiterFeed } from "./features/waiter/waiter-realtime.ts";
import { MydataSandbox } from "./integrations/mydata/sandbox-transmitter.ts";
import { installErrorHandler, installNotFoundHandler } from "./lib/error-handler.ts";
import { installIdempotentRequests, withKeyClaims } from "./lib/idempotent-requests.ts";
import { KeyedSerialQueue } from "./lib/keyed-serial-queue.ts";
import { type LogStream, loggerOptions } from "./lib/log-redaction.ts";
import { registerOpenApi } from "./lib/openapi.ts";
import { installPathParamChecks } from "./lib/path-params.ts";
import { installGuestRateLimits } from "./lib/rate-limits.ts";
import { responseSerializerCompiler } from "./lib/response-serializer.ts";
import { installSecurityHeaders, SERVICE_WORKER_FILE } from "./lib/security-headers.ts";
import { serverTokenFor } from "./operations/operations-endpoint.ts";
import { StompHub } from "./realtime/stomp-hub.ts";
import { createSubscriptionAuthorizer } from "./realtime/subscription-policy.ts";
import type { EventBus } from "./realtime/types.ts";
import { DEFAULT_WEB_DIST } from "./server-files.ts";

export interface BuiltApp {
  app: FastifyInstance;
  hub: StompHub;
  ctx: AppContext;
  /** What GET /health/ready answers; main marks it stopping when a stop begins. */
  readiness: Readiness;
  /** The fiscal outbox of this instance, and the myDATA sandbox when it is the transmitter. */
  fiscal: { outbox: FiscalOutbox; sandbox: MydataSandbox | null };
}

/**
 * Builds the HTTP API, the realtime hub and the event projections on a database and a bus; used
 * by main and by the tests, so tests exercise exactly what runs.
 */
export async function buildApp(options: {
  config: Config;
  database: Database;
  events: EventBus;
  /** Where log lines go instead of stdout (a test reading them). */
  logStream?: LogStream;
}): Promise<BuiltApp> {
  const { config, database, events } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    bodyLimit: 256 * 1024,
    // Zero hops believes no X-Forwarded-* header, as Fastify does by default.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkResponses: config.checkResponses }));
  installErrorHandler(app);
  installPathParamChecks(app);
  await installSecurityHeaders(app, config);

  const tokens = createTokenService({
    secret: config.jwtSecret,
    validitySeconds: config.tokenValiditySeconds,
    rememberMeValiditySeconds: config.tokenValidityRememberMeSeconds,
  });
  // Tokens are checked by signature and against the account, so a deleted or disabled account's
  // tokens stop working at once (auth/account-status.ts).
  const principals = new PrincipalVerifier({ db: database.db, tokens, events });
  // The features' database: a keyed staff request's first transaction records its key (issue 31).
  const ctx: AppContext = { config, db: withKeyClaims(database.db), tokens, events, principals };

  const readiness = new Readiness(database.db);
  // Once stopping, every answer closes its connection: one kept alive would hold the stop open
  // for the keep-alive timeout, and the client's next request belongs on another instance.
  app.addHook("onSend", async (_request, reply) => {
    if (readiness.stopping) reply.header("connection", "close");
  });
  // The instance's Prometheus metrics (features/metrics), kept whether or not /metrics is served.
  const metrics = new Metrics();
  metrics.timeRequests(app);
  app.decorateRequest("principal", null);
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith("Bearer ")) request.principal = await principals.verify(header.slice(7));
  });
  installRouteAccess(app);
  installIdempotentRequests(app, database.db);
  await installGuestRateLimits(app, config.guestRateLimitFactor);

  // Before the routes: the API document lists the routes registered after it.
  await registerOpenApi(app);
  await app.register(healthRoutes, { readiness });
  await app.register(metricsRoutes, { token: config.metricsToken, metrics });
  // The commands on this machine reach a server on the embedded database with the token it announces.
  const serverToken = serverTokenFor(database);
  await app.register(operationsRoutes, { ctx, database, token: serverToken });
  await app.register(operatorRoutes, { ctx, serverToken });
  // An anonymous sign-in that names its table checks the guest in there (features/table-session).
  await app.register(authRoutes, {
    ctx,
    checkInByCode: (db, principal, code) => checkInGuestByCode({ db, principal, code }),
  });
  // The guests' menus, read by the menu calls and by a table's start call alike.
  const guestMenus = new GuestMenus(database.db, events);
  app.addHook("onClose", async () => guestMenus.close());
  // Online card payments: a guest back at the table page settles what they left at the checkout.
  const cardProvider = cardProviderFor(ctx);
  await app.register(tableSessionRoutes, {
    ctx,
    guestMenus,
    onGuestOpen: (principal, tableId) =>
      settleGuestAbandonedPayments({ db: ctx.db, events, provider: cardProvider, principal, tableId }),
  });
  await app.register(catalogRoutes, { ctx, guestMenus });
  await app.register(orderRoutes, { ctx });
  await app.register(kitchenRoutes, { ctx });
  await app.register(tableRequestRoutes, { ctx });
  await app.register(waiterRoutes, { ctx });
  // Card terminals at the table: complete-orders sends sales through them, and their results
  // (from any instance, or from before a restart) are watched here.
  const terminal = cardTerminalFor(ctx);
  const terminalSales = new TerminalSales({
    db: database.db,
    events,
    terminal,
    timeoutSeconds: config.cardTerminals.timeoutSeconds,
    pollMs: config.cardTerminals.pollMs,
    log: app.log,
  });
  if (terminal instanceof SandboxCardTerminal) terminal.onDecided((sessionId) => terminalSales.checkSession(sessionId));
  await app.register(paymentRoutes, { ctx, terminals: terminalSales });
  await app.register(cardTerminalRoutes, { ctx, terminal, sales: terminalSales });
  await app.register(cashDeskRoutes, { ctx, terminals: terminalSales });
  await app.register(onlinePaymentRoutes, { ctx, provider: cardProvider });
  await app.register(contactRoutes, { ctx });
  await app.register(crmTableRoutes, { ctx });
  await app.register(crmWaiterRoutes, { ctx });
  await app.register(crmPreparationAreaRoutes, { ctx });
  await app.register(crmProductRoutes, { ctx });
  await app.register(productImageRoutes, { ctx });
  await app.register(crmRetailerRoutes, { ctx });
  await app.register(invoicingRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  await app.register(ratingRoutes, { ctx });
  // Fiscal documents go out through the outbox, to the sandbox (embedded default) or AADE.
  const sandbox =
    config.fiscal.environment === "sandbox"
      ? new MydataSandbox({
          books: new DatabaseSandboxBooks(database.db),
          latencyMs: config.fiscal.sandboxLatencyMs,
          timeoutMs: config.fiscal.timeoutMs,
        })
      : null;
  const outbox = new FiscalOutbox({
    db: database.db,
    events,
    transmitters: new VenueTransmitters({ db: database.db, config: config.fiscal, sandbox }),
    pollMs: config.fiscal.pollMs,
    batchSize: config.fiscal.batchSize,
    lanes: config.fiscal.lanes,
    leaseSeconds: config.fiscal.leaseSeconds,
    log: app.log,
  });

  const hub = new StompHub({
    verifyToken: (token) => principals.verify(token),
    authorize: createSubscriptionAuthorizer(database.db),
  });
  const stopRevoking = principals.onRevoked((userIds) => hub.disconnectUsers(userIds));
  await app.register(statsRoutes, { ctx, hub });
  // Finished days are rolled up in the background, so the owner's first read of a year is quick.
  const statsRollup = new StatsRollupWorker({
    db: database.db,
    startDelayMs: config.statsRollup.startDelayMs,
    nightlyDelayMs: config.statsRollup.nightlyDelayMs,
    log: app.log,
  });
  const cashDesk = new CashDeskProjection(database.db, hub, (error) =>
    app.log.error({ err: error }, "cash desk projection failed"),
  );
  const projections = [
    projectKitchenTickets(database.db, hub, (committedAt) => metrics.orderDelivered(committedAt)),
    projectTableState(database.db, hub),
    projectMenuChanges(database.db, hub),
    projectWaiterFeed(database.db, hub),
    projectTerminalSaleFailures(database.db, hub),
    projectPaymentUpdates(hub),
    cashDesk.project,
  ];
  const stopMetrics = metrics.watch({
    hub,
    database,
    events,
    queues: {
      fiscalOutbox: () => outbox.backlog(),
      printJobs: () => countPrintJobs(database.db),
      terminalSales: () => terminalSales.waitingCount(),
    },
    log: app.log,
  });
  // Events of one table are projected in order; other tables' events go on meanwhile.
  const queue = new KeyedSerialQueue();
  const unsubscribe = events.subscribe((event) =>
    queue.run(`${event.retailerId}:${event.tableId ?? ""}`, async () => {
      for (const project of projections) {
        try {
          await project(event);
        } catch (error) {
          app.log.error({ err: error, event: event.type }, "realtime projection failed");
        }
      }
    }),
  );
  app.addHook("onReady", async () => {
    hub.attach(app.server);
    terminalSales.startWatching();
    outbox.start();
    if (config.statsRollup.enabled) statsRollup.start();
  });
  // Sockets go first: an upgraded WebSocket would otherwise hold the HTTP server open.
  app.addHook("preClose", async () => {
    readiness.markStopping();
    await terminalSales.stopWatching();
    await outbox.stop();
    await statsRollup.stop();
    unsubscribe();
    stopMetrics();
    cashDesk.close();
    stopRevoking();
    principals.close();
    await hub.close();
  });

  const webDist = config.webDist ?? DEFAULT_WEB_DIST;
  const serveWebApp = existsSync(path.join(webDist, "index.html"));
  if (serveWebApp) {
    // The build writes .br and .gz copies of its assets; a phone gets the smallest it accepts. Its
    // server rendering (ssr/) is the server's to run, not a file to send.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      maxAge: "1h",
      immutable: false,
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith(`/${GUEST_PAGES_SERVER_DIRECTORY}/`),
      // The staff apps' service worker is checked for a new build on every visit, not once an hour.
      setHeaders: (reply, filePath) => {
        if (path.basename(filePath).startsWith(SERVICE_WORKER_FILE)) reply.header("Cache-Control", "no-cache");
      },
    });
  }
  await app.register(guestPageRoutes, {
    ctx,
    pages: serveWebApp ? guestPageHtmlLoader(webDist) : null,
    loadPage: (code, lang) => loadPublicTableStart({ db: database.db, menus: guestMenus, code, lang }),
  });
  installNotFoundHandler(app, { serveWebApp });
  return { app, hub, ctx, readiness, fiscal: { outbox, sandbox } };
}
