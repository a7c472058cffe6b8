import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenTickets, orderProducts } from "../src/db/schema.ts";
import { RECALL_LIMIT } from "../src/features/kitchen/recall-tickets.ts";
import { buildRunningVenue } from "./support/factories.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: RunningVenue, cook: string;

beforeAll(async () => {
  [server, api, venue, cook] = await startVenueServer(buildRunningVenue, ["cook"]);
});
afterAll(async () => server?.close());

/** A guest's salad, bumped by the cook in one tap ('All ready' on the board); returns its ticket id. */
async function bumpedTicket(): Promise<number> {
  const guest = await api.seatedGuest(venue.table.id);
  const sent = await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.salad.id, quantity: 1 }], guest);
  const ticketId: number = sent.body.ticketIds[0];
  const bumped = await api.post(`/api/feed/kitchen/ticket/${ticketId}/prepare`, {}, cook);
  expect(bumped.body.ticketCompleted).toBe(true);
  return ticketId;
}

const completedIds = async (token: string, query = "") =>
  (await api.get(`/api/feed/kitchen/completed${query}`, token)).body.map((t: { id: number }) => t.id);

describe("the board's Recall", () => {
  it("lists the area's completed tickets newest first, and recalling one brings it back to the board", async () => {
    const first = await bumpedTicket();
    const second = await bumpedTicket();
    const list = await api.get("/api/feed/kitchen/completed", cook);
    expect(list.status).toBe(200);
    expect(list.body.map((t: { id: number }) => t.id).slice(0, 2)).toEqual([second, first]);
    expect(list.body[0]).toMatchObject({ id: second, tableName: venue.table.label });
    expect(Date.parse(list.body[0].completedAt)).not.toBeNaN();

    const recalled = await api.post(`/api/feed/kitchen/ticket/${first}/undo`, {}, cook);
    expect(recalled.status).toBe(200);
    expect((await api.get("/api/feed/kitchen", cook)).body.tickets.map((t: { id: number }) => t.id)).toContain(first);
    expect(await completedIds(cook)).not.toContain(first);
  });

  it(`keeps to the last ${RECALL_LIMIT} of the last hour, and leaves out tickets with nothing left to bring back`, async () => {
    const bumped: number[] = [];
    for (let i = 0; i < RECALL_LIMIT + 1; i++) bumped.push(await bumpedTicket());
    const listed = await completedIds(cook);
    expect(listed).toEqual(bumped.slice(1).reverse());

    const db = server.database.db;
    const [latest, older] = [bumped[RECALL_LIMIT], bumped[RECALL_LIMIT - 1]];
    await db.update(orderProducts).set({ status: "COMPLETE" }).where(eq(orderProducts.ticketId, latest));
    await db
      .update(kitchenTickets)
      .set({ completedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(kitchenTickets.id, older));
    const after = await completedIds(cook);
    expect(after).not.toContain(latest);
    expect(after).not.toContain(older);
    expect(after).toContain(bumped[0]);
  });

  it("is the caller's area only: another area's cook, another venue and a waiter are refused", async () => {
    const ticketId = await bumpedTicket();
    const barman = await api.login(venue.barman.login);
    expect(await completedIds(barman)).not.toContain(ticketId);
    expect((await api.get(`/api/feed/kitchen/completed?id=${venue.kitchen.id}`, barman)).status).toBe(403);
    expect((await api.post(`/api/feed/kitchen/ticket/${ticketId}/undo`, {}, barman)).status).toBe(403);

    const elsewhere = await buildRunningVenue(server.database.db);
    const otherAdmin = await api.login(elsewhere.admin.login);
    const foreign = await api.get(`/api/feed/kitchen/completed?id=${venue.kitchen.id}`, otherAdmin);
    expect(foreign.status).toBe(403);
    expect((await api.post(`/api/feed/kitchen/ticket/${ticketId}/undo`, {}, otherAdmin)).status).not.toBe(200);

    const waiter = await api.login(venue.waiter.login);
    expect((await api.get("/api/feed/kitchen/completed", waiter)).status).toBe(403);
    expect((await api.get("/api/feed/kitchen/completed?id=abc", cook)).status).toBe(400);
    expect(await completedIds(cook)).toContain(ticketId);
  });
});
