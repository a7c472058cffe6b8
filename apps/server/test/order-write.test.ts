import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diningTables, kitchenTickets, orderProducts, orders, tableSessions, waiterRequests } from "../src/db/schema.ts";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

// The order is written in one statement (session, order, tickets, units, service task); these are
// the cases where its parts must agree with each other.
let server: TestServer, api: ApiClient, venue: RunningVenue;

beforeAll(async () => {
  [server, api, venue] = await startVenueServer(buildRunningVenue);
});
afterAll(async () => server?.close());

const db = () => server.database.db;
const order = (tableId: number, lines: unknown[], token: string, key?: string) =>
  api.post(`/api/orders/${tableId}`, lines, token, key ? { "idempotency-key": key } : {});
const salad = () => ({ id: venue.salad.id, quantity: 1 });
const coffee = () => ({ id: venue.coffee.id, quantity: 2 });
const water = () => ({ id: venue.water.id, quantity: 2 });

describe("writing an order", () => {
  it("first orders of several guests at the same moment open one session for the table", async () => {
    const table = await buildTable(db(), venue.venue.id);
    const guests = await Promise.all([1, 2, 3, 4].map(() => api.seatedGuest(table.id)));
    const answers = await Promise.all(guests.map((guest) => order(table.id, [salad()], guest)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const sessions = await db().select().from(tableSessions).where(eq(tableSessions.tableId, table.id));
    expect(sessions).toHaveLength(1);
    const written = await db().select().from(orders).where(eq(orders.tableId, table.id));
    expect(written.map((o) => o.sessionId)).toEqual([sessions[0].id, sessions[0].id, sessions[0].id, sessions[0].id]);
  });

  it("numbers one ticket per area in sequence, links every unit to its area's ticket and gives the waiter what no area makes", async () => {
    const table = await buildTable(db(), venue.venue.id);
    const guest = await api.seatedGuest(table.id);
    const sent = await order(table.id, [salad(), coffee(), water()], guest);
    expect(sent.status).toBe(200);
    const tickets = await db().select().from(kitchenTickets).where(eq(kitchenTickets.orderId, sent.body.orderId));
    expect(tickets.map((t) => t.preparationAreaId).sort()).toEqual([venue.kitchen.id, venue.bar.id].sort());
    const numbers = tickets.map((t) => t.ticketNumber).sort((a, b) => a - b);
    expect(numbers[1]).toBe(numbers[0] + 1);
    const units = await db().select().from(orderProducts).where(eq(orderProducts.orderId, sent.body.orderId));
    expect(units).toHaveLength(5);
    for (const unit of units) {
      const ticket = tickets.find((t) => t.preparationAreaId === unit.preparationAreaId);
      expect(unit.ticketId).toBe(ticket?.id ?? null);
    }
    const waterUnits = units.filter((u) => u.productId === venue.water.id).map((u) => u.id);
    const [service] = await db()
      .select()
      .from(waiterRequests)
      .where(and(eq(waiterRequests.tableId, table.id), eq(waiterRequests.type, "SERVICE")));
    expect(service.items.map((i) => i.orderProductId).sort()).toEqual(waterUnits.sort());
    expect(service.sessionId).toBe(units[0].sessionId);
  });

  it("an order of served products only has no ticket and takes no ticket number", async () => {
    const table = await buildTable(db(), venue.venue.id);
    const guest = await api.seatedGuest(table.id);
    const before = await order(table.id, [salad()], guest);
    const served = await order(table.id, [water()], guest);
    const after = await order(table.id, [salad()], guest);
    expect(served.body.ticketIds).toEqual([]);
    const numbers = await db()
      .select({ n: kitchenTickets.ticketNumber })
      .from(kitchenTickets)
      .where(inArray(kitchenTickets.orderId, [before.body.orderId, after.body.orderId]));
    expect(Math.abs(numbers[1].n - numbers[0].n)).toBe(1);
  });

  it("a retry after the bill was settled answers the first order and opens no new session", async () => {
    const table = await buildTable(db(), venue.venue.id);
    const guest = await api.seatedGuest(table.id);
    const first = await order(table.id, [salad()], guest, "c2b0e6a4-settled-retry");
    const waiter = await api.login(venue.waiter.login);
    const paid = await api.post(
      `/api/feed/table/${table.id}/complete-orders?payAll=true`,
      { discountAmount: 0, cardAmount: 0, cashAmount: 950, onCreditAmount: 0, isGift: false },
      waiter,
    );
    expect(paid.status).toBe(200);
    const retry = await order(table.id, [salad()], guest, "c2b0e6a4-settled-retry");
    expect(retry.status).toBe(200);
    expect(retry.body.orderId).toBe(first.body.orderId);
    const sessions = await db().select().from(tableSessions).where(eq(tableSessions.tableId, table.id));
    expect(sessions.map((s) => s.status)).toEqual(["CLOSED"]);
  });

  it("a burst of a venue's orders, written together, numbers each ticket once and answers each order for itself", async () => {
    const tables = await Promise.all([1, 2, 3].map(() => buildTable(db(), venue.venue.id)));
    const guests = await Promise.all(
      tables.flatMap((table) => [1, 2].map(async () => ({ table, token: await api.seatedGuest(table.id) }))),
    );
    const stranger = await api.seatedGuest(tables[1].id);
    const sends = guests.flatMap(({ table, token }, g) =>
      [1, 2, 3, 4].map((i) => order(table.id, [salad(), coffee(), water()], token, `burst-${process.pid}-${g}-${i}`)),
    );
    // A double tap inside the burst, and a guest of another table: each answered for itself.
    sends.push(order(tables[0].id, [salad(), coffee(), water()], guests[0].token, `burst-${process.pid}-0-1`));
    sends.push(order(tables[0].id, [salad()], stranger));
    const answers = await Promise.all(sends);

    expect(answers.slice(0, 25).map((a) => a.status)).toEqual(Array(25).fill(200));
    expect(answers[24].body).toEqual(answers[0].body);
    expect(answers[25].status).toBe(403);
    const orderIds = answers.slice(0, 24).map((a) => a.body.orderId);
    expect(new Set(orderIds).size).toBe(24);
    const tickets = await db().select().from(kitchenTickets).where(inArray(kitchenTickets.orderId, orderIds));
    expect(tickets).toHaveLength(48);
    for (const answer of answers.slice(0, 24)) {
      const own = tickets.filter((t) => t.orderId === answer.body.orderId).map((t) => t.id);
      expect(own.sort()).toEqual([...answer.body.ticketIds].sort());
    }
    // The venue's counter gave this burst one unbroken run of numbers.
    const numbers = tickets.map((t) => t.ticketNumber).sort((a, b) => a - b);
    expect(numbers[numbers.length - 1] - numbers[0]).toBe(47);
    expect(new Set(numbers).size).toBe(48);
    const sessions = await db()
      .select()
      .from(tableSessions)
      .where(
        inArray(
          tableSessions.tableId,
          tables.map((t) => t.id),
        ),
      );
    expect(sessions).toHaveLength(3);
    expect(await db().select().from(orders).where(eq(orders.tableId, tables[0].id))).toHaveLength(8);
  });

  it("bursts of several venues at once, written together, give each venue its own unbroken run of ticket numbers", async () => {
    // Eight venues in a row cover every lane of venues (ids modulo the lanes) at least twice, so
    // some statements carry orders of several venues.
    const venues = [];
    for (let i = 0; i < 8; i++) venues.push(await buildRunningVenue(db()));
    const guests = await Promise.all(venues.map(async (v) => ({ v, token: await api.seatedGuest(v.table.id) })));
    const sends = [1, 2, 3, 4, 5].flatMap((i) =>
      guests.map(({ v, token }) =>
        order(
          v.table.id,
          [
            { id: v.salad.id, quantity: 1 },
            { id: v.coffee.id, quantity: 1 },
          ],
          token,
          `venues-${process.pid}-${v.venue.id}-${i}`,
        ),
      ),
    );
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));

    for (const v of venues) {
      const own = answers.filter((_, i) => guests[i % guests.length].v === v);
      const tickets = await db()
        .select()
        .from(kitchenTickets)
        .where(
          inArray(
            kitchenTickets.orderId,
            own.map((a) => a.body.orderId),
          ),
        );
      expect(tickets).toHaveLength(10);
      expect(new Set(tickets.map((t) => t.retailerId))).toEqual(new Set([v.venue.id]));
      for (const answer of own) {
        const mine = tickets.filter((t) => t.orderId === answer.body.orderId).map((t) => t.id);
        expect(mine.sort()).toEqual([...answer.body.ticketIds].sort());
      }
      const numbers = tickets.map((t) => t.ticketNumber).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => numbers[0] + i));
      const written = await db().select().from(orders).where(eq(orders.tableId, v.table.id));
      expect(written).toHaveLength(5);
    }
  });

  it("an order for a table deleted meanwhile is table_not_found and writes nothing", async () => {
    const table = await buildTable(db(), venue.venue.id);
    const guest = await api.seatedGuest(table.id);
    await db().update(diningTables).set({ deletedAt: new Date() }).where(eq(diningTables.id, table.id));
    const sent = await order(table.id, [salad()], guest);
    expect([403, 404]).toContain(sent.status);
    expect(await db().select().from(orders).where(eq(orders.tableId, table.id))).toEqual([]);
  });
});
