import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenTickets } from "../src/db/schema.ts";
import { buildRunningVenue } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { listen } from "./support/stomp-client.ts";
import { postgresUrl, startTwoInstances, type TestServer } from "./support/test-app.ts";

// Two server instances on one PostgreSQL, as behind a load balancer: events cross between them
// through LISTEN/NOTIFY. Runs in CI's PostgreSQL pass.
describe.skipIf(!postgresUrl)("two instances on one PostgreSQL", () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    [a, b] = await startTwoInstances();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("an order sent through instance A reaches a kitchen subscribed on instance B, and the guests on both", async () => {
    const venue = await buildRunningVenue(a.database.db);
    const apiA = apiClient(a.baseUrl);
    const apiB = apiClient(b.baseUrl);
    const cookToken = await apiB.login(venue.cook.login);
    const kitchenOnB = await listen(b.wsUrl, cookToken, "/user/queue/kitchen");
    const guest = await apiA.seatedGuest(venue.table.id);
    const tableOnB = await listen(b.wsUrl, guest, `/topic/customer/el/${venue.table.id}`);
    const tableOnA = await listen(a.wsUrl, guest, `/topic/customer/el/${venue.table.id}`);

    const sent = await apiA.post(
      `/api/orders/${venue.table.id}`,
      [{ id: venue.salad.id, basicIngredientIds: [], quantity: 1 }],
      guest,
    );
    expect(sent.status).toBe(200);

    const message = await kitchenOnB.next((m: any) => m.type === "TICKET_UPSERT");
    expect(message.ticket.id).toBe(sent.body.ticketIds[0]);
    expect(message.ticket.products[0].removedIngredients.map((i: any) => i.name)).toEqual(["Κρεμμύδι", "Ελιές"]);
    expect((await tableOnB.next((s: any) => s.tableFeed.length === 1)).totalUnpaidPrice).toBe(950);
    expect((await tableOnA.next((s: any) => s.tableFeed.length === 1)).totalUnpaidPrice).toBe(950);
    // Exactly once per subscriber, whichever instance the order came through.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kitchenOnB.messages).toHaveLength(1);
    await Promise.all([kitchenOnB.close(), tableOnB.close(), tableOnA.close()]);
  });

  it("bursts for the same venues through both instances at once: every order answered, each venue numbered once, unbroken", async () => {
    // Each instance writes several venues' orders in one statement, locking the venues' rows in
    // ascending id (the order is checked by send-order.unit.test.ts: a deadlock here is too rare
    // to provoke on purpose).
    const venues = [];
    for (let i = 0; i < 8; i++) venues.push(await buildRunningVenue(a.database.db));
    const [apiA, apiB] = [apiClient(a.baseUrl), apiClient(b.baseUrl)];
    const guests = await Promise.all(venues.map(async (v) => ({ v, token: await apiA.seatedGuest(v.table.id) })));
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].flatMap((i) =>
        // Venues in opposite orders on the two instances, to make crossing lock orders likely.
        (i % 2 ? guests : [...guests].reverse()).map(({ v, token }) =>
          (i % 2 ? apiA : apiB).post(`/api/orders/${v.table.id}`, [{ id: v.salad.id, quantity: 1 }], token),
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(48).fill(200));
    const tickets = await a.database.db
      .select()
      .from(kitchenTickets)
      .where(
        inArray(
          kitchenTickets.orderId,
          answers.map((r) => r.body.orderId),
        ),
      );
    for (const v of venues) {
      const numbers = tickets
        .filter((t) => t.retailerId === v.venue.id)
        .map((t) => t.ticketNumber)
        .sort((x, y) => x - y);
      expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => numbers[0] + i));
    }
  });
});
