import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AccountRole } from "../src/auth/principal.ts";
import { installRouteAccess, ROUTE_ACCESS, type RouteAccess, routeKey } from "../src/auth/route-access.ts";
import { TEST_PASSWORD } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { type RegisteredRoute, registeredRoutes } from "./support/registered-routes.ts";
import { queryString, requestSchema, sampleOf } from "./support/route-requests.ts";
import { trySubscribe } from "./support/stomp-client.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";
import { buildTwoVenues, type Caller, pathToVenueA, type TwoVenues } from "./support/two-venues.ts";

/**
 * Every route the app registers × every kind of caller, against the route table
 * (src/auth/route-access.ts): without a token 401, with a role the route does not admit 403, with
 * one it admits anything but 401/403/5xx; another venue's admin never reaches venue A's records,
 * and a guest never another table. Routes that change data get fresh venues each, so the order
 * of the routes does not matter.
 */

vi.mock("fastify", async (importOriginal) =>
  (await import("./support/registered-routes.ts")).recordingRoutes(await importOriginal()),
);

/** A token the server cannot verify: as good as none, and answered 401 wherever a token counts. */
const FORGED_TOKEN = "eyJhbGciOiJIUzUxMiJ9.eyJzdWIiOiIxIn0.forged";
type Probe = Caller | "forgedToken";
const ROLE_OF: Record<Exclude<Probe, "none" | "forgedToken">, AccountRole> = {
  guestOfTable: "USER",
  guestOfOtherTable: "USER",
  waiter: "WAITER",
  cook: "COOK",
  cashDesk: "CASH_DESK",
  admin: "ADMIN",
  otherVenueAdmin: "ADMIN",
  operator: "OPERATOR",
};

/**
 * Bodies that name venue A's records where a generated one would be refused before the route's
 * data checks run; every other route gets a body generated from its schema.
 */
const SAMPLE_BODIES: Record<string, (v: TwoVenues) => unknown> = {
  "POST /api/authenticate": (v) => ({ username: v.a.admin.login, password: TEST_PASSWORD, rememberMe: false }),
  "POST /api/orders/:tableId": (v) => [{ id: v.a.salad.id, quantity: 1 }],
  "POST /api/cq-table/payment-request/:tableId": (v) => ({ itemsCount: [{ orderProductId: v.ids.orderProduct, quantity: 1 }] }),
  "POST /api/orders/:tableId/pay": (v) => ({ itemsCount: [{ orderProductId: v.ids.orderProduct, quantity: 1 }] }),
  "POST /api/feed/next-status": (v) => [v.ids.orderProduct],
  "POST /api/feed/complete-orders": (v) => [v.ids.orderProduct],
  "POST /api/feed/undo-status": (v) => ({ orderProductIds: [v.ids.orderProduct] }),
  "POST /api/feed/table/:tableId/remove-products": (v) => ({ orderProductIds: [v.ids.orderProduct] }),
  "POST /api/feed/table/:id/complete-orders": (v) => ({
    cashAmount: 950,
    itemsCount: [{ orderProductId: v.ids.orderProduct, quantity: 1 }],
  }),
  "POST /api/feed/transfer-table": (v) => ({ tableId: v.a.table.id, targetTableId: v.a.otherTable.id }),
  "POST /api/feed/:id/assign-me": () => ({ active: true }),
  "POST /api/feed/kitchen/ticket/:id/prepare-products": (v) => ({ orderProductIds: [v.ids.orderProduct] }),
  "POST /api/feed/kitchen/ticket/:id/undo": () => ({}),
  "POST /api/feed/kitchen/ticket/:id/print-claim": () => ({ screenId: "screen-0001" }),
  "POST /api/cash-desk/documents/:id/print-claim": () => ({ screenId: "screen-0001" }),
  "POST /api/feed/kitchen/auto-print": (v) => ({ id: v.a.kitchen.id, autoPrint: true }),
  "POST /api/cuisine/preparation-area/set-active": (v) => ({ id: v.a.kitchen.id, active: true }),
  "POST /api/cuisine/product/:id/set-active": () => ({ active: false }),
  "POST /api/feed/product/:id/set-active": () => ({ active: false }),
  "POST /api/crm/product/:id/active-status": () => ({ active: false }),
  "POST /api/feed/issue-receipt": (v) => ({
    source: "DINE_IN",
    tableId: v.a.table.id,
    cashAmount: 1000,
    sections: [{ sectionVat: 24, sectionAmount: 1000, sectionType: "GOOD" }],
  }),
  "PUT /api/crm/waiter/:id": (v) => ({ firstName: "Ann", lastName: "Lee", userName: v.a.waiter.login, tableIds: [v.a.table.id] }),
  "PUT /api/crm/product/:id": (v) => ({
    name: "Salad",
    price: 950,
    categoryId: v.a.category.id,
    preparationAreaId: v.a.kitchen.id,
  }),
  "PUT /api/crm/tables/:id": (v) => ({ label: "A1", code: "a1-code", waiterIds: [v.a.waiter.id] }),
};
/** Query strings naming venue A's records. */
const SAMPLE_QUERIES: Record<string, (v: TwoVenues) => string> = {
  "GET /api/feed/kitchen": (v) => `?id=${v.a.kitchen.id}`,
  "GET /api/feed/kitchen/completed": (v) => `?id=${v.a.kitchen.id}`,
  "GET /api/cuisine/preparation-area/get-active": (v) => `?id=${v.a.kitchen.id}`,
};

interface Call {
  path: string;
  body: unknown;
  /** A body that is no JSON (a picture), with its content type. */
  raw?: Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** Whether the request names venue A's records (in its path, body or query). */
  targetsVenueA: boolean;
}

/** A picture to upload: 8×8 white pixels. */
const smallPng = async () =>
  new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer(),
  );

async function callFor(route: RegisteredRoute, venues: TwoVenues): Promise<Call> {
  const key = routeKey(route.method, route.url);
  const bodySchema = requestSchema(route, "body");
  const querySchema = requestSchema(route, "querystring");
  const body = SAMPLE_BODIES[key]?.(venues) ?? (bodySchema ? sampleOf(bodySchema) : undefined);
  const query = SAMPLE_QUERIES[key]?.(venues) ?? (querySchema ? queryString(sampleOf(querySchema)) : "");
  const upload = key === "POST /api/crm/product/:id/image" ? await smallPng() : undefined;
  return {
    path: (await pathToVenueA(route.url, venues)) + query,
    body,
    raw: upload,
    headers: upload && { "content-type": "image/png" },
    targetsVenueA: route.url.includes(":") || key in SAMPLE_BODIES || key in SAMPLE_QUERIES,
  };
}

type Outcome = "reached" | "401" | "403" | "403 or 404" | "refused or no effect";

/** What the route table says this caller gets. */
function expectedOutcome(access: RouteAccess, probe: Probe, call: Call): Outcome {
  if (access.kind === "public") return "reached";
  // A tool of whoever runs the server: no account's token opens it, only the running server's own.
  if (access.kind === "serverToken") return "401";
  if (probe === "forgedToken") return "401";
  if (access.kind === "visitors") return "reached";
  if (probe === "none") return "401";
  if (!access.roles.includes(ROLE_OF[probe])) return "403";
  // Someone else's check-in: the route acts on the caller's own records only, so it refuses or
  // finds nothing to do.
  if (access.scope === "own" && call.targetsVenueA && probe !== "guestOfTable") return "refused or no effect";
  if (probe === "otherVenueAdmin" && access.scope !== "none" && call.targetsVenueA) return "403 or 404";
  if (probe === "guestOfOtherTable" && access.scope === "table") return "403";
  return "reached";
}

function matches(outcome: Outcome, status: number): boolean {
  if (status >= 500) return false;
  if (outcome === "refused or no effect") return true;
  if (outcome === "reached") return status !== 401 && status !== 403;
  if (outcome === "403 or 404") return status === 403 || status === 404;
  return String(status) === outcome;
}

/**
 * The callers in the order that keeps a changing route testable: the refused ones first (they
 * change nothing), then venue A's admin, then the other admitted callers.
 */
const PROBES: Probe[] = [
  "none",
  "forgedToken",
  "otherVenueAdmin",
  "guestOfOtherTable",
  "admin",
  "guestOfTable",
  "waiter",
  "cook",
  "cashDesk",
  "operator",
];

let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.baseUrl);
});
afterAll(async () => server?.close());

describe("the route table", () => {
  it("names every route the app registers, and no route it does not", () => {
    const registered = registeredRoutes.map((route) => routeKey(route.method, route.url));
    expect(registered.length).toBeGreaterThan(100);
    expect(registered.filter((key) => !ROUTE_ACCESS[key])).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it("refuses, while the app is built, a route it does not name", async () => {
    // Fastify itself, not the recording mock, so this route stays out of the app's route list.
    const { default: fastify } = await vi.importActual<typeof import("fastify")>("fastify");
    const app = fastify();
    installRouteAccess(app);
    expect(() => app.get("/api/new-feature", async () => ({}))).toThrow('The route "GET /api/new-feature" has no access policy');
    await app.close();
  });
});

describe("the authorization matrix", () => {
  it("answers every route for every caller as its policy says", async () => {
    const failures: string[] = [];
    const shared = await buildTwoVenues(server, api);
    for (const route of registeredRoutes) {
      const access = ROUTE_ACCESS[routeKey(route.method, route.url)];
      // A route that changes data gets venues of its own.
      const venues = route.method === "GET" ? shared : await buildTwoVenues(server, api);
      const call = await callFor(route, venues);
      const probe = async (who: Probe) => {
        const token = who === "forgedToken" ? FORGED_TOKEN : venues.tokens[who];
        const answer = await api.call(route.method, call.path, { token, body: call.body, raw: call.raw, headers: call.headers });
        const outcome = expectedOutcome(access, who, call);
        if (!matches(outcome, answer.status)) {
          const error = answer.headers.get("x-app-error") ?? "";
          failures.push(`${route.method} ${route.url} × ${who}: expected ${outcome}, got ${answer.status} ${error}`);
        }
      };
      // Callers the route refuses change nothing, so they go together; then the admitted ones in
      // turn, venue A's admin first, whose call may change what the next one finds.
      const refused = PROBES.filter((who) => ["401", "403"].includes(expectedOutcome(access, who, call)));
      await Promise.all(refused.map(probe));
      for (const who of PROBES.filter((who) => !refused.includes(who))) await probe(who);
    }
    expect(failures, `route × caller: expected, got\n${failures.join("\n")}`).toEqual([]);
  }, 240_000);
});

/**
 * Who may listen where (src/realtime/subscription-policy.ts), for venue A's table, area and
 * ticket: a guest only their own table's topics, a cook only their area, staff only their venue.
 */
const SUBSCRIBERS: Record<string, (v: TwoVenues) => { destination: string; admitted: Caller[] }> = {
  customer: (v) => ({
    destination: `/topic/customer/el/${v.a.table.id}`,
    admitted: ["guestOfTable", "waiter", "cashDesk", "admin"],
  }),
  "customer (English)": (v) => ({
    destination: `/topic/customer/en/${v.a.table.id}`,
    admitted: ["guestOfTable", "waiter", "cashDesk", "admin"],
  }),
  "payment request": (v) => ({
    destination: `/topic/payment-request/${v.a.table.id}`,
    admitted: ["guestOfTable", "waiter", "cashDesk", "admin"],
  }),
  "waiter call": (v) => ({
    destination: `/topic/waiter-call/${v.a.table.id}`,
    admitted: ["guestOfTable", "waiter", "cashDesk", "admin"],
  }),
  menu: (v) => ({ destination: `/topic/menu/${v.a.table.id}`, admitted: ["guestOfTable", "waiter", "cashDesk", "admin"] }),
  "payment update": (v) => ({ destination: `/topic/payment-update/${v.a.table.id}`, admitted: ["waiter", "cashDesk", "admin"] }),
  "kitchen area": (v) => ({ destination: `/topic/kitchen/${v.a.kitchen.id}`, admitted: ["cook", "cashDesk", "admin"] }),
  "kitchen ticket": (v) => ({ destination: `/topic/kitchen-ticket/${v.ids.ticket}`, admitted: ["cook", "cashDesk", "admin"] }),
  "own kitchen queue": () => ({ destination: "/user/queue/kitchen", admitted: ["cook"] }),
  "own waiter queue": () => ({ destination: "/user/queue/waiter", admitted: ["waiter", "cashDesk"] }),
  // A user queue carries the caller's own venue's news, so another venue's admin has their own.
  "own desk queue": () => ({
    destination: "/user/queue/admin/documents-to-print",
    admitted: ["cashDesk", "admin", "otherVenueAdmin"],
  }),
  "unknown topic": (v) => ({ destination: `/topic/unknown/${v.a.table.id}`, admitted: [] }),
};

describe("the realtime destinations", () => {
  it("admit each caller as the subscription policy says", async () => {
    const venues = await buildTwoVenues(server, api);
    const failures: string[] = [];
    for (const [name, subscriber] of Object.entries(SUBSCRIBERS)) {
      const { destination, admitted } = subscriber(venues);
      for (const caller of Object.keys(venues.tokens) as Caller[]) {
        const token = venues.tokens[caller];
        if (!token) continue;
        const answer = await trySubscribe(server.wsUrl, token, destination);
        const expected = admitted.includes(caller) ? "subscribed" : "refused";
        const got = answer === "subscribed" ? "subscribed" : "refused";
        if (got !== expected) failures.push(`${name} ${destination} × ${caller}: expected ${expected}, got ${answer}`);
      }
    }
    expect(failures, `destination × caller: expected, got\n${failures.join("\n")}`).toEqual([]);
  }, 120_000);
});
