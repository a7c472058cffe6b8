import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, orderProducts, payments, waiterRequests } from "../src/db/schema.ts";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import { listen } from "./support/stomp-client.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: RunningVenue, waiter: string, cook: string;
let other: Awaited<ReturnType<typeof buildRunningVenue>>;
let otherWaiter: string;

beforeAll(async () => {
  [server, api, venue, waiter, cook] = await startVenueServer(buildRunningVenue, ["waiter", "cook"]);
  other = await buildRunningVenue(server.database.db);
  otherWaiter = await api.login(other.waiter.login);
});
afterAll(async () => server?.close());

const unitsOf = (ids: number[]) => server.database.db.select().from(orderProducts).where(inArray(orderProducts.id, ids));

/** A guest orders salads and waters at a new table; returns the table and the units by product. */
async function guestOrders(salads: number, waters: number) {
  const table = await buildTable(server.database.db, venue.venue.id);
  const guest = await api.seatedGuest(table.id);
  const sent = await api.post(
    `/api/orders/${table.id}`,
    [
      { id: venue.salad.id, quantity: salads },
      { id: venue.water.id, quantity: waters },
    ].filter((line) => line.quantity > 0),
    guest,
  );
  expect(sent.status).toBe(200);
  const units = await server.database.db.select().from(orderProducts).where(eq(orderProducts.tableId, table.id));
  return {
    table,
    guest,
    salads: units.filter((u) => u.productId === venue.salad.id).map((u) => u.id),
    waters: units.filter((u) => u.productId === venue.water.id).map((u) => u.id),
  };
}

describe("a waiter ordering for a table", () => {
  it("is accepted, and the kitchen's ticket says the waiter sent it", async () => {
    const table = await buildTable(server.database.db, venue.venue.id);
    const kitchen = await listen(server.wsUrl, cook, "/user/queue/kitchen");
    const sent = await api.post(`/api/orders/${table.id}`, [{ id: venue.salad.id, quantity: 2, notes: "χωρίς αλάτι" }], waiter, {
      "Idempotency-Key": "waiter-order-0001",
    });
    expect(sent.status).toBe(200);
    const ticket = (await api.get(`/api/feed/kitchen/ticket/${sent.body.ticketIds[0]}`, cook)).body;
    expect(ticket.sentBy.type).toBe("WAITER");
    expect(ticket.tableId).toBe(table.id);
    expect(ticket.products[0].quantity).toBe(2);
    await kitchen.next((body: any) => JSON.stringify(body).includes(String(sent.body.ticketIds[0])));
    kitchen.close();
    const feed = (await api.get(`/api/feed/table/${table.id}/products`, waiter)).body;
    expect(feed.totalUnpaidCount).toBe(2);
    expect(feed.totalUnpaidPrice).toBe(1900);
  });

  it("another venue's waiter cannot order for the table", async () => {
    const sent = await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.salad.id, quantity: 1 }], otherWaiter);
    expect([403, 404]).toContain(sent.status);
  });
});

describe("cancelling unpaid pieces from the table feed", () => {
  it("cancels unpaid pieces in any status, and the guest's bill and the kitchen see it live", async () => {
    const { table, guest, salads, waters } = await guestOrders(2, 1);
    // The cook prepares one salad: a waiter may still take it off the bill.
    const ticketId = (await unitsOf([salads[0]]))[0].ticketId as number;
    const prepared = await api.post(
      `/api/feed/kitchen/ticket/${ticketId}/prepare-products`,
      { orderProductIds: [salads[0]] },
      cook,
    );
    expect(prepared.status).toBe(200);
    const guestFeed = await listen(server.wsUrl, guest, `/topic/customer/el/${table.id}`);
    const removed = await api.post(
      `/api/feed/table/${table.id}/remove-products`,
      { orderProductIds: [salads[0], waters[0]], reason: "GUEST_CHANGED_MIND" },
      waiter,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.orderProductIds).toEqual([salads[0], waters[0]].sort((a, b) => a - b));
    const units = await unitsOf([...salads, ...waters]);
    expect(
      units
        .filter((u) => u.paymentStatus === "CANCELLED")
        .map((u) => u.id)
        .sort(),
    ).toEqual([salads[0], waters[0]].sort());
    const pushed = await guestFeed.next((body: any) => body.totalUnpaidCount === 1);
    expect(pushed.totalUnpaidPrice).toBe(950);
    guestFeed.close();
    const kitchenTicket = (await api.get(`/api/feed/kitchen/ticket/${ticketId}`, cook)).body;
    expect(kitchenTicket.products.reduce((sum: number, p: any) => sum + p.quantity, 0)).toBe(1);
  });

  it("asks why when a chosen piece is already prepared, records it on the trail, and needs nothing otherwise", async () => {
    const { table, salads, waters } = await guestOrders(2, 1);
    const ticketId = (await unitsOf([salads[0]]))[0].ticketId as number;
    expect(
      (await api.post(`/api/feed/kitchen/ticket/${ticketId}/prepare-products`, { orderProductIds: [salads[0]] }, cook)).status,
    ).toBe(200);
    const post = (body: object, headers?: Record<string, string>) =>
      api.post(`/api/feed/table/${table.id}/remove-products`, body, waiter, headers);
    const cancelEntries = async () =>
      (
        await server.database.db
          .select()
          .from(auditEntries)
          .where(and(eq(auditEntries.tableId, table.id), eq(auditEntries.kind, "ITEM_CANCELLED")))
      ).map((e) => e.details);

    // A prepared piece with an unprepared one and no reason: refused, keyed, nothing cancelled.
    const refused = await post({ orderProductIds: [salads[0], waters[0]] });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-app-error")).toBe("error.cancel_reason_required");
    expect((await post({ orderProductIds: [salads[0]], reason: "BURNT" })).status).toBe(400);
    expect((await unitsOf([salads[0], waters[0]])).map((u) => u.paymentStatus)).toEqual(["UNPAID", "UNPAID"]);
    expect(await cancelEntries()).toEqual([]);

    // A piece the kitchen has not prepared cancels as before, with no reason.
    expect((await post({ orderProductIds: [waters[0]] })).status).toBe(200);
    expect(await cancelEntries()).toEqual([{ orderProductIds: [waters[0]] }]);

    // With the reason, the prepared piece goes, and the trail says why; the same request again
    // (same Idempotency-Key) answers the first answer and records nothing more.
    const key = { "Idempotency-Key": `cancel-prepared-${table.id}` };
    const done = await post({ orderProductIds: [salads[0]], reason: "WASTE" }, key);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ orderProductIds: [salads[0]] });
    const replay = await post({ orderProductIds: [salads[0]], reason: "WASTE" }, key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(done.body);
    expect((await unitsOf([salads[0]]))[0].paymentStatus).toBe("CANCELLED");
    expect(await cancelEntries()).toEqual(
      expect.arrayContaining([{ orderProductIds: [salads[0]], reason: "WASTE", preparedCount: 1 }]),
    );
    expect(await cancelEntries()).toHaveLength(2);

    // The owner's trail carries the reason.
    const admin = await api.login(venue.admin.login);
    const trail = await api.get("/api/crm/audit?kind=ITEM_CANCELLED", admin);
    expect(trail.status).toBe(200);
    expect(trail.body.entries.find((e: any) => e.details.orderProductIds?.[0] === salads[0])?.details).toMatchObject({
      reason: "WASTE",
      preparedCount: 1,
    });
  });

  it("a guest's payment request whose pieces are all taken off ends, and the guests are told", async () => {
    const { table, guest, salads, waters } = await guestOrders(1, 1);
    const asked = await api.post(
      `/api/cq-table/payment-request/${table.id}`,
      { itemsCount: [{ orderProductId: salads[0], quantity: 1 }], pos: false },
      guest,
    );
    expect(asked.status).toBe(200);
    const requests = await listen(server.wsUrl, guest, `/topic/payment-request/${table.id}`);
    // Taking off another piece leaves the request as it was.
    await api.post(`/api/feed/table/${table.id}/remove-products`, { orderProductIds: [waters[0]] }, waiter);
    let [request] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, asked.body.id));
    expect(request.status).toBe("ACTIVE");
    // Taking off the piece it asked to pay ends it: nothing is left to pay, and nothing was paid.
    await api.post(`/api/feed/table/${table.id}/remove-products`, { orderProductIds: [salads[0]] }, waiter);
    [request] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, asked.body.id));
    expect(request.status).toBe("COMPLETED");
    expect(await requests.next((body: any) => body.requestId === null)).toEqual({ requestId: null });
    await requests.close();
  });

  it("refuses bad inputs and changes nothing", async () => {
    const { table, salads, waters } = await guestOrders(1, 1);
    const elsewhere = await guestOrders(1, 0);
    const post = (tableId: number, ids: number[], token = waiter) =>
      api.post(`/api/feed/table/${tableId}/remove-products`, { orderProductIds: ids }, token);
    // Another table's piece, another venue's waiter, an unknown piece, an empty list.
    expect((await post(table.id, [salads[0], elsewhere.salads[0]])).status).toBe(403);
    expect((await post(table.id, [salads[0]], otherWaiter)).status).toBe(403);
    expect((await post(table.id, [999_999])).status).toBe(404);
    expect((await post(table.id, [])).status).toBe(400);
    // A paid piece cannot be cancelled.
    const paid = await api.post(
      `/api/feed/table/${table.id}/complete-orders`,
      { cashAmount: 100, itemsCount: [{ orderProductId: waters[0], quantity: 1 }] },
      waiter,
    );
    expect(paid.status).toBe(200);
    const refused = await post(table.id, [salads[0], waters[0]]);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-app-error")).toBe("error.product_not_in_current_order");
    const units = await unitsOf([salads[0], waters[0], elsewhere.salads[0]]);
    expect(units.map((u) => u.paymentStatus).sort()).toEqual(["PAID", "UNPAID", "UNPAID"]);
    // Cancelling the same piece twice: the second time it is no longer unpaid.
    expect((await post(table.id, [salads[0]])).status).toBe(200);
    expect((await post(table.id, [salads[0]])).status).toBe(400);
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.tableId, table.id));
    expect(payment.amountCents).toBe(100);
  });
});
