import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderProducts, retailers, tableWaiters, waiterRequests } from "../src/db/schema.ts";
import { buildRunningVenue, buildStaff, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { listen } from "./support/stomp-client.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let venue: Awaited<ReturnType<typeof buildRunningVenue>>;
let other: Awaited<ReturnType<typeof buildRunningVenue>>;
let cook: string;
let waiter1: string;
let waiter2: string;
let loner: string;
let lonerId: number;
let waiter2Id: number;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.baseUrl);
  const db = server.database.db;
  venue = await buildRunningVenue(db);
  other = await buildRunningVenue(db);
  const second = await buildStaff(db, venue.venue.id, "WAITER");
  const third = await buildStaff(db, venue.venue.id, "WAITER");
  waiter2Id = second.id;
  lonerId = third.id;
  cook = await api.login(venue.cook.login);
  waiter1 = await api.login(venue.waiter.login);
  waiter2 = await api.login(second.login);
  loner = await api.login(third.login);
  admin = await api.login(venue.admin.login);
});
afterAll(async () => server?.close());

/** A new table of the venue supervised by waiters 1 and 2. */
async function supervisedTable() {
  const table = await buildTable(server.database.db, venue.venue.id);
  await server.database.db.insert(tableWaiters).values([
    { tableId: table.id, userId: venue.waiter.id },
    { tableId: table.id, userId: waiter2Id },
  ]);
  return table;
}

/** A guest at the table orders salads (kitchen) and waters (the waiter serves them). */
async function guestOrders(tableId: number, salads: number, waters: number) {
  const guest = await api.seatedGuest(tableId);
  const lines = [
    ...(salads ? [{ id: venue.salad.id, quantity: salads }] : []),
    ...(waters ? [{ id: venue.water.id, quantity: waters }] : []),
  ];
  const sent = await api.post(`/api/orders/${tableId}`, lines, guest);
  expect(sent.status).toBe(200);
  return { guest, ticketIds: sent.body.ticketIds as number[] };
}

/** The cook marks every salad of the ticket prepared; returns their unit ids. */
async function cookPrepares(ticketId: number): Promise<number[]> {
  const ticket = (await api.get(`/api/feed/kitchen/ticket/${ticketId}`, cook)).body;
  const ids = ticket.products.flatMap((p: any) => p.orderProductIds);
  const prepared = await api.post(`/api/feed/kitchen/ticket/${ticketId}/prepare-products`, { orderProductIds: ids }, cook);
  expect(prepared.status).toBe(200);
  return ids;
}

const feedOf = async (token: string) => (await api.get("/api/feed/get-employee-feed", token)).body as any[];
const tasksOfTable = (feed: any[], tableId: number) => feed.filter((t) => t.placementId === tableId);
const unitsOf = (ids: number[]) =>
  Promise.all(ids.map(async (id) => (await server.database.db.select().from(orderProducts).where(eq(orderProducts.id, id)))[0]));

describe("the waiter's service feed", () => {
  it("a prepared dish appears live as a pickup; waiter 1 delivers it, waiter 2 sees it vanish, the guest sees it delivered", async () => {
    const table = await supervisedTable();
    const [feed1, feed2] = await Promise.all([
      listen(server.wsUrl, waiter1, "/user/queue/waiter"),
      listen(server.wsUrl, waiter2, "/user/queue/waiter"),
    ]);
    const { guest, ticketIds } = await guestOrders(table.id, 1, 1);
    const service = await feed1.next((m: any) => m.tableId === table.id && m.items.some((t: any) => t.type === "SERVICE"));
    expect(service.type).toBe("TABLE_TASKS");
    const saladIds = await cookPrepares(ticketIds[0]);

    const isPickup = (t: any) => t.type === "PREPARATION_AREA_PICKUP";
    const pushed = await feed1.next((m: any) => m.tableId === table.id && m.items.some(isPickup));
    const pickup = pushed.items.find(isPickup);
    expect(pickup).toMatchObject({
      placement: table.label,
      placementId: table.id,
      preparationArea: "Kitchen",
      sum: 950,
      itemCount: 1,
    });
    expect(pickup.items).toMatchObject([
      { name: "Χωριάτικη", orderProductIds: saladIds, quantity: 1, status: "PREPARED", price: 950 },
    ]);
    await feed2.next((m: any) => m.tableId === table.id && m.items.some(isPickup));
    expect(tasksOfTable(await feedOf(waiter1), table.id).map((t) => t.type)).toEqual(["SERVICE", "PREPARATION_AREA_PICKUP"]);
    const one = await api.get(`/api/feed/get-employee-feed/request/${pickup.requestId}`, waiter1);
    expect(one.body).toEqual(pickup);

    feed2.messages.length = 0;
    const delivered = await api.post("/api/feed/next-status", saladIds, waiter1);
    expect(delivered.status).toBe(200);
    expect(delivered.body).toEqual({ orderProductIds: saladIds });
    const after = await feed2.next((m: any) => m.tableId === table.id && !m.items.some(isPickup));
    expect(after.items.map((t: any) => t.type)).toEqual(["SERVICE"]);
    expect((await api.get(`/api/feed/get-employee-feed/request/${pickup.requestId}`, waiter1)).status).toBe(404);
    const [row] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, pickup.requestId));
    expect(row).toMatchObject({ status: "COMPLETED", completedByUserId: venue.waiter.id });

    const guestFeed = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
    expect(guestFeed.tableFeed.find((i: any) => i.name === "Χωριάτικη").status).toBe("COMPLETE");
    const staffFeed = (await api.get(`/api/feed/table/${table.id}/products`, waiter2)).body;
    expect(staffFeed).toMatchObject({ tableId: table.id, label: table.label, totalUnpaidCount: 2, totalUnpaidPrice: 1050 });
    expect(staffFeed.tableFeed.map((i: any) => [i.name, i.status])).toEqual([
      ["Χωριάτικη", "COMPLETE"],
      ["Νερό", "SENT"],
    ]);
    await Promise.all([feed1.close(), feed2.close()]);
  });

  it("one tap delivers a piece the waiter serves straight: its task completes live, and undo brings it back to sent", async () => {
    const table = await supervisedTable();
    await guestOrders(table.id, 0, 2);
    const [task] = tasksOfTable(await feedOf(waiter1), table.id);
    expect(task).toMatchObject({ type: "SERVICE", preparationArea: null, sum: 200, itemCount: 2 });
    const ids = task.items[0].orderProductIds;
    const live = await listen(server.wsUrl, waiter2, "/user/queue/waiter");
    const delivered = await api.post("/api/feed/next-status", ids, waiter1);
    expect(delivered.body).toEqual({ orderProductIds: ids });
    expect((await unitsOf(ids)).map((u) => u.status)).toEqual(["COMPLETE", "COMPLETE"]);
    expect(await live.next((m: any) => m.tableId === table.id)).toMatchObject({ type: "TABLE_TASKS", items: [] });
    expect(tasksOfTable(await feedOf(waiter1), table.id)).toEqual([]);
    const [row] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, task.requestId));
    expect(row).toMatchObject({ status: "COMPLETED", completedByUserId: venue.waiter.id });
    // A second tap finds nothing left to carry.
    const again = await api.post("/api/feed/next-status", ids, waiter2);
    expect(again.headers.get("x-app-error")).toBe("error.request_already_handled");

    const undone = await api.post("/api/feed/undo-status", { orderProductIds: [ids[0]] }, waiter1);
    expect(undone.body).toEqual({ orderProductIds: [ids[0]] });
    expect((await unitsOf(ids)).map((u) => u.status)).toEqual(["SENT", "COMPLETE"]);
    const [back] = tasksOfTable(await feedOf(waiter1), table.id);
    expect(back).toMatchObject({ requestId: task.requestId, itemCount: 1 });
    expect(back.items[0]).toMatchObject({ orderProductIds: [ids[0]], status: "SENT" });
    const refused = await api.post("/api/feed/undo-status", { orderProductIds: [ids[0]] }, waiter1);
    expect(refused.headers.get("x-app-error")).toBe("error.nothing_to_undo");
    await live.close();
  });

  it("two waiters delivering the same pieces at once: exactly one moves them, the other is told it was handled", async () => {
    const table = await supervisedTable();
    const { ticketIds } = await guestOrders(table.id, 2, 0);
    const ids = await cookPrepares(ticketIds[0]);
    const answers = await Promise.all([
      api.post("/api/feed/next-status", ids, waiter1),
      api.post("/api/feed/next-status", ids, waiter2),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400);
    expect(refused?.headers.get("x-app-error")).toBe("error.request_already_handled");
    expect(refused?.body.message).toBe("error.request_already_handled");
    expect((await unitsOf(ids)).map((u) => u.status)).toEqual(["COMPLETE", "COMPLETE"]);

    const again = await Promise.all([
      api.post("/api/feed/complete-orders", ids, waiter1),
      api.post("/api/feed/complete-orders", ids, waiter2),
    ]);
    expect(again.map((a) => a.headers.get("x-app-error"))).toEqual([
      "error.request_already_handled",
      "error.request_already_handled",
    ]);
  });

  it("complete-orders delivers pieces directly and completes their task", async () => {
    const table = await supervisedTable();
    const { ticketIds } = await guestOrders(table.id, 1, 1);
    const saladIds = await cookPrepares(ticketIds[0]);
    const tasks = tasksOfTable(await feedOf(waiter1), table.id);
    const waterIds = tasks.find((t) => t.type === "SERVICE").items[0].orderProductIds;
    const done = await api.post("/api/feed/complete-orders", [...saladIds, ...waterIds], waiter2);
    expect(done.status).toBe(200);
    expect((await unitsOf([...saladIds, ...waterIds])).map((u) => u.status)).toEqual(["COMPLETE", "COMPLETE"]);
    expect(tasksOfTable(await feedOf(waiter1), table.id)).toEqual([]);
  });

  it("undo brings a delivered dish back to prepared and its pickup back to the feed", async () => {
    const table = await supervisedTable();
    const { ticketIds } = await guestOrders(table.id, 1, 0);
    const ids = await cookPrepares(ticketIds[0]);
    const [pickup] = tasksOfTable(await feedOf(waiter1), table.id);
    await api.post("/api/feed/next-status", ids, waiter1);
    expect(tasksOfTable(await feedOf(waiter1), table.id)).toEqual([]);

    const live = await listen(server.wsUrl, waiter2, "/user/queue/waiter");
    const undone = await api.post("/api/feed/undo-status", { orderProductIds: ids }, waiter1);
    expect(undone.status).toBe(200);
    expect((await unitsOf(ids))[0].status).toBe("PREPARED");
    const pushed = await live.next((m: any) => m.tableId === table.id && m.items.length === 1);
    expect(pushed.items[0]).toMatchObject({ requestId: pickup.requestId, type: "PREPARATION_AREA_PICKUP" });
    expect(tasksOfTable(await feedOf(waiter1), table.id)).toEqual([pickup]);
    // A kitchen's prepared dish goes back to the kitchen only through the kitchen's undo.
    const refused = await api.post("/api/feed/undo-status", { orderProductIds: ids }, waiter1);
    expect(refused.headers.get("x-app-error")).toBe("error.nothing_to_undo");
    await live.close();
  });

  it("a guest's waiter call appears live and is completed once; completing twice is a keyed 400", async () => {
    const table = await supervisedTable();
    const live = await listen(server.wsUrl, waiter1, "/user/queue/waiter");
    const guest = await api.seatedGuest(table.id);
    const called = await api.post(`/api/cq-table/call-waiter/${table.id}`, {}, guest);
    const pushed = await live.next((m: any) => m.tableId === table.id && m.items.length === 1);
    expect(pushed.items[0]).toMatchObject({ requestId: called.body.id, type: "WAITER_CALL", items: [], sum: 0, itemCount: 0 });

    const done = await api.post(`/api/feed/complete-request/${called.body.id}`, {}, waiter2);
    expect(done.status).toBe(200);
    await live.next((m: any) => m.tableId === table.id && m.items.length === 0);
    const [row] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, called.body.id));
    expect(row).toMatchObject({ status: "COMPLETED", completedByUserId: waiter2Id });
    expect(row.completedAt).toBeInstanceOf(Date);
    const twice = await api.post(`/api/feed/complete-request/${called.body.id}`, {}, waiter1);
    expect(twice.status).toBe(400);
    expect(twice.headers.get("x-app-error")).toBe("error.request_already_handled");
    expect((await api.get(`/api/cq-table/${table.id}/active-waiter-call`, guest)).body).toEqual({ id: null });

    const { ticketIds } = await guestOrders(table.id, 1, 0);
    await cookPrepares(ticketIds[0]);
    const [pickup] = tasksOfTable(await feedOf(waiter1), table.id);
    const wrong = await api.post(`/api/feed/complete-request/${pickup.requestId}`, {}, waiter1);
    expect(wrong.headers.get("x-app-error")).toBe("error.request_not_completable");
    await live.close();
  });
});

describe("one pickup card per trip", () => {
  const isPickup = (t: any) => t.type === "PREPARATION_AREA_PICKUP";
  const tick = (ticketId: number, orderProductIds: number[]) =>
    api.post(`/api/feed/kitchen/ticket/${ticketId}/prepare-products`, { orderProductIds }, cook);
  const saladIdsOf = async (ticketId: number): Promise<number[]> =>
    (await api.get(`/api/feed/kitchen/ticket/${ticketId}`, cook)).body.products.flatMap((p: any) => p.orderProductIds);
  const openPickups = (tableId: number) =>
    server.database.db
      .select()
      .from(waiterRequests)
      .where(
        and(
          eq(waiterRequests.tableId, tableId),
          eq(waiterRequests.type, "PREPARATION_AREA_PICKUP"),
          eq(waiterRequests.status, "ACTIVE"),
        ),
      );
  /** The table's pickup cards in a pushed TABLE_TASKS message, when it has exactly this many pieces. */
  const pickupsWith = (tableId: number, itemCount: number) => (m: any) =>
    m.tableId === tableId && m.items.filter(isPickup).reduce((n: number, t: any) => n + t.itemCount, 0) === itemCount;

  it("a ticket ticked line by line is one card, pushed live; a delivery between ticks leaves it open for the rest", async () => {
    const table = await supervisedTable();
    const live = await listen(server.wsUrl, waiter1, "/user/queue/waiter");
    const { ticketIds } = await guestOrders(table.id, 3, 0);
    const [a, b, c] = await saladIdsOf(ticketIds[0]);
    expect((await tick(ticketIds[0], [a])).status).toBe(200);
    const first = (await live.next(pickupsWith(table.id, 1))).items.filter(isPickup);
    expect(first).toHaveLength(1);
    expect((await tick(ticketIds[0], [b])).status).toBe(200);
    const second = (await live.next(pickupsWith(table.id, 2))).items.filter(isPickup);
    expect(second).toMatchObject([{ requestId: first[0].requestId, itemCount: 2, timestamp: first[0].timestamp }]);
    expect(second[0].items).toMatchObject([{ orderProductIds: [a, b], quantity: 2, status: "PREPARED" }]);

    live.messages.length = 0;
    expect((await api.post("/api/feed/next-status", [a], waiter1)).status).toBe(200);
    await live.next(pickupsWith(table.id, 1));
    live.messages.length = 0;
    expect((await tick(ticketIds[0], [c])).status).toBe(200);
    const third = (await live.next(pickupsWith(table.id, 2))).items.filter(isPickup);
    expect(third).toMatchObject([{ requestId: first[0].requestId, itemCount: 2 }]);
    expect(third[0].items[0].orderProductIds).toEqual([b, c]);

    // A second ticket of the same area for the same table is the same trip to the pass.
    const more = await guestOrders(table.id, 1, 0);
    const [d] = await saladIdsOf(more.ticketIds[0]);
    expect((await tick(more.ticketIds[0], [d])).status).toBe(200);
    const [card] = tasksOfTable(await feedOf(waiter1), table.id).filter(isPickup);
    expect(card).toMatchObject({ requestId: first[0].requestId, itemCount: 3, preparationArea: "Kitchen" });
    expect(await openPickups(table.id)).toHaveLength(1);
    await live.close();
  });

  it("once its card is delivered a later line opens a new one, and undoing the earlier delivery joins it", async () => {
    const table = await supervisedTable();
    const { ticketIds } = await guestOrders(table.id, 2, 0);
    const [a, b] = await saladIdsOf(ticketIds[0]);
    await tick(ticketIds[0], [a]);
    const [before] = tasksOfTable(await feedOf(waiter1), table.id);
    expect((await api.post("/api/feed/next-status", [a], waiter1)).status).toBe(200);
    await tick(ticketIds[0], [b]);
    const [after] = tasksOfTable(await feedOf(waiter1), table.id);
    expect(after.requestId).not.toBe(before.requestId);
    expect((await api.post("/api/feed/undo-status", { orderProductIds: [a] }, waiter1)).status).toBe(200);
    const cards = tasksOfTable(await feedOf(waiter1), table.id);
    expect(cards).toMatchObject([{ requestId: after.requestId, itemCount: 2 }]);
    expect(cards[0].items[0].orderProductIds).toEqual([a, b]);
    expect(await openPickups(table.id)).toHaveLength(1);
  });

  it("screens ticking lines of two tickets of one table at the same moment make one card", async () => {
    // The ticket's row lock queues ticks on one ticket; the hand-over's own lock queues two tickets.
    for (let round = 0; round < 3; round++) {
      const table = await supervisedTable();
      const tickets = [(await guestOrders(table.id, 2, 0)).ticketIds[0], (await guestOrders(table.id, 2, 0)).ticketIds[0]];
      const lines = (
        await Promise.all(tickets.map(async (ticketId) => (await saladIdsOf(ticketId)).map((id) => [ticketId, id])))
      ).flat();
      const answers = await Promise.all(lines.map(([ticketId, id]) => tick(ticketId, [id])));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const pickups = await openPickups(table.id);
      expect(pickups).toHaveLength(1);
      expect(pickups[0].items.map((i) => i.orderProductId)).toEqual(lines.map(([, id]) => id).sort((a, b) => a - b));
      expect(tasksOfTable(await feedOf(waiter1), table.id)).toMatchObject([{ requestId: pickups[0].id, itemCount: 4 }]);
    }
  });
});

describe("who sees which tables", () => {
  it("a waiter sees only the tables they supervise unless the venue shows all; the cash desk and admin see all", async () => {
    const table = await supervisedTable();
    const guest = await api.seatedGuest(table.id);
    const call = (await api.post(`/api/cq-table/call-waiter/${table.id}`, {}, guest)).body.id;
    const live = await listen(server.wsUrl, loner, "/user/queue/waiter");
    const sees = async (token: string) => (await feedOf(token)).some((t) => t.requestId === call);
    expect(await sees(waiter1)).toBe(true);
    expect(await sees(loner)).toBe(false);
    expect(await sees(admin)).toBe(true);

    const db = server.database.db;
    await db.update(retailers).set({ waitersSeeAllTables: true }).where(eq(retailers.id, venue.venue.id));
    try {
      expect(await sees(loner)).toBe(true);
    } finally {
      await db.update(retailers).set({ waitersSeeAllTables: false }).where(eq(retailers.id, venue.venue.id));
    }
    // Nothing of an unsupervised table reaches the loner live.
    await api.post(`/api/feed/complete-request/${call}`, {}, waiter1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(live.messages.filter((m: any) => m.tableId === table.id)).toEqual([]);
    await live.close();
  });

  it("assign-me toggles supervision; the Tables tab shows amount and waiter count", async () => {
    const table = await supervisedTable();
    await guestOrders(table.id, 1, 1);
    const row = async (onlyAssigned: boolean) =>
      ((await api.get(`/api/feed/get-table-assignments?onlyAssigned=${onlyAssigned}`, loner)).body as any[]).find(
        (t) => t.tableId === table.id,
      );
    expect(await row(false)).toEqual({ tableId: table.id, label: table.label, assigned: false, amount: 1050, waiterCount: 2 });
    expect(await row(true)).toBeUndefined();

    const live = await listen(server.wsUrl, loner, "/user/queue/waiter");
    const on = await api.post(`/api/feed/${table.id}/assign-me`, { active: true }, loner);
    expect(on.body).toEqual({ tableId: table.id, assigned: true });
    expect(await row(true)).toMatchObject({ assigned: true, waiterCount: 3 });
    const pushed = await live.next((m: any) => m.tableId === table.id && m.items.length === 1);
    expect(pushed.items[0].type).toBe("SERVICE");
    expect(tasksOfTable(await feedOf(loner), table.id)).toHaveLength(1);
    await api.post(`/api/feed/${table.id}/assign-me`, { active: true }, loner);
    expect(await row(true)).toMatchObject({ waiterCount: 3 });

    const off = await api.post(`/api/feed/${table.id}/assign-me`, { active: false }, loner);
    expect(off.body).toEqual({ tableId: table.id, assigned: false });
    await live.next((m: any) => m.tableId === table.id && m.items.length === 0);
    expect(await row(false)).toMatchObject({ assigned: false, waiterCount: 2 });
    const links = await server.database.db
      .select()
      .from(tableWaiters)
      .where(and(eq(tableWaiters.tableId, table.id), eq(tableWaiters.userId, lonerId)));
    expect(links).toEqual([]);
    await live.close();
  });

  it("lists the venue's products and its staff menu", async () => {
    const products = (await api.get("/api/feed/get-waiter-products", waiter1)).body as any[];
    expect(products.find((p) => p.id === venue.water.id)).toEqual({
      id: venue.water.id,
      label: "Νερό",
      price: 100,
      active: true,
    });
    expect(products.some((p) => p.id === other.water.id)).toBe(false);
    const menu = await api.get("/api/feed/menu", waiter1);
    expect(menu.status).toBe(200);
    expect(menu.body.flatMap((c: any) => c.products.map((p: any) => p.id))).toContain(venue.salad.id);
  });
});

describe("new-order information cards (docs/decisions/041-new-order-cards.md)", () => {
  const newOrdersOf = async (token: string) => {
    const answer = await api.get("/api/feed/get-employee-feed/new-orders", token);
    expect(answer.status).toBe(200);
    return answer.body as any[];
  };
  const cardsOfTable = (cards: any[], tableId: number) => cards.filter((c) => c.placementId === tableId);

  it("a guest's order shows live to the table's waiters, not as a task, and goes once the kitchen has prepared it all", async () => {
    const table = await supervisedTable();
    const foreign = await api.login(other.waiter.login);
    await server.database.db.update(retailers).set({ waitersSeeAllTables: true }).where(eq(retailers.id, other.venue.id));
    const [live, foreignLive] = await Promise.all([
      listen(server.wsUrl, waiter1, "/user/queue/waiter"),
      listen(server.wsUrl, foreign, "/user/queue/waiter"),
    ]);
    const { ticketIds } = await guestOrders(table.id, 2, 1);
    const pushed = await live.next((m: any) => m.tableId === table.id && m.newOrders?.length > 0);
    expect(pushed.newOrders).toEqual([
      {
        orderId: expect.any(Number),
        placement: table.label,
        placementId: table.id,
        pieceCount: 2,
        timestamp: expect.any(String),
      },
    ]);
    // The waters the waiter serves are a task; the salads in the kitchen are only information.
    expect(pushed.items.map((t: any) => t.type)).toEqual(["SERVICE"]);
    expect(tasksOfTable(await feedOf(waiter1), table.id).map((t) => t.type)).toEqual(["SERVICE"]);
    expect(cardsOfTable(await newOrdersOf(waiter1), table.id)).toEqual(pushed.newOrders);
    expect(cardsOfTable(await newOrdersOf(loner), table.id)).toEqual([]);
    expect(cardsOfTable(await newOrdersOf(foreign), table.id)).toEqual([]);

    await cookPrepares(ticketIds[0]);
    const after = await live.next(
      (m: any) => m.tableId === table.id && m.items.some((t: any) => t.type === "PREPARATION_AREA_PICKUP"),
    );
    expect(after.newOrders).toEqual([]);
    expect(cardsOfTable(await newOrdersOf(waiter1), table.id)).toEqual([]);
    expect(foreignLive.messages.some((m: any) => m.tableId === table.id)).toBe(false);
    await Promise.all([live.close(), foreignLive.close()]);
  });

  it("only service staff read them", async () => {
    expect((await api.get("/api/feed/get-employee-feed/new-orders", cook)).status).toBe(403);
    expect((await api.get("/api/feed/get-employee-feed/new-orders")).status).toBe(401);
    expect((await api.get("/api/feed/get-employee-feed/new-orders", admin)).status).toBe(200);
  });
});

describe("refusals", () => {
  it("another venue's waiter never sees or touches this venue's tasks, pieces or tables", async () => {
    const table = await supervisedTable();
    const { ticketIds } = await guestOrders(table.id, 1, 0);
    const ids = await cookPrepares(ticketIds[0]);
    const [pickup] = tasksOfTable(await feedOf(waiter1), table.id);
    const foreign = await api.login(other.waiter.login);
    await server.database.db.update(retailers).set({ waitersSeeAllTables: true }).where(eq(retailers.id, other.venue.id));
    expect(tasksOfTable(await feedOf(foreign), table.id)).toEqual([]);
    expect((await api.get(`/api/feed/get-employee-feed/request/${pickup.requestId}`, foreign)).status).toBe(404);
    expect((await api.post(`/api/feed/complete-request/${pickup.requestId}`, {}, foreign)).status).toBe(404);
    expect((await api.post("/api/feed/next-status", ids, foreign)).status).toBe(404);
    expect((await api.post("/api/feed/complete-orders", ids, foreign)).status).toBe(404);
    expect((await api.post("/api/feed/undo-status", { orderProductIds: ids }, foreign)).status).toBe(404);
    expect((await api.get(`/api/feed/table/${table.id}/products`, foreign)).status).toBe(403);
    expect((await api.post(`/api/feed/${table.id}/assign-me`, { active: true }, foreign)).status).toBe(403);
    const tables = (await api.get("/api/feed/get-table-assignments", foreign)).body as any[];
    expect(tables.some((t) => t.tableId === table.id)).toBe(false);
    // Mixing one foreign id into an own list is refused as a whole.
    const ownOther = await api.post("/api/feed/next-status", [...ids, 99_999_999], waiter1);
    expect(ownOther.status).toBe(404);
    expect((await unitsOf(ids))[0].status).toBe("PREPARED");
  });

  it("guests, cooks and anonymous callers are refused; malformed bodies are 400", async () => {
    const guest = await api.seatedGuest(venue.otherTable.id);
    for (const token of [guest, cook]) {
      expect((await api.get("/api/feed/get-employee-feed", token)).status).toBe(403);
      expect((await api.post("/api/feed/next-status", [1], token)).status).toBe(403);
      expect((await api.get("/api/feed/get-table-assignments", token)).status).toBe(403);
      expect((await api.get("/api/feed/menu", token)).status).toBe(403);
    }
    expect((await api.get("/api/feed/get-employee-feed")).status).toBe(401);
    expect((await api.post("/api/feed/complete-request/1", {})).status).toBe(401);

    const bad = [
      ["/api/feed/next-status", {}],
      ["/api/feed/next-status", []],
      ["/api/feed/next-status", ["x"]],
      ["/api/feed/next-status", [-1]],
      ["/api/feed/complete-orders", { orderProductIds: [1] }],
      ["/api/feed/undo-status", [1]],
      ["/api/feed/undo-status", { orderProductIds: [] }],
      [`/api/feed/${venue.table.id}/assign-me`, { active: "yes" }],
      [`/api/feed/${venue.table.id}/assign-me`, {}],
    ] as const;
    for (const [path, body] of bad) {
      const answer = await api.post(path, body, waiter1);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    const malformed = await api.call("POST", "/api/feed/next-status", { token: waiter1, raw: "[1," });
    expect(malformed.status).toBe(400);
    expect((await api.get("/api/feed/get-table-assignments?onlyAssigned=maybe", waiter1)).status).toBe(400);
    expect((await api.get("/api/feed/get-employee-feed/request/abc", waiter1)).status).toBe(400);
    expect((await api.post("/api/feed/complete-request/0", {}, waiter1)).status).toBe(400);
    expect((await api.get("/api/feed/get-employee-feed/request/99999999", waiter1)).status).toBe(404);
  });
});
