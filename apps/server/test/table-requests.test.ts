import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactRequests, waiterRequests } from "../src/db/schema.ts";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import { listen, trySubscribe } from "./support/stomp-client.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: RunningVenue;

beforeAll(async () => {
  [server, api, venue] = await startVenueServer(buildRunningVenue);
});
afterAll(async () => server?.close());

/** A fresh table with a seated guest who ordered 2 salads and a coffee. */
async function tableWithOrder() {
  const table = await buildTable(server.database.db, venue.venue.id);
  const guest = await api.seatedGuest(table.id);
  await api.post(
    `/api/orders/${table.id}`,
    [
      { id: venue.salad.id, quantity: 2 },
      { id: venue.coffee.id, quantity: 1 },
    ],
    guest,
  );
  const feed = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
  return { table, guest, feed };
}

describe("waiter calls", () => {
  it("a call is one task for the table, seen live by every guest there, and can be cancelled", async () => {
    const { table, guest } = await tableWithOrder();
    const other = await api.seatedGuest(table.id);
    const topic = await listen(server.wsUrl, other, `/topic/waiter-call/${table.id}`);
    const [a, b] = await Promise.all([
      api.post(`/api/cq-table/call-waiter/${table.id}`, {}, guest),
      api.post(`/api/cq-table/call-waiter/${table.id}`, {}, other),
    ]);
    expect(a.body.id).toBeTypeOf("number");
    expect(b.body.id).toBe(a.body.id);
    expect((await topic.next((m: any) => m.requestId === a.body.id)).requestId).toBe(a.body.id);
    expect((await api.get(`/api/cq-table/${table.id}/active-waiter-call`, other)).body).toEqual({ id: a.body.id });
    expect((await api.get(`/api/orders/${table.id}/feed`, other)).body.callWaiterRequestId).toBe(a.body.id);

    expect((await api.post(`/api/cq-table/cancel-request/${a.body.id}`, {}, other)).status).toBe(200);
    await topic.next((m: any) => m.requestId === null);
    expect((await api.get(`/api/cq-table/${table.id}/active-waiter-call`, guest)).body).toEqual({ id: null });
    await topic.close();
  });

  it("a guest of another table cannot cancel it or listen to it", async () => {
    const { table, guest } = await tableWithOrder();
    const call = await api.post(`/api/cq-table/call-waiter/${table.id}`, {}, guest);
    const stranger = await api.seatedGuest(venue.otherTable.id);
    expect((await api.post(`/api/cq-table/cancel-request/${call.body.id}`, {}, stranger)).status).toBe(403);
    expect((await api.post(`/api/cq-table/call-waiter/${table.id}`, {}, stranger)).status).toBe(403);
    expect(await trySubscribe(server.wsUrl, stranger, `/topic/waiter-call/${table.id}`)).not.toBe("subscribed");
    expect((await api.post("/api/cq-table/cancel-request/99999999", {}, guest)).status).toBe(404);
  });
});

describe("payment requests to the waiter", () => {
  it("asks for the whole bill with a card terminal: PAYMENT_WITH_POS over every unpaid unit", async () => {
    const { table, guest, feed } = await tableWithOrder();
    const itemsCount = feed.unpaidTableFeed.map((i: any) => ({ orderProductId: i.orderProductIds[0], quantity: i.quantity }));
    const asked = await api.post(`/api/cq-table/payment-request/${table.id}`, { itemsCount, pos: true }, guest);
    expect(asked.status).toBe(200);
    const [row] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, asked.body.id));
    expect(row.type).toBe("PAYMENT_WITH_POS");
    expect(row.items).toHaveLength(3);
    expect((await api.get(`/api/cq-table/${table.id}/active-payment-request`, guest)).body).toEqual({ id: asked.body.id });
    const again = await api.post(`/api/cq-table/payment-request/${table.id}`, { itemsCount, pos: false }, guest);
    expect(again.body.id).toBe(asked.body.id);
  });

  it("asks for part of the bill in cash: PARTIAL_PAYMENT over the chosen pieces", async () => {
    const { table, guest, feed } = await tableWithOrder();
    const salad = feed.unpaidTableFeed.find((i: any) => i.quantity === 2);
    const asked = await api.post(
      `/api/cq-table/payment-request/${table.id}`,
      { itemsCount: [{ orderProductId: salad.orderProductIds[1], quantity: 2 }] },
      guest,
    );
    const [row] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, asked.body.id));
    expect(row.type).toBe("PARTIAL_PAYMENT");
    expect(row.items.map((i) => i.orderProductId).sort()).toEqual([...salad.orderProductIds].sort());
  });

  it("refuses pieces of another table, more pieces than are unpaid, and malformed bodies", async () => {
    const { table, guest, feed } = await tableWithOrder();
    const other = await tableWithOrder();
    const foreign = other.feed.unpaidTableFeed[0].orderProductIds[0];
    const refused = await api.post(
      `/api/cq-table/payment-request/${table.id}`,
      { itemsCount: [{ orderProductId: foreign, quantity: 1 }] },
      guest,
    );
    expect(refused.headers.get("x-app-error")).toBe("error.product_not_in_current_order");
    const coffee = feed.unpaidTableFeed.find((i: any) => i.quantity === 1);
    const tooMany = await api.post(
      `/api/cq-table/payment-request/${table.id}`,
      { itemsCount: [{ orderProductId: coffee.orderProductIds[0], quantity: 2 }] },
      guest,
    );
    expect(tooMany.headers.get("x-app-error")).toBe("error.product_not_in_current_order");
    for (const body of [{}, { itemsCount: [] }, { itemsCount: [{ orderProductId: 1, quantity: 0 }] }, { itemsCount: "all" }]) {
      expect((await api.post(`/api/cq-table/payment-request/${table.id}`, body, guest)).status).toBe(400);
    }
  });
});

describe("removing a sent product", () => {
  it("takes a piece out while the kitchen has not started it, and the kitchen's ticket drops it live (shown as cancelled until acknowledged)", async () => {
    const { table, guest, feed } = await tableWithOrder();
    const cook = await api.login(venue.cook.login);
    const kitchen = await listen(server.wsUrl, cook, "/user/queue/kitchen");
    const salad = feed.unpaidTableFeed.find((i: any) => i.quantity === 2);
    const removed = await api.call("DELETE", `/api/orders/${table.id}/product/${salad.orderProductIds[0]}`, { token: guest });
    expect(removed.status).toBe(200);
    const update = await kitchen.next((m: any) => m.type === "TICKET_UPSERT" && m.ticket.tableId === table.id);
    expect(update.ticket.products[0].quantity).toBe(1);
    const after = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
    expect(after.tableFeed.some((i: any) => i.paymentStatus === "CANCELLED")).toBe(true);
    expect(after.totalUnpaidCount).toBe(2);

    expect(update.ticket.cancelledUnacknowledged.map((l: any) => l.orderProductIds)).toEqual([[salad.orderProductIds[0]]]);

    const second = await api.call("DELETE", `/api/orders/${table.id}/product/${salad.orderProductIds[1]}`, { token: guest });
    expect(second.status).toBe(200);
    // Emptied, the ticket stays for its cancellations alone until a cook acknowledges them.
    const emptied = await kitchen.next((m: any) => m.type === "TICKET_UPSERT" && m.ticket.products.length === 0);
    await api.post(`/api/feed/kitchen/ticket/${emptied.ticket.id}/acknowledge-cancellation`, {}, cook);
    await kitchen.next((m: any) => m.type === "TICKET_REMOVED" && m.ticketId === emptied.ticket.id);
    await kitchen.close();
  });

  it("a payment request whose pieces the guest took all out ends", async () => {
    const { table, guest, feed } = await tableWithOrder();
    const salad = feed.unpaidTableFeed.find((i: any) => i.quantity === 2);
    const asked = await api.post(
      `/api/cq-table/payment-request/${table.id}`,
      { itemsCount: [{ orderProductId: salad.orderProductIds[0], quantity: 1 }], pos: false },
      guest,
    );
    expect(asked.status).toBe(200);
    const removed = await api.call("DELETE", `/api/orders/${table.id}/product/${salad.orderProductIds[0]}`, { token: guest });
    expect(removed.status).toBe(200);
    const [request] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, asked.body.id));
    expect(request.status).toBe("COMPLETED");
  });

  it("refuses a prepared piece, an already removed one, and another table's", async () => {
    const { table, guest, feed } = await tableWithOrder();
    const cook = await api.login(venue.cook.login);
    const salad = feed.unpaidTableFeed.find((i: any) => i.quantity === 2);
    const ticket = (await api.get("/api/feed/kitchen", cook)).body.tickets.find((t: any) => t.tableId === table.id);
    await api.post(
      `/api/feed/kitchen/ticket/${ticket.id}/prepare-products`,
      { orderProductIds: [salad.orderProductIds[0]] },
      cook,
    );
    const prepared = await api.call("DELETE", `/api/orders/${table.id}/product/${salad.orderProductIds[0]}`, { token: guest });
    expect(prepared.headers.get("x-app-error")).toBe("error.product_not_in_current_order");
    await api.call("DELETE", `/api/orders/${table.id}/product/${salad.orderProductIds[1]}`, { token: guest });
    const twice = await api.call("DELETE", `/api/orders/${table.id}/product/${salad.orderProductIds[1]}`, { token: guest });
    expect(twice.headers.get("x-app-error")).toBe("error.product_not_in_current_order");
    const other = await tableWithOrder();
    const foreign = other.feed.unpaidTableFeed[0].orderProductIds[0];
    expect((await api.call("DELETE", `/api/orders/${table.id}/product/${foreign}`, { token: guest })).status).toBe(400);
    expect((await api.call("DELETE", `/api/orders/${other.table.id}/product/${foreign}`, { token: guest })).status).toBe(403);
  });
});

describe("the contact form", () => {
  it("stores a valid request without sign-in", async () => {
    const body = { name: "Μαρία", companyName: "Ταβέρνα Μαρία", phone: "+30 691 234 5678", email: "maria@taverna.gr" };
    expect((await api.post("/api/contact-form", body)).status).toBe(201);
    const rows = await server.database.db.select().from(contactRequests).where(eq(contactRequests.email, "maria@taverna.gr"));
    expect(rows).toHaveLength(1);
  });

  it("answers each rule with its key", async () => {
    const response = await api.post("/api/contact-form", { name: "", companyName: "X", phone: "12345", email: "nope" });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual([
      { objectName: "body", field: "name", message: "fieldRequired" },
      { objectName: "body", field: "phone", message: "invalidPhone" },
      { objectName: "body", field: "email", message: "invalidEmail" },
    ]);
  });
});
