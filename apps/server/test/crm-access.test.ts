import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBackOfficeVenue } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * Who may do what in the back office (spec 3 §6), and that one venue's staff can never reach
 * another venue's tables, staff or products, by path or by ids inside a body.
 */

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let a: Awaited<ReturnType<typeof buildBackOfficeVenue>>;
let b: Awaited<ReturnType<typeof buildBackOfficeVenue>>;
let adminA: string;
let adminB: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.baseUrl);
  a = await buildBackOfficeVenue(server.database.db);
  b = await buildBackOfficeVenue(server.database.db);
  adminA = await api.login(a.admin.login);
  adminB = await api.login(b.admin.login);
});
afterAll(async () => server?.close());

interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
}

type Venue = Awaited<ReturnType<typeof buildBackOfficeVenue>>;

/** Every back-office call, aimed at one venue's rows (venue A's unless told). */
function everyCall(v: Venue = a): Call[] {
  const a = v;
  // Distinct values per call and venue, so every allowed call can succeed.
  const id = a.venue.id;
  const table = (n: number) => ({ label: `x${n}`, code: `x-code-${id}-${n}` });
  const waiter = (n: number) => ({ firstName: "a", lastName: "b", userName: `someone-${id}-${n}`, password: "abcd" });
  const area = (n: number) => ({ name: `n${n}`, username: `area-${id}-${n}`, password: "abcd" });
  const product = { name: "p", categoryId: a.category.id, price: 100 };
  return [
    { method: "GET", path: "/api/crm/tables" },
    { method: "POST", path: "/api/crm/tables", body: table(1) },
    { method: "GET", path: `/api/crm/tables/${a.table.id}` },
    { method: "PUT", path: `/api/crm/tables/${a.table.id}`, body: table(2) },
    { method: "DELETE", path: `/api/crm/tables/${a.otherTable.id}` },
    { method: "GET", path: `/api/crm/tables/${a.table.id}/qr.svg` },
    { method: "GET", path: `/api/crm/tables/${a.table.id}/qr-print` },
    { method: "GET", path: "/api/crm/tables/qr-sheet" },
    { method: "GET", path: "/api/crm/waiters" },
    { method: "GET", path: "/api/crm/waiter/tables" },
    { method: "POST", path: "/api/crm/waiter", body: waiter(1) },
    { method: "GET", path: `/api/crm/waiter/${a.waiter.id}` },
    { method: "PUT", path: `/api/crm/waiter/${a.waiter.id}`, body: waiter(2) },
    { method: "DELETE", path: `/api/crm/waiter/${a.waiter.id}` },
    { method: "GET", path: "/api/crm/preparation-areas" },
    { method: "POST", path: "/api/crm/preparation-area", body: area(1) },
    { method: "GET", path: `/api/crm/preparation-area/${a.bar.id}` },
    { method: "PUT", path: `/api/crm/preparation-area/${a.bar.id}`, body: area(2) },
    { method: "DELETE", path: `/api/crm/preparation-area/${a.bar.id}` },
    { method: "GET", path: "/api/crm/products" },
    { method: "POST", path: "/api/crm/product", body: product },
    { method: "GET", path: `/api/crm/product/${a.salad.id}` },
    { method: "PUT", path: `/api/crm/product/${a.salad.id}`, body: product },
    { method: "DELETE", path: `/api/crm/product/${a.salad.id}` },
    { method: "POST", path: `/api/crm/product/${a.salad.id}/active-status`, body: { active: false } },
    { method: "DELETE", path: `/api/crm/product/${a.salad.id}/image` },
    { method: "GET", path: "/api/crm/product-categories" },
    { method: "POST", path: "/api/crm/product-categories", body: [{ id: a.category.id, name: "c" }] },
    { method: "POST", path: "/api/crm/order-products", body: { productIds: [a.salad.id], categoryId: a.category.id } },
    { method: "GET", path: "/api/crm/translations-active" },
    { method: "GET", path: "/api/crm/translation-languages" },
    { method: "GET", path: "/api/crm/translation-missing" },
    { method: "GET", path: "/api/crm/translation-missing/product-category" },
    { method: "GET", path: "/api/crm/retailer" },
    { method: "POST", path: "/api/crm/retailer", body: {} },
    { method: "GET", path: "/api/crm/retailer/types" },
  ];
}

const send = (call: Call, token?: string) => api.call(call.method, call.path, { token, body: call.body });
const label = (call: Call) => `${call.method} ${call.path}`;

describe("who may use the back office", () => {
  it("without a token every call is a 401", async () => {
    for (const call of everyCall()) expect((await send(call)).status, label(call)).toBe(401);
  });

  it("waiters, cooks and guests are refused every call (403), and nothing changes", async () => {
    const tokens = [await api.login(a.waiter.login), await api.login(a.cook.login), await api.guest()];
    for (const token of tokens) {
      for (const call of everyCall()) expect((await send(call, token)).status, label(call)).toBe(403);
    }
    expect((await api.get(`/api/crm/product/${a.salad.id}`, adminA)).body).toMatchObject({ active: true, name: a.salad.name });
  });

  it("the cash desk works with tables, staff and products, but may not delete waiters, areas or products, nor touch shop settings", async () => {
    // A venue of its own: the cash desk's calls really change things.
    const c = await buildBackOfficeVenue(server.database.db);
    const cashDesk = await api.login(c.cashDesk.login);
    const adminOnly = new Set([
      `DELETE /api/crm/waiter/${c.waiter.id}`,
      `DELETE /api/crm/preparation-area/${c.bar.id}`,
      `DELETE /api/crm/product/${c.salad.id}`,
      "GET /api/crm/retailer",
      "POST /api/crm/retailer",
    ]);
    for (const call of everyCall(c)) {
      const { status } = await send(call, cashDesk);
      if (adminOnly.has(label(call))) expect(status, label(call)).toBe(403);
      else expect(status, label(call)).toBeLessThan(300);
    }
  });
});

describe("two venues never see each other", () => {
  it("lists show only the caller's venue", async () => {
    const tables = (await api.get("/api/crm/tables", adminB)).body.map((t: any) => t.id);
    expect(tables).toContain(b.table.id);
    expect(tables).not.toContain(a.table.id);
    const waiters = (await api.get("/api/crm/waiters", adminB)).body.map((w: any) => w.id);
    expect(waiters).toEqual([b.waiter.id]);
    const areas = (await api.get("/api/crm/preparation-areas", adminB)).body.map((x: any) => x.id);
    expect(areas.sort()).toEqual([b.kitchen.id, b.bar.id].sort());
    const catalogue = (await api.get("/api/crm/products", adminB)).body;
    expect(catalogue.map((c: any) => c.id)).toEqual([b.category.id]);
    expect(catalogue.flatMap((c: any) => c.products.map((p: any) => p.id))).not.toContain(a.salad.id);
    expect((await api.get("/api/crm/waiter/tables", adminB)).body.map((t: any) => t.id)).not.toContain(a.table.id);
  });

  it("another venue's rows by path are 404, for reads, writes and deletes alike", async () => {
    for (const call of everyCall().filter((c) => /\/\d+/.test(c.path))) {
      const { status } = await send(call, adminB);
      expect(status, label(call)).toBe(404);
    }
    expect((await api.get(`/api/crm/tables/${a.table.id}`, adminA)).body.label).toBe(a.table.label);
    expect((await api.get(`/api/crm/waiter/${a.waiter.id}`, adminA)).status).toBe(200);
    expect((await api.get(`/api/crm/preparation-area/${a.bar.id}`, adminA)).status).toBe(200);
    expect((await api.get(`/api/crm/product/${a.salad.id}`, adminA)).body.active).toBe(true);
  });

  it("another venue's ids inside a body are 404 too", async () => {
    const bodies: [string, string, unknown][] = [
      ["POST", "/api/crm/tables", { label: "t", code: `t-${Date.now()}`, waiterIds: [a.waiter.id] }],
      ["PUT", `/api/crm/tables/${b.table.id}`, { label: b.table.label, code: b.table.code, waiterIds: [a.waiter.id] }],
      [
        "POST",
        "/api/crm/waiter",
        { firstName: "a", lastName: "b", userName: `u${Date.now()}`, password: "abcd", tableIds: [a.table.id] },
      ],
      [
        "PUT",
        `/api/crm/waiter/${b.waiter.id}`,
        { firstName: "a", lastName: "b", userName: b.waiter.login, tableIds: [a.table.id] },
      ],
      ["POST", "/api/crm/product", { name: "p", categoryId: a.category.id, price: 100 }],
      ["POST", "/api/crm/product", { name: "p", categoryId: b.category.id, price: 100, preparationAreaId: a.kitchen.id }],
      ["PUT", `/api/crm/product/${b.salad.id}`, { name: "p", categoryId: a.category.id, price: 100 }],
      ["POST", "/api/crm/order-products", { productIds: [b.salad.id], categoryId: a.category.id }],
      ["POST", "/api/crm/order-products", { productIds: [a.salad.id], categoryId: b.category.id }],
      [
        "POST",
        "/api/crm/product-categories",
        [
          { id: b.category.id, name: "b" },
          { id: a.category.id, name: "a" },
        ],
      ],
    ];
    for (const [method, path, body] of bodies) {
      const response = await api.call(method, path, { token: adminB, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    // Nothing of venue A moved: its waiter supervises no table of B, its category is intact.
    expect((await api.get(`/api/crm/waiter/${a.waiter.id}`, adminA)).body.tableIds).toEqual([]);
    expect((await api.get("/api/crm/product-categories", adminA)).body.map((c: any) => c.name)).toEqual([a.category.name]);
  });
});
