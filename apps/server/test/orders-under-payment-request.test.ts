import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waiterRequests } from "../src/db/schema.ts";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

/**
 * Issue 28 A4: while guests wait for the waiter to collect (an active payment request), a guest's
 * order is refused, so the waiter's payment task holds the whole bill; staff still order.
 */

let server: TestServer, api: ApiClient, venue: RunningVenue, waiter: string;

beforeAll(async () => {
  [server, api, venue, waiter] = await startVenueServer(buildRunningVenue, ["waiter"]);
});
afterAll(async () => server?.close());

const errorOf = (answer: { headers: Headers }) => answer.headers.get("x-app-error");
const water = (quantity = 1) => [{ id: venue.water.id, quantity }];

/** A table where guest A ordered and asked the waiter to pay everything; guest B sits with them. */
async function tableAskingToPay() {
  const table = await buildTable(server.database.db, venue.venue.id);
  const a = await api.seatedGuest(table.id);
  const b = await api.seatedGuest(table.id);
  expect((await api.post(`/api/orders/${table.id}`, water(2), a)).status).toBe(200);
  const feed = (await api.get(`/api/orders/${table.id}/feed`, a)).body;
  const itemsCount = feed.tableFeed.map((item: any) => ({ orderProductId: item.orderProductIds[0], quantity: item.quantity }));
  const asked = await api.post(`/api/cq-table/payment-request/${table.id}`, { itemsCount }, a);
  expect(asked.status).toBe(200);
  return { table, a, b, requestId: asked.body.id as number };
}

describe("an order while a payment request is active", () => {
  it("is refused for a guest with active_payment_request, and goes through once the request is withdrawn", async () => {
    const { table, a, b, requestId } = await tableAskingToPay();
    const refused = await api.post(`/api/orders/${table.id}`, water(), b);
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toBe("error.active_payment_request");
    expect(refused.body.message).toBe("error.active_payment_request");
    expect((await api.get(`/api/orders/${table.id}/feed`, b)).body.totalUnpaidCount).toBe(2);

    expect((await api.post(`/api/cq-table/cancel-request/${requestId}`, {}, a)).status).toBe(200);
    expect((await api.post(`/api/orders/${table.id}`, water(), b)).status).toBe(200);
    expect((await api.get(`/api/orders/${table.id}/feed`, b)).body.totalUnpaidCount).toBe(3);
  });

  it("goes through after the waiter collected, and the waiter may order for the table meanwhile", async () => {
    const { table, b } = await tableAskingToPay();
    const byWaiter = await api.post(`/api/orders/${table.id}`, water(), waiter);
    expect(byWaiter.status).toBe(200);
    const paid = await api.post(
      `/api/feed/table/${table.id}/complete-orders?payAll=true`,
      { discountAmount: 0, cardAmount: 0, cashAmount: 300, onCreditAmount: 0, isGift: false },
      waiter,
    );
    expect(paid.status).toBe(200);
    const [request] = await server.database.db
      .select()
      .from(waiterRequests)
      .where(and(eq(waiterRequests.tableId, table.id), eq(waiterRequests.type, "PAYMENT")));
    expect(request.status).toBe("COMPLETED");
    expect((await api.post(`/api/orders/${table.id}`, water(), b)).status).toBe(200);
  });

  it("racing a payment request, an order is either refused or in the waiter's payment task", async () => {
    for (let round = 0; round < 6; round++) {
      const table = await buildTable(server.database.db, venue.venue.id);
      const a = await api.seatedGuest(table.id);
      const b = await api.seatedGuest(table.id);
      expect((await api.post(`/api/orders/${table.id}`, water(), a)).status).toBe(200);
      const [first] = (await api.get(`/api/orders/${table.id}/feed`, a)).body.tableFeed;
      const [asked, ordered] = await Promise.all([
        // Asking for one piece of the bill is a full payment request when it is the whole bill.
        api.post(
          `/api/cq-table/payment-request/${table.id}`,
          { itemsCount: [{ orderProductId: first.orderProductIds[0], quantity: 1 }] },
          a,
        ),
        api.post(`/api/orders/${table.id}`, water(), b),
      ]);
      expect(asked.status).toBe(200);
      const [request] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, asked.body.id));
      if (ordered.status === 200) {
        // The order came first: the request, asked for one of two pieces, is a partial one.
        expect(request.type).toBe("PARTIAL_PAYMENT");
      } else {
        expect(errorOf(ordered)).toBe("error.active_payment_request");
        expect(request.type).toBe("PAYMENT");
      }
    }
  });
});
