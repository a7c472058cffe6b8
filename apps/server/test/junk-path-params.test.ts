import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildBackOfficeVenue } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * Junk in a path parameter (an id beyond PostgreSQL's integer, a NUL byte, a fraction, a word) is
 * refused (a field error, an unknown row, or a caller who may not ask), never a 500. The routes are
 * the app's own, collected as it registers them, so a route added tomorrow is covered without
 * touching this file.
 */

const registered = vi.hoisted(() => [] as { method: string; url: string }[]);

// Every route the app registers passes through an onRoute hook added to the instance it creates.
vi.mock("fastify", async (importOriginal) => {
  const original = await importOriginal<typeof import("fastify")>();
  const fastify = original.default;
  const collecting = ((options: Parameters<typeof fastify>[0]) => {
    const app = fastify(options);
    app.addHook("onRoute", (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    return app;
  }) as typeof fastify;
  return { ...original, default: collecting, fastify: collecting };
});

const junkValues = ["999999999999", "2147483648", "-1", "0", "1.5", "abc", "%00", "a%00b", "%01", "%7F", "%0A", "9".repeat(40)];

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let tokens: Record<string, string | undefined>;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.baseUrl);
  const venue = await buildBackOfficeVenue(server.database.db);
  tokens = {
    visitor: undefined,
    admin: await api.login(venue.admin.login),
    cashDesk: await api.login(venue.cashDesk.login),
    waiter: await api.login(venue.waiter.login),
    cook: await api.login(venue.cook.login),
    guest: await api.seatedGuest(venue.table.id),
  };
});
afterAll(async () => server?.close());

/** Each route's url with one parameter replaced by junk and the others by a plausible id. */
function junkUrls(url: string): string[] {
  const params = url.match(/:\w+/g) ?? [];
  return params.flatMap((param) => junkValues.map((junk) => url.replace(/:\w+/g, (name) => (name === param ? junk : "1"))));
}

describe("junk in path parameters", () => {
  it("is collected from every route that takes a path parameter", () => {
    const withParams = registered.filter((route) => route.url.includes(":"));
    // The ones the issue found answering 500, as a check that collecting saw the app's routes.
    for (const url of ["/api/cq-table/:tableId/menu", "/api/crm/tables/:id", "/api/cq-table/code/:code"]) {
      expect(withParams.map((route) => route.url)).toContain(url);
    }
    expect(withParams.length).toBeGreaterThan(40);
  });

  it("is refused on every route, for every caller, never with a 500", async () => {
    // Junk is a field error (400), an id that names nothing (404), or a caller who may not ask (401, 403).
    const refusals = [400, 401, 403, 404];
    const routes = registered.filter((route) => route.url.includes(":"));
    const failures: string[] = [];
    for (const route of routes) {
      for (const url of junkUrls(route.url)) {
        for (const [who, token] of Object.entries(tokens)) {
          const body = route.method === "POST" || route.method === "PUT" ? {} : undefined;
          const response = await api.call(route.method, url, { token, body });
          if (!refusals.includes(response.status)) failures.push(`${route.method} ${url} as ${who}: ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers an id beyond PostgreSQL's integer as a field error on the path, like an id of 0", async () => {
    for (const id of ["999999999999", "0"]) {
      const response = await api.get(`/api/crm/tables/${id}`, tokens.admin);
      expect(response.status).toBe(400);
      expect(response.headers.get("x-app-error")).toBe("error.validation");
      expect(response.body.fieldErrors).toEqual([{ objectName: "params", field: "id", message: "Size" }]);
    }
    const guestMenu = await api.get("/api/cq-table/999999999999/menu");
    expect(guestMenu.status).toBe(400);
    expect(guestMenu.body.fieldErrors).toEqual([{ objectName: "params", field: "tableId", message: "Size" }]);
  });

  it("refuses control characters in a table code before it reaches the database", async () => {
    for (const code of ["%00", "a%00b", "%1F", "%7F"]) {
      const response = await api.get(`/api/cq-table/code/${code}`);
      expect(response.status).toBe(400);
      expect(response.headers.get("x-app-error")).toBe("error.validation");
      expect(response.body.fieldErrors).toEqual([{ objectName: "params", field: "code", message: "Pattern" }]);
    }
  });
});

describe("junk ids in bodies", () => {
  it("an id beyond PostgreSQL's integer in a body is a 400, not a 500", async () => {
    const huge = 999_999_999_999;
    const transfer = await api.post("/api/feed/transfer-table", { tableId: huge, targetTableId: huge }, tokens.waiter);
    expect(transfer.status).toBe(400);
    const product = await api.post(
      "/api/crm/product",
      { name: "Σαλάτα", price: 950, categoryId: huge, preparationAreaId: huge },
      tokens.admin,
    );
    expect(product.status).toBe(400);
  });
});
