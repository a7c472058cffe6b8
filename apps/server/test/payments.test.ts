import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderProducts, payments, tableSessions, tableWaiters, waiterRequests } from "../src/db/schema.ts";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import { listen } from "./support/stomp-client.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: RunningVenue, waiter: string, admin: string;
let other: Awaited<ReturnType<typeof buildRunningVenue>>;

beforeAll(async () => {
  [server, api, venue, waiter, admin] = await startVenueServer(buildRunningVenue, ["waiter", "admin"]);
  other = await buildRunningVenue(server.database.db);
});
afterAll(async () => server?.close());

/** A fresh table whose guest ordered 2 salads (9.50 €) and 3 waters (1 €). */
async function tableWithOrder(salads = 2, waters = 3) {
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
  const feed = (await api.get(`/api/feed/table/${table.id}/products`, waiter)).body;
  const line = (name: string) => feed.unpaidTableFeed.find((i: any) => i.name === name);
  return { table, guest, feed, salad: line("Χωριάτικη"), water: line("Νερό") };
}

const pay = (tableId: number, body: Record<string, unknown>, token = waiter) =>
  api.post(`/api/feed/table/${tableId}/complete-orders`, body, token);
const zero = { discountAmount: 0, cardAmount: 0, cashAmount: 0, onCreditAmount: 0, isGift: false };
const unitsOf = (ids: number[]) =>
  server.database.db.select().from(orderProducts).where(inArray(orderProducts.id, ids)).orderBy(orderProducts.id);
const errorOf = (answer: { headers: Headers }) => answer.headers.get("x-app-error");

describe("collecting a payment at the table", () => {
  it("a full cash payment pays every unit, closes the session, and the next order opens a new one", async () => {
    const { table, guest, feed } = await tableWithOrder();
    expect(feed.totalUnpaidPrice).toBe(2200);
    // Without itemsCount nothing is chosen; the payAll flag (query or body) collects every unit.
    expect((await pay(table.id, { ...zero, cashAmount: 2200 })).status).toBe(400);
    const done = await api.post(`/api/feed/table/${table.id}/complete-orders?payAll=true`, { ...zero, cashAmount: 2200 }, waiter);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "COMPLETED", paidProductCount: 5, paidAmount: 2200 });
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, done.body.paymentId));
    expect(payment).toMatchObject({
      type: "FULL",
      channel: "CASH",
      status: "COMPLETED",
      amountCents: 2200,
      cashCents: 2200,
      collectedByUserId: venue.waiter.id,
    });
    const units = await unitsOf(payment.items);
    expect(units.every((u) => u.paymentStatus === "PAID" && u.paymentId === payment.id)).toBe(true);
    const [session] = await server.database.db.select().from(tableSessions).where(eq(tableSessions.id, feed.sessionId));
    expect(session.status).toBe("CLOSED");
    expect(session.closedAt).toBeInstanceOf(Date);
    expect((await api.get(`/api/feed/table/${table.id}/products`, waiter)).body.sessionId).toBeNull();

    expect((await api.post(`/api/orders/${table.id}`, [{ id: venue.water.id, quantity: 1 }], guest)).status).toBe(200);
    const next = (await api.get(`/api/feed/table/${table.id}/products`, waiter)).body;
    expect(next.sessionId).not.toBe(feed.sessionId);
    expect(next.totalUnpaidCount).toBe(1);
  });

  it("a partial payment with a discount splits it exactly over the units and keeps 0.2 € a piece", async () => {
    const { table, feed, salad, water } = await tableWithOrder();
    const itemsCount = [
      { orderProductId: salad.orderProductIds[0], quantity: 1 },
      { orderProductId: water.orderProductIds[0], quantity: 2 },
    ];
    // 9.50 + 2 × 1.00 = 11.50; the floor leaves 0.60, so at most 10.90 off.
    const tooMuch = await pay(table.id, { ...zero, itemsCount, discountAmount: 1091, cashAmount: 59 });
    expect(tooMuch.status).toBe(400);
    expect(errorOf(tooMuch)).toBe("error.discount_too_large");

    const done = await pay(table.id, { ...zero, itemsCount, discountAmount: 1001, cashAmount: 100, cardAmount: 49 });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ paidProductCount: 3, paidAmount: 149 });
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, done.body.paymentId));
    expect(payment).toMatchObject({ type: "PARTIAL", discountCents: 1001, cashCents: 100, cardCents: 49 });
    const units = await unitsOf(payment.items);
    expect(units).toHaveLength(3);
    expect(units.reduce((sum, u) => sum + u.discountCents, 0)).toBe(1001);
    for (const u of units) {
      expect(u.paymentStatus).toBe("PAID");
      expect(u.unitPriceCents - u.discountCents).toBeGreaterThanOrEqual(20);
    }
    const after = (await api.get(`/api/feed/table/${table.id}/products`, waiter)).body;
    expect(after).toMatchObject({ sessionId: feed.sessionId, totalUnpaidCount: 2, totalUnpaidPrice: 1050 });
    expect(after.tableFeed.filter((i: any) => i.hasDiscount).length).toBeGreaterThan(0);
  });

  it("a gift marks the units GIFT with no payment channel", async () => {
    const { table, water } = await tableWithOrder();
    const done = await pay(table.id, {
      ...zero,
      isGift: true,
      itemsCount: [{ orderProductId: water.orderProductIds[0], quantity: 3 }],
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ paidProductCount: 3, paidAmount: 0 });
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, done.body.paymentId));
    expect(payment).toMatchObject({ type: "GIFT", channel: "NO_PAYMENT", amountCents: 0 });
    expect((await unitsOf(payment.items)).map((u) => u.paymentStatus)).toEqual(["GIFT", "GIFT", "GIFT"]);
  });

  it("refuses amounts that do not add up, negative amounts and a card terminal for now", async () => {
    const { table, salad } = await tableWithOrder();
    const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 1 }];
    const short = await pay(table.id, { ...zero, itemsCount, cashAmount: 900 });
    expect(short.status).toBe(400);
    expect(errorOf(short)).toBe("error.amounts_do_not_add_up");
    const negative = await pay(table.id, { ...zero, itemsCount, discountAmount: -50, cashAmount: 1000 });
    expect(negative.status).toBe(400);
    expect(errorOf(negative)).toBe("error.validation");
    const negativeCash = await pay(table.id, { ...zero, itemsCount, cashAmount: -1, cardAmount: 951 });
    expect(errorOf(negativeCash)).toBe("error.validation");
    const terminal = await pay(table.id, { ...zero, itemsCount, cardAmount: 950, selectedTerminalId: "T1" });
    expect(errorOf(terminal)).toBe("error.terminal_not_available");
    expect((await unitsOf(salad.orderProductIds)).map((u) => u.paymentStatus)).toEqual(["UNPAID", "UNPAID"]);
  });

  it("refuses units of another table and another venue's table", async () => {
    const a = await tableWithOrder();
    const b = await tableWithOrder();
    const itemsCount = [{ orderProductId: b.salad.orderProductIds[0], quantity: 1 }];
    const foreign = await pay(a.table.id, { ...zero, itemsCount, cashAmount: 950 });
    expect(foreign.status).toBe(403);
    const unknown = await pay(a.table.id, {
      ...zero,
      itemsCount: [{ orderProductId: 99_999_999, quantity: 1 }],
      cashAmount: 950,
    });
    expect(unknown.status).toBe(404);
    const otherVenue = await pay(other.table.id, { ...zero, itemsCount, cashAmount: 950 });
    expect(otherVenue.status).toBe(403);
    const otherWaiter = await api.login(other.waiter.login);
    const crossVenue = await pay(other.table.id, { ...zero, itemsCount, cashAmount: 950 }, otherWaiter);
    expect([403, 404]).toContain(crossVenue.status);
    expect((await unitsOf(b.salad.orderProductIds)).map((u) => u.paymentStatus)).toEqual(["UNPAID", "UNPAID"]);
  });

  it("completing the same units twice is refused as already paid", async () => {
    const { table, salad } = await tableWithOrder();
    const body = { ...zero, itemsCount: [{ orderProductId: salad.orderProductIds[0], quantity: 1 }], cashAmount: 950 };
    expect((await pay(table.id, body)).status).toBe(200);
    const again = await pay(table.id, body);
    expect(again.status).toBe(400);
    expect(errorOf(again)).toBe("error.already_paid");
  });

  it("settles the guest's pending payment request, and the guest is told requestId -1", async () => {
    const { table, guest, salad } = await tableWithOrder();
    const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 2 }];
    const asked = await api.post(`/api/cq-table/payment-request/${table.id}`, { itemsCount, pos: false }, guest);
    expect(asked.status).toBe(200);
    const topic = await listen(server.wsUrl, guest, `/topic/payment-request/${table.id}`);
    const done = await pay(table.id, { ...zero, itemsCount, cashAmount: 1900 }, admin);
    expect(done.status).toBe(200);
    // -1 carries what was paid, for every guest's success page.
    expect(await topic.next((m: any) => m.requestId === -1)).toEqual({ requestId: -1, paidProductCount: 2, paidAmount: 1900 });
    const [request] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, asked.body.id));
    expect(request).toMatchObject({ status: "COMPLETED", completedByUserId: venue.admin.id });
    expect((await api.get(`/api/cq-table/${table.id}/active-payment-request`, guest)).body).toEqual({ id: null });
    expect(topic.messages.filter((m: any) => m.requestId === -1)).toHaveLength(1);
    await topic.close();
  });

  it("two waiters collecting the same units at once: exactly one succeeds, nothing is paid twice", async () => {
    const { table, salad, water } = await tableWithOrder();
    const second = await api.login(venue.admin.login);
    const body = {
      ...zero,
      itemsCount: [
        { orderProductId: salad.orderProductIds[0], quantity: 2 },
        { orderProductId: water.orderProductIds[0], quantity: 1 },
      ],
      cashAmount: 2000,
    };
    const answers = await Promise.all([pay(table.id, body, waiter), pay(table.id, body, second)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.map(errorOf)).toContain("error.already_paid");
    const rows = await server.database.db.select().from(payments).where(eq(payments.tableId, table.id));
    expect(rows).toHaveLength(1);
    const units = await unitsOf([...salad.orderProductIds, water.orderProductIds[0]]);
    expect(units.every((u) => u.paymentStatus === "PAID" && u.paymentId === rows[0].id)).toBe(true);
  });
});

describe("transferring a table", () => {
  it("refuses the same table and another venue's table", async () => {
    const { table } = await tableWithOrder();
    const same = await api.post("/api/feed/transfer-table", { tableId: table.id, targetTableId: table.id }, waiter);
    expect(same.status).toBe(400);
    expect(errorOf(same)).toBe("error.same_table_transfer");
    const foreign = await api.post("/api/feed/transfer-table", { tableId: table.id, targetTableId: other.table.id }, waiter);
    expect([403, 404]).toContain(foreign.status);
    const missing = await api.post("/api/feed/transfer-table", { tableId: table.id, targetTableId: 99_999_999 }, waiter);
    expect(missing.status).toBe(404);
  });

  it("moves the session to an empty table, and merges unpaid units into an occupied one", async () => {
    const source = await tableWithOrder(1, 1);
    const empty = await buildTable(server.database.db, venue.venue.id);
    const seated = await listen(server.wsUrl, source.guest, `/topic/customer/el/${source.table.id}`);
    const moved = await api.post("/api/feed/transfer-table", { tableId: source.table.id, targetTableId: empty.id }, waiter);
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ tableId: empty.id, sessionId: source.feed.sessionId });
    const target = (await api.get(`/api/feed/table/${empty.id}/products`, waiter)).body;
    expect(target).toMatchObject({ sessionId: source.feed.sessionId, totalUnpaidCount: 2, totalUnpaidPrice: 1050 });
    expect((await api.get(`/api/feed/table/${source.table.id}/products`, waiter)).body.sessionId).toBeNull();
    expect((await seated.next((m: any) => m.sessionId === null)).totalUnpaidCount).toBe(0);
    await seated.close();

    const occupied = await tableWithOrder(0, 2);
    const paidWater = occupied.water.orderProductIds[0];
    const partial = await pay(occupied.table.id, {
      ...zero,
      itemsCount: [{ orderProductId: paidWater, quantity: 1 }],
      cashAmount: 100,
    });
    expect(partial.status).toBe(200);
    const merged = await api.post("/api/feed/transfer-table", { tableId: occupied.table.id, targetTableId: empty.id }, waiter);
    expect(merged.status).toBe(200);
    expect(merged.body.sessionId).toBe(source.feed.sessionId);
    const after = (await api.get(`/api/feed/table/${empty.id}/products`, waiter)).body;
    expect(after).toMatchObject({ totalUnpaidCount: 3, totalUnpaidPrice: 1150 });
    expect(after.unpaidTableFeed.find((i: any) => i.name === "Νερό").quantity).toBe(2);
    const [oldSession] = await server.database.db
      .select()
      .from(tableSessions)
      .where(eq(tableSessions.id, occupied.feed.sessionId));
    expect(oldSession.status).toBe("CLOSED");
    // The paid water, not yet served, is drunk where the guests now sit; its payment stays with the closed bill.
    const [follows] = await unitsOf([paidWater]);
    expect(follows).toMatchObject({ tableId: empty.id, sessionId: occupied.feed.sessionId, paymentStatus: "PAID" });
  });
  it("moves the kitchen's tickets and the pickup tasks with the bill, live, and tells the cook where it went", async () => {
    const cook = await api.login(venue.cook.login);
    const source = await tableWithOrder(2, 0);
    const target = await buildTable(server.database.db, venue.venue.id);
    const [ticket] = (await api.get("/api/feed/kitchen", cook)).body.tickets.filter((t: any) => t.tableId === source.table.id);
    expect(ticket).toMatchObject({ tableName: source.table.label, movedFromTableName: null });
    // One salad is ready before the transfer: its pickup task must follow the bill too.
    const [readyFirst, cookedLater] = source.salad.orderProductIds;
    const first = await api.post(
      `/api/feed/kitchen/ticket/${ticket.id}/prepare-products`,
      { orderProductIds: [readyFirst] },
      cook,
    );
    expect(first.status).toBe(200);
    const paid = await pay(source.table.id, {
      ...zero,
      itemsCount: [{ orderProductId: readyFirst, quantity: 1 }],
      cashAmount: 950,
    });
    expect(paid.status).toBe(200);
    const screen = await listen(server.wsUrl, cook, "/user/queue/kitchen");

    const moved = await api.post("/api/feed/transfer-table", { tableId: source.table.id, targetTableId: target.id }, waiter);
    expect(moved.status).toBe(200);
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.id, paid.body.paymentId));
    expect(payment.tableId).toBe(target.id);
    const pushed = await screen.next((m: any) => m.type === "TICKET_UPSERT" && m.ticket.id === ticket.id);
    expect(pushed.ticket).toMatchObject({ tableId: target.id, tableName: target.label, movedFromTableName: source.table.label });
    await screen.close();
    const fetched = (await api.get("/api/feed/kitchen", cook)).body.tickets.find((t: any) => t.id === ticket.id);
    expect(fetched).toEqual(pushed.ticket);
    const pickups = () =>
      server.database.db
        .select()
        .from(waiterRequests)
        .where(inArray(waiterRequests.sessionId, [source.feed.sessionId]));
    expect((await pickups()).map((r) => r.tableId)).toEqual([target.id]);

    expect((await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare`, {}, cook)).status).toBe(200);
    // The rest of the ticket joins the card that moved: one trip to the pass for the waiter.
    const tasks = await pickups();
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ tableId: target.id, status: "ACTIVE" });
    expect(tasks[0].items.map((item) => item.orderProductId)).toEqual([readyFirst, cookedLater].sort((x, y) => x - y));
  });

  it("into an open table with its own pickup, the pickup that moves folds into it: one card, live", async () => {
    const cook = await api.login(venue.cook.login);
    const target = await tableWithOrder(1, 0);
    const source = await tableWithOrder(1, 0);
    const ticketOf = async (tableId: number) =>
      (await api.get("/api/feed/kitchen", cook)).body.tickets.find((t: any) => t.tableId === tableId);
    for (const table of [target.table, source.table]) {
      expect((await api.post(`/api/feed/kitchen/ticket/${(await ticketOf(table.id)).id}/prepare`, {}, cook)).status).toBe(200);
    }
    const [sourcePickup] = await server.database.db
      .select()
      .from(waiterRequests)
      .where(eq(waiterRequests.sessionId, source.feed.sessionId));
    await server.database.db.insert(tableWaiters).values({ tableId: target.table.id, userId: venue.waiter.id });
    const live = await listen(server.wsUrl, waiter, "/user/queue/waiter");
    const moved = await api.post(
      "/api/feed/transfer-table",
      { tableId: source.table.id, targetTableId: target.table.id },
      waiter,
    );
    expect(moved.status).toBe(200);
    const isPickup = (t: any) => t.type === "PREPARATION_AREA_PICKUP";
    const pushed = await live.next((m: any) => m.tableId === target.table.id && m.items.some(isPickup));
    await live.close();
    const salads = [...target.salad.orderProductIds, ...source.salad.orderProductIds];
    expect(pushed.items.filter(isPickup)).toMatchObject([{ itemCount: 2, placementId: target.table.id }]);
    expect(pushed.items.find(isPickup).items[0].orderProductIds).toEqual(salads);
    const feed = (await api.get("/api/feed/get-employee-feed", admin)).body.filter(
      (t: any) => isPickup(t) && [source.table.id, target.table.id].includes(t.placementId),
    );
    expect(feed).toEqual(pushed.items.filter(isPickup));
    // The folded card is gone for good: an undo never brings it back beside the kept one.
    const folded = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, sourcePickup.id));
    expect(folded).toMatchObject([{ status: "CANCELLED", items: [] }]);
  });

  it("moves a waiter call made before the first order (it has no session) with the table", async () => {
    const table = await buildTable(server.database.db, venue.venue.id);
    const guest = await api.seatedGuest(table.id);
    const call = await api.post(`/api/cq-table/call-waiter/${table.id}`, {}, guest);
    expect(call.status).toBe(200);
    expect((await api.post(`/api/orders/${table.id}`, [{ id: venue.water.id, quantity: 1 }], guest)).status).toBe(200);
    const target = await buildTable(server.database.db, venue.venue.id);
    expect((await api.post("/api/feed/transfer-table", { tableId: table.id, targetTableId: target.id }, waiter)).status).toBe(
      200,
    );
    const [moved] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, call.body.id));
    expect(moved).toMatchObject({ tableId: target.id, sessionId: null, status: "ACTIVE" });
  });

  it("moves back a ticket an earlier transfer brought, though its order was sent at the other table", async () => {
    // Found by the service model: Β joins Α's open bill, then Α moves to the empty Β; Β's own
    // ticket belongs to an order of Β's closed session and stayed behind naming Α.
    const cook = await api.login(venue.cook.login);
    const a = await tableWithOrder(1, 0);
    const b = await tableWithOrder(1, 0);
    const ticketOf = async (tableId: number) =>
      (await api.get("/api/feed/kitchen", cook)).body.tickets.find((t: any) => t.tableId === tableId);
    const bTicket = await ticketOf(b.table.id);
    expect((await api.post("/api/feed/transfer-table", { tableId: b.table.id, targetTableId: a.table.id }, waiter)).status).toBe(
      200,
    );
    expect((await api.post("/api/feed/transfer-table", { tableId: a.table.id, targetTableId: b.table.id }, waiter)).status).toBe(
      200,
    );
    const tickets = (await api.get("/api/feed/kitchen", cook)).body.tickets.filter((t: any) =>
      [a.table.id, b.table.id].includes(t.tableId),
    );
    expect(tickets.find((t: any) => t.id === bTicket.id)).toMatchObject({ tableId: b.table.id });
    expect(tickets.every((t: any) => t.tableId === b.table.id)).toBe(true);
  });

  it("into an open table, a ticket whose pieces are partly paid moves whole with the guests", async () => {
    const cook = await api.login(venue.cook.login);
    const target = await tableWithOrder(0, 1);
    const source = await tableWithOrder(2, 0);
    const [paidSalad] = source.salad.orderProductIds;
    const partial = await pay(source.table.id, {
      ...zero,
      itemsCount: [{ orderProductId: paidSalad, quantity: 1 }],
      cashAmount: 950,
    });
    expect(partial.status).toBe(200);
    const [ticket] = (await api.get("/api/feed/kitchen", cook)).body.tickets.filter((t: any) => t.tableId === source.table.id);
    const screen = await listen(server.wsUrl, cook, "/user/queue/kitchen");

    const merged = await api.post(
      "/api/feed/transfer-table",
      { tableId: source.table.id, targetTableId: target.table.id },
      waiter,
    );
    expect(merged.status).toBe(200);
    expect(merged.body.sessionId).toBe(target.feed.sessionId);
    const pushed = await screen.next((m: any) => m.type === "TICKET_UPSERT" && m.ticket.id === ticket.id);
    await screen.close();
    expect(pushed.ticket).toMatchObject({ tableId: target.table.id, movedFromTableName: source.table.label });
    expect(pushed.ticket.products.flatMap((p: any) => p.orderProductIds)).toHaveLength(2);
    const fetched = (await api.get("/api/feed/kitchen", cook)).body.tickets.find((t: any) => t.id === ticket.id);
    expect(fetched).toMatchObject({ tableId: target.table.id, tableName: target.table.label });

    expect((await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare`, {}, cook)).status).toBe(200);
    const [pickup] = await server.database.db
      .select()
      .from(waiterRequests)
      .where(eq(waiterRequests.type, "PREPARATION_AREA_PICKUP"))
      .orderBy(desc(waiterRequests.id))
      .limit(1);
    expect(pickup).toMatchObject({ tableId: target.table.id, status: "ACTIVE" });
  });
});
