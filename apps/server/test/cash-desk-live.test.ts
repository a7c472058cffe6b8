import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderProducts, payments } from "../src/db/schema.ts";
import { buildBackOfficeVenue, buildTable } from "./support/factories.ts";
import { orderAtNewTable } from "./support/orders.ts";
import { listen, type TestListener, trySubscribe } from "./support/stomp-client.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, startVenueServer } from "./support/venue-server.ts";

/**
 * The cash desk live (spec 3 §7.6) over real STOMP, and the races the issue names: the till and a
 * waiter collecting the same pieces, a guest paying online while the till completes, two tills
 * billing one table, two tills opening take-aways at once. Each piece is paid once and billed
 * once; the loser gets a keyed error.
 */

type Venue = Awaited<ReturnType<typeof buildBackOfficeVenue>>;

let server: TestServer, api: ApiClient, venue: Venue, desk: string, waiter: string;
let other: Venue;

beforeAll(async () => {
  [server, api, venue, desk, waiter] = await startVenueServer(buildBackOfficeVenue, ["cashDesk", "waiter"]);
  other = await buildBackOfficeVenue(server.database.db);
});
afterAll(async () => server?.close());

const errorOf = (answer: { headers: Headers }) => answer.headers.get("x-app-error");
const db = () => server.database.db;
const zero = { discountAmount: 0, cardAmount: 0, cashAmount: 0, onCreditAmount: 0, isGift: false };

/** A fresh table of the venue whose guest ordered 2 salads (9.50 €) and 3 waters (1 €). */
const tableWithOrder = (on: Venue = venue) => orderAtNewTable(api, db(), on);

const unitsOfOrder = (orderId: number) =>
  db().select().from(orderProducts).where(eq(orderProducts.orderId, orderId)).orderBy(orderProducts.id);

async function listenAll(token: string) {
  const names = ["cash-desk-status", "cash-desk-tables", "cash-desk-take-away", "cash-desk-prep-areas", "order-history"] as const;
  const entries = await Promise.all(
    names.map(async (n) => [n, await listen(server.wsUrl, token, `/user/queue/admin/${n}`)] as const),
  );
  const listeners = Object.fromEntries(entries) as Record<(typeof names)[number], TestListener>;
  return { ...listeners, close: () => Promise.all(entries.map(([, l]) => l.close())) };
}

describe("live cash desk", () => {
  it("only the venue's desk may subscribe", async () => {
    for (const queue of ["cash-desk-status", "cash-desk-tables", "order-history"]) {
      const destination = `/user/queue/admin/${queue}`;
      expect(await trySubscribe(server.wsUrl, desk, destination)).toBe("subscribed");
      expect(await trySubscribe(server.wsUrl, waiter, destination)).not.toBe("subscribed");
      expect(await trySubscribe(server.wsUrl, await api.guest(), destination)).not.toBe("subscribed");
    }
  });

  it("a guest's order brings the card, the status, the areas and the history ticket; a payment and a bill change the card", async () => {
    const live = await listenAll(desk);
    const foreign = await listen(server.wsUrl, await api.login(other.cashDesk.login), "/user/queue/admin/cash-desk-tables");
    try {
      const { table, orderId } = await tableWithOrder();
      const card = await live["cash-desk-tables"].next((m: any) => m.type === "CARD" && m.card.id === table.id);
      expect(card.card).toEqual({
        id: table.id,
        name: table.label,
        itemCount: 5,
        totalAmount: 2200,
        unpaidAmount: 2200,
        hasUnbilled: true,
        isActive: true,
      });
      // The venue's areas have no printer: nothing waits to be printed.
      expect(await live["cash-desk-status"].next((m: any) => m.hasUnbilled === true)).toMatchObject({ hasUnprinted: false });
      const areas = await live["cash-desk-prep-areas"].next((m: any) =>
        m.some((a: any) => a.id === venue.kitchen.id && a.itemCount >= 2),
      );
      expect(areas.every((a: any) => typeof a.orderCount === "number")).toBe(true);
      const history = await live["order-history"].next((m: any) => m.ticket.ticketId === orderId);
      expect(history).toMatchObject({ type: "HISTORY_TICKET", ticket: { quantity: 5, tableName: table.label } });

      const [salad] = await unitsOfOrder(orderId);
      const paid = await api.post(
        `/api/feed/table/${table.id}/complete-orders`,
        { ...zero, cashAmount: 950, itemsCount: [{ orderProductId: salad.id, quantity: 1 }] },
        waiter,
      );
      expect(paid.status).toBe(200);
      await live["cash-desk-tables"].next(
        (m: any) => m.type === "CARD" && m.card.id === table.id && m.card.unpaidAmount === 1250,
      );
      await live["order-history"].next(
        (m: any) => m.ticket.ticketId === orderId && m.ticket.products.some((p: any) => p.paymentStatus === "PAID"),
      );

      expect((await api.put(`/api/cash-desk/table/${table.id}/bill`, {}, desk)).status).toBe(200);
      await live["cash-desk-tables"].next(
        (m: any) => m.type === "CARD" && m.card.id === table.id && m.card.hasUnbilled === false,
      );

      const takeAway = (await api.post("/api/cash-desk/take-away", {}, desk)).body;
      const added = await live["cash-desk-take-away"].next((m: any) => m.card?.id === takeAway.takeAwayId);
      expect(added.card).toMatchObject({ name: takeAway.takeAwayLabel, isActive: false, itemCount: 0 });

      const sale = await api.post(
        "/api/feed/issue-receipt",
        { source: "TAKE_AWAY", cashAmount: 1000, sections: [{ sectionVat: 24, sectionAmount: 1000, sectionType: "GOOD" }] },
        desk,
      );
      await live["order-history"].next((m: any) => m.ticket.ticketId === sale.body.ticketId && m.ticket.isRegistered);

      // Nothing of this venue reached the other venue's desk.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(foreign.messages).toEqual([]);
    } finally {
      await foreign.close();
      await live.close();
    }
  });

  it("another order at a busy table sends only that order's history ticket, never the table's whole bill again", async () => {
    const { table, guest, orderId: first } = await tableWithOrder();
    const history = await listen(server.wsUrl, desk, "/user/queue/admin/order-history");
    try {
      const second = await api.post(`/api/orders/${table.id}`, [{ id: venue.water.id, quantity: 1 }], guest);
      expect(second.status).toBe(200);
      await history.next((m: any) => m.ticket.ticketId === second.body.orderId);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const sent = history.messages.map((m: any) => m.ticket.ticketId);
      expect(sent).toEqual([second.body.orderId]);
      expect(sent).not.toContain(first);
    } finally {
      await history.close();
    }
  });

  it("a burst of orders is rendered once per venue, not once per order", async () => {
    const live = await listenAll(desk);
    try {
      const tables = await Promise.all([1, 2, 3, 4, 5, 6].map(() => buildTable(db(), venue.venue.id)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = live["cash-desk-status"].messages.length;
      await Promise.all(tables.map((t) => api.post(`/api/orders/${t.id}`, [{ id: venue.coffee.id, quantity: 1 }], waiter)));
      for (const t of tables) {
        await live["cash-desk-tables"].next((m: any) => m.type === "CARD" && m.card.id === t.id && m.card.itemCount === 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(live["cash-desk-status"].messages.length - before).toBeLessThan(tables.length);
    } finally {
      await live.close();
    }
  });
});

describe("races at the till", () => {
  it("the till and a waiter collecting the same pieces at once: one pays, the other is already_paid", async () => {
    const { table, orderId } = await tableWithOrder();
    const body = { ...zero, cashAmount: 2200 };
    const answers = await Promise.all([
      api.post(`/api/feed/table/${table.id}/complete-orders?payAll=true`, body, desk),
      api.post(`/api/feed/table/${table.id}/complete-orders?payAll=true`, body, waiter),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(errorOf(answers.find((a) => a.status === 400) as (typeof answers)[number])).toBe("error.already_paid");
    const units = await unitsOfOrder(orderId);
    expect(new Set(units.map((u) => u.paymentId)).size).toBe(1);
    expect(units.every((u) => u.paymentStatus === "PAID")).toBe(true);
    const recorded = await db().select().from(payments).where(eq(payments.tableId, table.id));
    expect(recorded.filter((p) => p.status === "COMPLETED")).toHaveLength(1);
  });

  it("a guest paying online while the till completes the table: the pieces are paid once", async () => {
    const { table, guest, orderId } = await tableWithOrder();
    const units = await unitsOfOrder(orderId);
    const itemsCount = units.map((u) => ({ orderProductId: u.id, quantity: 1 }));
    const [online, till] = await Promise.all([
      api.post(`/api/orders/${table.id}/pay`, { itemsCount }, guest),
      api.post(`/api/feed/table/${table.id}/complete-orders?payAll=true`, { ...zero, cashAmount: 2200 }, desk),
    ]);
    const after = await unitsOfOrder(orderId);
    if (till.status === 200) {
      // The till was first: everything is paid by it, and the guest's payment could not start.
      expect(online.status).toBe(400);
      expect(after.every((u) => u.paymentStatus === "PAID" && u.paymentId === till.body.paymentId)).toBe(true);
    } else {
      // The guest was first: the pieces are held for the guest, and the till is told so.
      expect(errorOf(till)).toBe("error.active_payment_exists");
      expect(online.status).toBe(200);
      expect(after.every((u) => u.paymentStatus === "UNPAID")).toBe(true);
    }
  });

  it("two tills billing one table: each piece billed once, the second gets nothing_to_bill", async () => {
    const { table, orderId } = await tableWithOrder();
    const otherTill = await api.login(venue.admin.login);
    const answers = await Promise.all([
      api.put(`/api/cash-desk/table/${table.id}/bill`, {}, desk),
      api.put(`/api/cash-desk/table/${table.id}/bill`, {}, otherTill),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const loser = answers.find((a) => a.status === 400) as (typeof answers)[number];
    expect(errorOf(loser)).toBe("error.nothing_to_bill");
    expect(answers.find((a) => a.status === 200)?.body.billedCount).toBe(5);
    expect((await unitsOfOrder(orderId)).every((u) => u.billed)).toBe(true);
  });

  it("tills creating take-aways at the same moment get different labels", async () => {
    const fresh = await buildBackOfficeVenue(db());
    const tills = [await api.login(fresh.cashDesk.login), await api.login(fresh.admin.login)];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.post("/api/cash-desk/take-away", {}, tills[i % 2])),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const labels = answers.map((a) => Number(a.body.takeAwayLabel)).sort((a, b) => a - b);
    expect(labels).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const ids = answers.map((a) => a.body.takeAwayId);
    const units = await db().select().from(orderProducts).where(inArray(orderProducts.tableId, ids));
    expect(units).toEqual([]);
  });
});
