import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArea, buildCategory, buildProduct, buildRunningVenue, buildStaff } from "./support/factories.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

// When a preparation area closes, its dishes leave the guests' menu; the menu names the closed
// area so a guest knows why food vanished (issue 15, defect 10).
let server: TestServer, api: ApiClient, venue: RunningVenue;

beforeAll(async () => {
  [server, api, venue] = await startVenueServer(buildRunningVenue);
});
afterAll(async () => server?.close());

const closedAreas = async (tableId: number, token?: string) => {
  const answer = await api.get(`/api/cq-table/${tableId}/closed-areas`, token);
  expect(answer.status).toBe(200);
  return answer.body;
};

describe("the closed areas a guest's menu names", () => {
  it("names the kitchen while it is closed, as its dishes leave the menu, and nothing once it opens again", async () => {
    const guest = await api.seatedGuest(venue.table.id);
    const cook = await api.login(venue.cook.login);
    expect(await closedAreas(venue.table.id, guest)).toEqual([]);

    await api.post("/api/cuisine/preparation-area/set-active", { active: false }, cook);
    try {
      expect(await closedAreas(venue.table.id, guest)).toEqual([{ id: venue.kitchen.id, name: "Kitchen" }]);
      const menu = await api.get(`/api/cq-table/${venue.table.id}/menu`, guest);
      const onMenu = menu.body.flatMap((c: any) => c.products.map((p: any) => p.id));
      expect(onMenu).not.toContain(venue.salad.id);
      // What other areas and the waiters serve is still there.
      expect(onMenu).toEqual(expect.arrayContaining([venue.coffee.id, venue.water.id]));
    } finally {
      await api.post("/api/cuisine/preparation-area/set-active", { active: true }, cook);
    }
    expect(await closedAreas(venue.table.id, guest)).toEqual([]);
  });

  it("can be read before signing in, like the menu, and is a 404 for an unknown table", async () => {
    expect(await closedAreas(venue.table.id)).toEqual([]);
    expect((await api.get("/api/cq-table/2147483000/closed-areas")).status).toBe(404);
  });

  it("leaves out a closed area none of whose dishes would be on the menu anyway", async () => {
    const { db } = server.database;
    const grill = await buildArea(db, venue.venue.id, { name: "Ψησταριά" });
    const category = await buildCategory(db, venue.venue.id);
    await buildProduct(db, venue.venue.id, { categoryId: category.id, preparationAreaId: grill.id, active: false });
    const griller = await api.login((await buildStaff(db, venue.venue.id, "COOK", { preparationAreaId: grill.id })).login);
    await api.post("/api/cuisine/preparation-area/set-active", { active: false }, griller);
    expect(await closedAreas(venue.table.id)).toEqual([]);
    await api.post("/api/cuisine/preparation-area/set-active", { active: true }, griller);
  });

  // Issue 28, A9: the waiter's menu lists a closed kitchen's dishes (it is also their Availability
  // tab), so a waiter built a whole order and learnt only at Send that it could not go.
  it("names the closed kitchen to the venue's waiters, and to no one else's", async () => {
    const { db } = server.database;
    const waiter = await api.login(venue.waiter.login);
    const cook = await api.login(venue.cook.login);
    const staffClosedAreas = async (token: string) => {
      const answer = await api.get("/api/feed/closed-areas", token);
      expect(answer.status).toBe(200);
      return answer.body;
    };
    expect(await staffClosedAreas(waiter)).toEqual([]);
    await api.post("/api/cuisine/preparation-area/set-active", { active: false }, cook);
    try {
      expect(await staffClosedAreas(waiter)).toEqual([{ id: venue.kitchen.id, name: "Kitchen" }]);
      // Another venue's waiter hears of their own areas only.
      const other = await buildRunningVenue(db);
      expect(await staffClosedAreas(await api.login(other.waiter.login))).toEqual([]);
      expect((await api.get("/api/feed/closed-areas", await api.seatedGuest(venue.table.id))).status).toBe(403);
    } finally {
      await api.post("/api/cuisine/preparation-area/set-active", { active: true }, cook);
    }
    expect(await staffClosedAreas(waiter)).toEqual([]);
  });
});
