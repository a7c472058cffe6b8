import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBackOfficeVenue } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { postgresUrl, startTwoInstances, type TestServer } from "./support/test-app.ts";

// Each instance caches menus and what it knows of accounts; a back-office change made through one
// instance must reach the other through the bus (LISTEN/NOTIFY). Runs in the PostgreSQL pass.
describe.skipIf(!postgresUrl)("back-office changes across two instances", () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    [a, b] = await startTwoInstances();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("a waiter deleted through A can no longer act through B", async () => {
    const venue = await buildBackOfficeVenue(a.database.db);
    const apiA = apiClient(a.baseUrl);
    const apiB = apiClient(b.baseUrl);
    const waiter = await apiB.login(venue.waiter.login);
    expect((await apiB.get(`/api/cq-table/${venue.table.id}/menu`, waiter)).status).toBe(200);
    const admin = await apiA.login(venue.admin.login);
    expect((await apiA.del(`/api/crm/waiter/${venue.waiter.id}`, admin)).status).toBe(204);
    await expect.poll(async () => (await apiB.get(`/api/cq-table/${venue.table.id}/menu`, waiter)).status).toBe(401);
  });

  it("a product switched off through A leaves the guest menu served by B", async () => {
    const venue = await buildBackOfficeVenue(a.database.db);
    const apiA = apiClient(a.baseUrl);
    const apiB = apiClient(b.baseUrl);
    const guest = await apiB.seatedGuest(venue.table.id);
    const ids = async () =>
      (await apiB.get(`/api/cq-table/${venue.table.id}/menu`, guest)).body.flatMap((c: any) => c.products.map((p: any) => p.id));
    expect(await ids()).toContain(venue.salad.id);
    const admin = await apiA.login(venue.admin.login);
    await apiA.post(`/api/crm/product/${venue.salad.id}/active-status`, { active: false }, admin);
    await expect.poll(ids).not.toContain(venue.salad.id);
  });

  it("an order through B for a product switched off through A is refused, and accepted once it is on again", async () => {
    const venue = await buildBackOfficeVenue(a.database.db);
    const apiA = apiClient(a.baseUrl);
    const apiB = apiClient(b.baseUrl);
    const guest = await apiB.seatedGuest(venue.table.id);
    const order = async () =>
      (await apiB.post(`/api/orders/${venue.table.id}`, [{ id: venue.salad.id, quantity: 1 }], guest)).headers.get("x-app-error");
    // B has read the venue's catalogue for this order, so what follows proves its cache is dropped.
    expect(await order()).toBeNull();
    const admin = await apiA.login(venue.admin.login);
    await apiA.post(`/api/crm/product/${venue.salad.id}/active-status`, { active: false }, admin);
    await expect.poll(order).toBe("error.inactive_product");
    await apiA.post(`/api/crm/product/${venue.salad.id}/active-status`, { active: true }, admin);
    await expect.poll(order).toBeNull();
  });
});
