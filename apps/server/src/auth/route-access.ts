import { RECORD_DELETERS } from "@tableorder/domain/record-deletion";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { AppError } from "../lib/app-error.ts";
import type { AccountRole } from "./principal.ts";

/**
 * Who may call a route, declared once for every route of the API: the hook below enforces it and
 * the authorization matrix test (test/authorization-matrix.test.ts) reads it.
 *
 * - `public`: anyone; a token is not looked at (signing in must work with a stale one).
 * - `visitors`: anyone, signed in or not, but a token that is sent and refused (expired, forged,
 *   its account gone) is a 401, so the client learns at once that its session ended.
 * - `roles`: only accounts of these roles: no token (or a refused one) is a 401, another role a 403.
 * - `serverToken`: no account at all; a tool of whoever runs the server (a backup) whose own guard
 *   asks for the token the running server wrote into its data directory (features/operations):
 *   anyone else gets a 401. (Not the platform operator's account role: that is an account.)
 *
 * `scope` says which data the route's own checks confine the caller to; they stay in the domain
 * functions and auth/policies (another venue's id is a 404 or 403, another table a 403):
 * - `venue`: ids of the caller's venue only;
 * - `table`: a guest only the table they checked in to, staff only their venue's tables;
 * - `own`: the caller's own account, sign-in or payment;
 * - `none`: nothing to confine (public data, or the caller's venue is implied by the token);
 * - `platform`: every venue, as the platform operator sees them (issue 18): their names, status
 *   and signs of life, never their orders, guests or payments.
 *
 * Roles are listed explicitly (no "every account"), so a role added later reaches no route until
 * the routes it needs name it: the platform operator (OPERATOR) reaches its console and its own
 * account, and no venue route.
 */
export type RouteScope = "venue" | "table" | "own" | "none" | "platform";
export type RouteAccess =
  | { readonly kind: "public" }
  | { readonly kind: "visitors" }
  | { readonly kind: "serverToken" }
  | { readonly kind: "roles"; readonly roles: readonly AccountRole[]; readonly scope: RouteScope };

const PUBLIC: RouteAccess = { kind: "public" };
const VISITORS: RouteAccess = { kind: "visitors" };
const SERVER_TOKEN: RouteAccess = { kind: "serverToken" };
const roles = (scope: RouteScope, ...admitted: AccountRole[]): RouteAccess => ({ kind: "roles", roles: admitted, scope });

/** Every kind of account, for what concerns the caller's own account, sign-in or payment. */
const GUESTS_AND_STAFF: AccountRole[] = ["USER", "WAITER", "COOK", "CASH_DESK", "ADMIN"];
/** The platform operator's console (issue 18): above the venues, and no venue's own. */
const OPERATOR = roles("platform", "OPERATOR");
/** Those who serve the tables: waiters, and the cash desk and administrators who stand in for them. */
const SERVICE: AccountRole[] = ["WAITER", "CASH_DESK", "ADMIN"];
/** A table's own calls: its guests, and the service ordering or asking for them (never a cook). */
const AT_THE_TABLE: AccountRole[] = ["USER", ...SERVICE];
/** Those who run a preparation area's screen: its cooks, the cash desk and administrators. */
const KITCHEN: AccountRole[] = ["COOK", "CASH_DESK", "ADMIN"];
/** The back office (spec 3 §6): administrators and the cash desk. */
const BACK_OFFICE: AccountRole[] = ["ADMIN", "CASH_DESK"];

/** The route table: "METHOD url" (Fastify's url, with its :params) → who may call it. */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // Signing in and the own account.
  "POST /api/authenticate": PUBLIC,
  "POST /api/authenticate-anonymous": PUBLIC,
  "POST /api/authenticate-google": PUBLIC,
  "POST /api/authenticate-facebook": PUBLIC,
  "GET /api/account": roles("own", ...GUESTS_AND_STAFF, "OPERATOR"),
  "POST /api/account/language": roles("own", ...GUESTS_AND_STAFF, "OPERATOR"),
  // A one-time link to choose a password (issue 18): its holder has no password yet.
  "GET /api/set-password/:token": PUBLIC,
  "POST /api/set-password/:token": PUBLIC,
  "GET /management/info": PUBLIC,
  // Probes for a load balancer (features/health).
  "GET /health/live": PUBLIC,
  "GET /health/ready": PUBLIC,
  // Prometheus's scrape (features/metrics): guarded by its own token from configuration, no account's.
  "GET /metrics": PUBLIC,
  // A consistent copy of the embedded database, streamed to `npm run backup` (features/operations).
  "POST /operations/backup": SERVER_TOKEN,
  // `npm run venue:create` and `operator:create` while a server runs on the embedded database.
  "POST /operations/venues": SERVER_TOKEN,
  "POST /operations/operators": SERVER_TOKEN,

  // The platform operator's console (features/operator).
  "GET /api/operator/contact-requests": OPERATOR,
  "PUT /api/operator/contact-requests/:id/status": OPERATOR,
  "GET /api/operator/venues": OPERATOR,
  "POST /api/operator/venues": OPERATOR,
  "PUT /api/operator/venues/:id/status": OPERATOR,
  "POST /api/operator/venues/:id/admin-link": OPERATOR,

  // The API's own description (lib/openapi.ts) and its reference page, with the page's files.
  "GET /api/openapi.json": PUBLIC,
  "GET /api/docs": PUBLIC,
  "GET /api/docs/static/index.html": PUBLIC,
  "GET /api/docs/static/swagger-initializer.js": PUBLIC,
  "GET /api/docs/json": PUBLIC,
  "GET /api/docs/yaml": PUBLIC,
  "GET /api/docs/static/*": PUBLIC,

  // The guest's pages (features/guest-pages): the menu's, rendered by the server, is what the QR code opens.
  "GET /service/customer/:code": PUBLIC,
  "GET /service/customer/:code/menu": PUBLIC,
  "GET /service/customer/*": PUBLIC,
  // The guest's table: what its QR code shows is public; the rest needs the check-in.
  "GET /api/cq-table/code/:code": VISITORS,
  // Public like the code and the menu; what only a checked-in guest may read is null for others.
  "GET /api/cq-table/code/:code/start": VISITORS,
  "GET /api/cq-table/:tableId/menu": VISITORS,
  "GET /api/cq-table/:tableId/closed-areas": VISITORS,
  "POST /api/cq-table/check-in/:tableId": roles("none", "USER"),
  "POST /api/cq-table/check-out/:id": roles("own", ...GUESTS_AND_STAFF),
  "GET /api/cq-table/:tableId/retailer-info": roles("table", ...AT_THE_TABLE),
  "GET /api/orders/:tableId/feed": roles("table", ...AT_THE_TABLE),
  "GET /api/cq-table/:tableId/active-waiter-call": roles("table", ...AT_THE_TABLE),
  "GET /api/cq-table/:tableId/active-payment-request": roles("table", ...AT_THE_TABLE),
  "POST /api/cq-table/call-waiter/:tableId": roles("table", ...AT_THE_TABLE),
  "POST /api/cq-table/cancel-request/:id": roles("table", ...AT_THE_TABLE),
  "POST /api/cq-table/payment-request/:tableId": roles("table", ...AT_THE_TABLE),
  "POST /api/orders/:tableId": roles("table", ...AT_THE_TABLE),
  "DELETE /api/orders/:tableId/product/:orderProductId": roles("table", ...AT_THE_TABLE),
  "POST /api/orders/:tableId/pay": roles("table", ...AT_THE_TABLE),
  "GET /api/orders/complete-payment": roles("own", ...GUESTS_AND_STAFF),
  "GET /api/orders/fail-payment": roles("own", ...GUESTS_AND_STAFF),
  // A guest's own word on their visit (issue 32): staff never rate in a guest's name.
  "GET /api/cq-table/:tableId/rating": roles("table", "USER"),
  "POST /api/cq-table/:tableId/rating": roles("table", "USER"),

  // Public pages and files.
  "POST /api/contact-form": PUBLIC,
  "GET /api/home-page/cuisine-types": PUBLIC,
  "GET /api/images/:id": PUBLIC,
  "GET /api/images/:id/:width": PUBLIC,
  // The sandboxes' stand-in pages for a card terminal and a card checkout (embedded default only).
  "GET /sandbox/card-terminal": PUBLIC,
  "POST /sandbox/card-terminal/approve": PUBLIC,
  "POST /sandbox/card-terminal/decline": PUBLIC,
  "GET /sandbox/card-checkout": PUBLIC,
  "POST /sandbox/card-checkout/approve": PUBLIC,
  "POST /sandbox/card-checkout/decline": PUBLIC,

  // The preparation area's screen.
  "GET /api/feed/kitchen": roles("venue", ...KITCHEN),
  "GET /api/feed/kitchen/completed": roles("venue", ...KITCHEN),
  "GET /api/feed/kitchen/ticket/:id": roles("venue", ...KITCHEN),
  "POST /api/feed/kitchen/ticket/:id/prepare": roles("venue", ...KITCHEN),
  "POST /api/feed/kitchen/ticket/:id/prepare-products": roles("venue", ...KITCHEN),
  "POST /api/feed/kitchen/ticket/:id/undo": roles("venue", ...KITCHEN),
  "POST /api/feed/kitchen/ticket/:id/acknowledge-cancellation": roles("venue", ...KITCHEN),
  "POST /api/feed/kitchen/ticket/:id/print": roles("venue", ...KITCHEN),
  "POST /api/feed/kitchen/ticket/:id/print-claim": roles("venue", ...KITCHEN),
  "POST /api/feed/kitchen/auto-print": roles("venue", ...KITCHEN),
  "GET /api/cuisine/ip": roles("venue", ...KITCHEN),
  "GET /api/cuisine/preparation-area/get-active": roles("venue", ...KITCHEN),
  "POST /api/cuisine/preparation-area/set-active": roles("venue", ...KITCHEN),
  "GET /api/cuisine/menu": roles("venue", ...KITCHEN),
  "POST /api/cuisine/product/:id/set-active": roles("venue", ...KITCHEN),
  "POST /api/feed/admin/ticket/:id/print": roles("venue", ...BACK_OFFICE),

  // The waiter's area, payments at the table and card terminals.
  "GET /api/feed/menu": roles("venue", ...SERVICE),
  "GET /api/feed/closed-areas": roles("venue", ...SERVICE),
  "POST /api/feed/product/:id/set-active": roles("venue", ...SERVICE),
  "GET /api/feed/get-employee-feed": roles("venue", ...SERVICE),
  "GET /api/feed/get-employee-feed/request/:requestId": roles("venue", ...SERVICE),
  "GET /api/feed/get-employee-feed/new-orders": roles("venue", ...SERVICE),
  "POST /api/feed/complete-request/:requestId": roles("venue", ...SERVICE),
  "POST /api/feed/next-status": roles("venue", ...SERVICE),
  "POST /api/feed/complete-orders": roles("venue", ...SERVICE),
  "POST /api/feed/undo-status": roles("venue", ...SERVICE),
  "GET /api/feed/table/:tableId/products": roles("venue", ...SERVICE),
  "POST /api/feed/table/:tableId/remove-products": roles("venue", ...SERVICE),
  "GET /api/feed/get-table-assignments": roles("venue", ...SERVICE),
  "POST /api/feed/:id/assign-me": roles("venue", ...SERVICE),
  "GET /api/feed/get-waiter-products": roles("venue", ...SERVICE),
  "POST /api/feed/table/:id/complete-orders": roles("venue", ...SERVICE),
  "POST /api/feed/transfer-table": roles("venue", ...SERVICE),
  "POST /api/feed/release-payment-hold": roles("venue", ...SERVICE),
  "GET /api/feed/card-terminals": roles("venue", ...SERVICE),
  "GET /api/feed/payment/:id/status": roles("venue", ...SERVICE),
  "POST /api/feed/payment/:id/cancel": roles("venue", ...SERVICE),

  // The cash desk.
  "GET /api/cash-desk/cash-desk-status": roles("venue", ...BACK_OFFICE),
  "GET /api/cash-desk/tables": roles("venue", ...BACK_OFFICE),
  "GET /api/cash-desk/take-away": roles("venue", ...BACK_OFFICE),
  "POST /api/cash-desk/take-away": roles("venue", ...BACK_OFFICE),
  "GET /api/cash-desk/prep-areas": roles("venue", ...BACK_OFFICE),
  "PUT /api/cash-desk/table/:id/bill": roles("venue", ...BACK_OFFICE),
  "GET /api/admin/ip": roles("venue", ...BACK_OFFICE),
  "GET /api/admin/order-history": roles("venue", ...BACK_OFFICE),
  "GET /api/orders/:ticketId/invoices": roles("venue", ...BACK_OFFICE),
  "GET /api/cash-desk/documents-to-print": roles("venue", ...BACK_OFFICE),
  "POST /api/cash-desk/documents/:id/print-claim": roles("venue", ...BACK_OFFICE),
  "POST /api/cash-desk/documents/:id/printed": roles("venue", ...BACK_OFFICE),
  "POST /api/feed/issue-receipt": roles("venue", ...BACK_OFFICE),

  // The back office: tables, staff, preparation areas, products and the menu.
  "GET /api/crm/tables": roles("venue", ...BACK_OFFICE),
  "POST /api/crm/tables": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/tables/qr-sheet": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/tables/:id": roles("venue", ...BACK_OFFICE),
  "PUT /api/crm/tables/:id": roles("venue", ...BACK_OFFICE),
  "DELETE /api/crm/tables/:id": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/tables/:id/qr.svg": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/tables/:id/qr-print": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/waiters": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/waiter/tables": roles("venue", ...BACK_OFFICE),
  "POST /api/crm/waiter": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/waiter/:id": roles("venue", ...BACK_OFFICE),
  "PUT /api/crm/waiter/:id": roles("venue", ...BACK_OFFICE),
  "DELETE /api/crm/waiter/:id": roles("venue", ...RECORD_DELETERS),
  "GET /api/crm/preparation-areas": roles("venue", ...BACK_OFFICE),
  "POST /api/crm/preparation-area": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/preparation-area/:id": roles("venue", ...BACK_OFFICE),
  "PUT /api/crm/preparation-area/:id": roles("venue", ...BACK_OFFICE),
  "DELETE /api/crm/preparation-area/:id": roles("venue", ...RECORD_DELETERS),
  "GET /api/crm/products": roles("venue", ...BACK_OFFICE),
  "POST /api/crm/product": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/product/:id": roles("venue", ...BACK_OFFICE),
  "PUT /api/crm/product/:id": roles("venue", ...BACK_OFFICE),
  "DELETE /api/crm/product/:id": roles("venue", ...RECORD_DELETERS),
  "POST /api/crm/product/:id/image": roles("venue", ...BACK_OFFICE),
  "DELETE /api/crm/product/:id/image": roles("venue", ...BACK_OFFICE),
  "POST /api/crm/product/:id/active-status": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/product-categories": roles("venue", ...BACK_OFFICE),
  "POST /api/crm/product-categories": roles("venue", ...BACK_OFFICE),
  "POST /api/crm/order-products": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/translations-active": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/translation-languages": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/translation-missing": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/translation-missing/product-category": roles("venue", ...BACK_OFFICE),
  "GET /api/crm/retailer/types": roles("none", ...BACK_OFFICE),
  "GET /api/crm/invoicing-enabled": roles("venue", ...BACK_OFFICE),

  // Administrators only: shop settings, invoicing, fiscal documents and statistics.
  "GET /api/crm/retailer": roles("venue", "ADMIN"),
  "GET /api/crm/setup-checklist": roles("venue", "ADMIN"),
  "POST /api/crm/retailer": roles("venue", "ADMIN"),
  "GET /api/crm/invoicing-details": roles("venue", "ADMIN"),
  "POST /api/crm/invoicing-details": roles("venue", "ADMIN"),
  "DELETE /api/admin/documents/cancel/:documentId": roles("venue", "ADMIN"),
  "GET /api/admin/documents/pending": roles("venue", "ADMIN"),
  "GET /api/admin/documents/:documentId/xml": roles("venue", "ADMIN"),
  "POST /api/stats": roles("venue", "ADMIN"),
  "GET /api/stats/active-tables": roles("venue", "ADMIN"),
  "GET /api/stats/prep-areas": roles("venue", "ADMIN"),
  "GET /api/stats/today": roles("venue", "ADMIN"),
  "POST /api/stats/consumption.csv": roles("venue", "ADMIN"),
  "POST /api/stats/payments.csv": roles("venue", "ADMIN"),
  "GET /api/crm/audit": roles("venue", "ADMIN"),
  "GET /api/crm/audit.csv": roles("venue", "ADMIN"),
  "GET /api/crm/audit/staff": roles("venue", "ADMIN"),
  "GET /api/crm/ratings": roles("venue", "ADMIN"),
};

/** The table's key of a route; a HEAD route Fastify adds beside a GET shares the GET's policy. */
export function routeKey(method: string, url: string): string {
  return `${method === "HEAD" ? "GET" : method} ${url}`;
}

/**
 * A file of the built web app: @fastify/static registers one route per file and marks it with the
 * file's root. Those are public like any static site.
 */
function isWebAppFile(route: { config?: unknown }): boolean {
  return typeof (route.config as { rootPath?: unknown } | undefined)?.rootPath === "string";
}

/**
 * The policy for a method and url. A plugin's root route under a prefix ("/api/docs") also answers
 * with a trailing slash, a copy Fastify adds (with its HEAD twin) that shares the route's policy.
 */
function policyOf(method: string, url: string): RouteAccess | undefined {
  const key = routeKey(method, url);
  return ROUTE_ACCESS[key] ?? ROUTE_ACCESS[key.replace(/(.)\/$/, "$1")];
}

/** The policy of the route a request matched; onRoute let no route without one through. */
function accessOf(request: FastifyRequest): RouteAccess | undefined {
  const { url, config } = request.routeOptions;
  // No route matched (the not-found handler answers), or a file of the web app.
  if (url === undefined || isWebAppFile({ config })) return PUBLIC;
  return policyOf(request.method, url);
}

/**
 * Enforces the route table on every request, after the token was read: refuses, while the app is
 * built, a route the table does not name, so a route cannot ship without a policy.
 */
export function installRouteAccess(app: FastifyInstance): void {
  app.addHook("onRoute", (route: RouteOptions) => {
    if (isWebAppFile(route)) return;
    for (const method of [route.method].flat()) {
      if (!policyOf(method, route.url)) {
        const key = routeKey(method, route.url);
        throw new Error(
          `The route "${key}" has no access policy: add it to ROUTE_ACCESS in apps/server/src/auth/route-access.ts`,
        );
      }
    }
  });

  app.addHook("onRequest", async (request) => {
    const access = accessOf(request);
    // Fail closed, though onRoute refused every route without a policy.
    if (!access) throw new AppError("forbidden", 403);
    // A server token is no account's: the route checks it itself.
    if (access.kind === "public" || access.kind === "serverToken") return;
    const { principal } = request;
    // A token that was sent but refused (expired, forged, its account gone) ends the session.
    if (!principal && request.headers.authorization?.startsWith("Bearer ")) throw new AppError("unauthorized", 401);
    if (access.kind === "visitors") return;
    if (!principal) throw new AppError("unauthorized", 401);
    if (!access.roles.includes(principal.role)) throw new AppError("forbidden", 403);
  });
}
