import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cardTerminals,
  diningTables,
  documents,
  kitchenTickets,
  orderProducts,
  orders,
  payments,
  preparationAreas,
  products,
  retailers,
} from "../src/db/schema.ts";
import { todayInAthens } from "../src/features/cash-desk/business-day.ts";
import { buildBackOfficeVenue, buildProduct, buildTable } from "./support/factories.ts";
import { orderAtNewTable } from "./support/orders.ts";
import { listen } from "./support/stomp-client.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, startVenueServer } from "./support/venue-server.ts";

/**
 * The cash desk over real HTTP (spec 3 §2.3, §3, §5, §7.2, §7.4): cards, bills, take-aways, the
 * register, the history and its documents, the venue's print settings; every call with bad
 * input and the role matrix (another venue's desk gets 404 for every id of this one).
 */

type Venue = Awaited<ReturnType<typeof buildBackOfficeVenue>>;

let server: TestServer, api: ApiClient, venue: Venue, desk: string, admin: string, waiter: string, cook: string;
let other: Venue;
let otherDesk: string;

beforeAll(async () => {
  [server, api, venue, desk, admin, waiter, cook] = await startVenueServer(
    buildBackOfficeVenue,
    ["cashDesk", "admin", "waiter", "cook"],
    {
      env: { CARD_TERMINAL_POLL_MS: "50" },
    },
  );
  other = await buildBackOfficeVenue(server.database.db);
  otherDesk = await api.login(other.cashDesk.login);
});
afterAll(async () => server?.close());

const errorOf = (answer: { headers: Headers }) => answer.headers.get("x-app-error");
const db = () => server.database.db;

/** Gives every preparation area of the venue a printer, whose tickets then wait to be printed. */
async function withPrinters(on: Venue) {
  await db().update(preparationAreas).set({ printerIp: "192.168.1.50" }).where(eq(preparationAreas.retailerId, on.venue.id));
}

/** A fresh table of the venue whose guest ordered 2 salads (9.50 €) and 3 waters (1 €). */
const tableWithOrder = (on: Venue = venue) => orderAtNewTable(api, db(), on);

const unitsOfOrder = (orderId: number) =>
  db().select().from(orderProducts).where(eq(orderProducts.orderId, orderId)).orderBy(orderProducts.id);
const cardOf = async (tableId: number, token = desk, path = "/api/cash-desk/tables") =>
  (await api.get(path, token)).body.find((c: any) => c.id === tableId);

describe("who reaches the cash desk", () => {
  const reads = [
    "/api/cash-desk/cash-desk-status",
    "/api/cash-desk/tables",
    "/api/cash-desk/take-away",
    "/api/cash-desk/prep-areas",
    "/api/admin/ip",
    "/api/admin/order-history",
  ];
  it("the venue's cash desk and admin read it; waiter, cook, guest and anonymous are refused", async () => {
    const guest = await api.guest();
    for (const path of reads) {
      expect((await api.get(path, desk)).status, path).toBe(200);
      expect((await api.get(path, admin)).status, path).toBe(200);
      expect((await api.get(path, waiter)).status, path).toBe(403);
      expect((await api.get(path, cook)).status, path).toBe(403);
      expect((await api.get(path, guest)).status, path).toBe(403);
      expect((await api.get(path)).status, path).toBe(401);
    }
    const { table } = await tableWithOrder();
    for (const token of [waiter, cook, guest]) {
      expect((await api.put(`/api/cash-desk/table/${table.id}/bill`, {}, token)).status).toBe(403);
      expect((await api.post("/api/cash-desk/take-away", {}, token)).status).toBe(403);
      const sale = {
        source: "TAKE_AWAY",
        cashAmount: 500,
        sections: [{ sectionVat: 24, sectionAmount: 500, sectionType: "GOOD" }],
      };
      expect((await api.post("/api/feed/issue-receipt", sale, token)).status).toBe(403);
    }
    expect((await api.put(`/api/cash-desk/table/${table.id}/bill`, {})).status).toBe(401);
  });

  it("venue B's cash desk cannot read or touch venue A's cards, take-aways, tickets or history by id", async () => {
    const { table, orderId, ticketIds } = await tableWithOrder();
    const takeAway = (await api.post("/api/cash-desk/take-away", {}, desk)).body;
    expect((await api.get("/api/cash-desk/tables", otherDesk)).body.map((c: any) => c.id)).not.toContain(table.id);
    expect((await api.get("/api/cash-desk/take-away", otherDesk)).body.map((c: any) => c.id)).not.toContain(takeAway.takeAwayId);
    for (const id of [table.id, takeAway.takeAwayId]) {
      const billed = await api.put(`/api/cash-desk/table/${id}/bill`, {}, otherDesk);
      expect(billed.status).toBe(404);
    }
    expect((await api.get(`/api/orders/${orderId}/invoices`, otherDesk)).status).toBe(404);
    expect((await api.post(`/api/feed/admin/ticket/${ticketIds[0]}/print`, {}, otherDesk)).status).toBe(404);
    const history = (await api.get("/api/admin/order-history", otherDesk)).body;
    expect(history.map((t: any) => t.ticketId)).not.toContain(orderId);
    const foreignSale = {
      source: "DINE_IN",
      tableId: table.id,
      cashAmount: 500,
      sections: [{ sectionVat: 24, sectionAmount: 500, sectionType: "GOOD" }],
    };
    expect((await api.post("/api/feed/issue-receipt", foreignSale, otherDesk)).status).toBe(404);
    // Nothing of venue A changed.
    expect((await unitsOfOrder(orderId)).every((u) => !u.billed)).toBe(true);
  });

  it("junk ids are a 400, unknown ones a 404", async () => {
    expect((await api.put("/api/cash-desk/table/abc/bill", {}, desk)).status).toBe(400);
    expect((await api.put("/api/cash-desk/table/-3/bill", {}, desk)).status).toBe(400);
    expect((await api.put("/api/cash-desk/table/999999/bill", {}, desk)).status).toBe(404);
    expect((await api.get("/api/orders/0/invoices", desk)).status).toBe(400);
    expect((await api.get("/api/orders/999999/invoices", desk)).status).toBe(404);
    expect((await api.post("/api/feed/admin/ticket/xyz/print", {}, desk)).status).toBe(400);
    expect((await api.post("/api/feed/admin/ticket/999999/print", {}, desk)).status).toBe(404);
  });
});

describe("cards and status", () => {
  it("a table's card shows the open bill: pieces not cancelled, gifts at 0, discounts off, unpaid, unbilled", async () => {
    const { table, orderId } = await tableWithOrder();
    let card = await cardOf(table.id);
    expect(card).toEqual({
      id: table.id,
      name: table.label,
      itemCount: 5,
      totalAmount: 2200,
      unpaidAmount: 2200,
      hasUnbilled: true,
      isActive: true,
    });
    const units = await unitsOfOrder(orderId);
    const [salad1, salad2, water1, water2] = units;
    // A water is cancelled, a salad given away, a water paid with 0.50 € off.
    await db().update(orderProducts).set({ paymentStatus: "CANCELLED" }).where(eq(orderProducts.id, water1.id));
    await db().update(orderProducts).set({ paymentStatus: "GIFT" }).where(eq(orderProducts.id, salad1.id));
    await db().update(orderProducts).set({ paymentStatus: "PAID", discountCents: 50 }).where(eq(orderProducts.id, water2.id));
    card = await cardOf(table.id);
    expect(card).toMatchObject({ itemCount: 4, totalAmount: 950 + 50 + 100, unpaidAmount: 950 + 100, isActive: true });
    expect(salad2.unitPriceCents).toBe(950);
  });

  it("lists every live table of the venue in its order, idle ones inactive; deleted ones and take-aways are not there", async () => {
    const idle = await buildTable(db(), venue.venue.id, { sortOrder: -10 });
    const gone = await buildTable(db(), venue.venue.id, { deletedAt: new Date() });
    const takeAway = (await api.post("/api/cash-desk/take-away", {}, desk)).body;
    const cards = (await api.get("/api/cash-desk/tables", desk)).body;
    expect(cards[0]).toEqual({
      id: idle.id,
      name: idle.label,
      itemCount: 0,
      totalAmount: 0,
      unpaidAmount: 0,
      hasUnbilled: false,
      isActive: false,
    });
    const ids = cards.map((c: any) => c.id);
    expect(ids).toContain(venue.table.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(takeAway.takeAwayId);
  });

  it("the status tells unbilled tables, unbilled take-aways and unprinted tickets apart", async () => {
    const fresh = await buildBackOfficeVenue(db());
    const freshDesk = await api.login(fresh.cashDesk.login);
    const status = () => api.get("/api/cash-desk/cash-desk-status", freshDesk).then((r) => r.body);
    expect(await status()).toEqual({ hasUnbilled: false, hasUnbilledTakeAway: false, hasUnprinted: false });
    // Areas without a printer print nothing, so their tickets never wait on paper.
    const unprinted = await tableWithOrder(fresh);
    expect(await status()).toEqual({ hasUnbilled: true, hasUnbilledTakeAway: false, hasUnprinted: false });
    await api.put(`/api/cash-desk/table/${unprinted.table.id}/bill`, {}, freshDesk);
    await withPrinters(fresh);
    const { table, ticketIds } = await tableWithOrder(fresh);
    expect(await status()).toEqual({ hasUnbilled: true, hasUnbilledTakeAway: false, hasUnprinted: true });
    for (const id of unprinted.ticketIds) await api.post(`/api/feed/admin/ticket/${id}/print`, {}, freshDesk);
    expect((await api.put(`/api/cash-desk/table/${table.id}/bill`, {}, freshDesk)).status).toBe(200);
    for (const id of ticketIds) expect((await api.post(`/api/feed/admin/ticket/${id}/print`, {}, freshDesk)).status).toBe(200);
    expect(await status()).toEqual({ hasUnbilled: false, hasUnbilledTakeAway: false, hasUnprinted: false });
    const takeAway = (await api.post("/api/cash-desk/take-away", {}, freshDesk)).body;
    await db().update(products).set({ hasTakeAwayPrice: true, takeAwayPriceCents: 300 }).where(eq(products.id, fresh.coffee.id));
    await server.events.publish({ type: "catalog.changed", retailerId: fresh.venue.id });
    const ordered = await api.post(`/api/orders/${takeAway.takeAwayId}`, [{ id: fresh.coffee.id, quantity: 1 }], freshDesk);
    expect(ordered.status).toBe(200);
    expect(await status()).toMatchObject({ hasUnbilled: false, hasUnbilledTakeAway: true, hasUnprinted: true });
  });

  it("prep-area cards count open tickets, their pieces and what is still to prepare; printing clears hasUnprinted", async () => {
    const fresh = await buildBackOfficeVenue(db());
    const freshDesk = await api.login(fresh.cashDesk.login);
    await withPrinters(fresh);
    const { ticketIds } = await tableWithOrder(fresh);
    const cards = (await api.get("/api/cash-desk/prep-areas", freshDesk)).body;
    const kitchen = cards.find((c: any) => c.id === fresh.kitchen.id);
    expect(kitchen).toEqual({
      id: fresh.kitchen.id,
      name: "Kitchen",
      isActive: true,
      hasUnprinted: true,
      orderCount: 1,
      itemCount: 2,
      preparationCount: 2,
      printerIp: "192.168.1.50",
    });
    expect(cards.find((c: any) => c.id === fresh.bar.id)).toMatchObject({ orderCount: 0, itemCount: 0, hasUnprinted: false });
    const cookToken = await api.login(fresh.cook.login);
    const [ticket] = await db().select().from(kitchenTickets).where(inArray(kitchenTickets.id, ticketIds));
    const [unit] = await db().select().from(orderProducts).where(eq(orderProducts.ticketId, ticket.id));
    expect(
      (await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare-products`, { orderProductIds: [unit.id] }, cookToken))
        .status,
    ).toBe(200);
    expect((await api.post(`/api/feed/admin/ticket/${ticket.id}/print`, {}, freshDesk)).body).toEqual({});
    const after = (await api.get("/api/cash-desk/prep-areas", freshDesk)).body.find((c: any) => c.id === fresh.kitchen.id);
    expect(after).toMatchObject({ hasUnprinted: false, orderCount: 1, itemCount: 2, preparationCount: 1 });
    // The cook cannot use the desk's print call, the waiter neither.
    expect((await api.post(`/api/feed/admin/ticket/${ticket.id}/print`, {}, cookToken)).status).toBe(403);
    expect((await api.post(`/api/feed/admin/ticket/${ticket.id}/print`, {}, waiter)).status).toBe(403);
  });

  it("api/admin/ip answers the print agent, the venue's printer and its name", async () => {
    await db()
      .update(retailers)
      .set({ printServiceUrl: "ws://192.168.1.20:8765", printerIp: "192.168.1.30" })
      .where(eq(retailers.id, venue.venue.id));
    const answer = await api.get("/api/admin/ip", desk);
    expect(answer.body).toEqual({
      address: "ws://192.168.1.20:8765",
      printerIp: "192.168.1.30",
      venueName: venue.venue.name,
      printServiceSeen: false,
    });
    expect((await api.get("/api/admin/ip", otherDesk)).body.venueName).toBe(other.venue.name);
  });

  it("remembers that a venue's screens printed through a print agent: a claim or a printed mark, never another venue's", async () => {
    const fresh = await buildBackOfficeVenue(db());
    const freshDesk = await api.login(fresh.cashDesk.login);
    const seen = async (token: string) => (await api.get("/api/admin/ip", token)).body.printServiceSeen;
    await withPrinters(fresh);
    const { ticketIds } = await tableWithOrder(fresh);
    expect(await seen(freshDesk)).toBe(false);
    const cookToken = await api.login(fresh.cook.login);
    const claimed = await api.post(
      `/api/feed/kitchen/ticket/${ticketIds[0]}/print-claim`,
      { screenId: "kitchen-tab-1" },
      cookToken,
    );
    expect(claimed.body).toEqual({ claimed: true });
    expect(await seen(freshDesk)).toBe(true);
    expect(await seen(otherDesk)).toBe(false);

    // The desk printing an area's ticket counts as much.
    const second = await buildBackOfficeVenue(db());
    const secondDesk = await api.login(second.cashDesk.login);
    await withPrinters(second);
    const { ticketIds: secondTickets } = await tableWithOrder(second);
    expect((await api.post(`/api/feed/admin/ticket/${secondTickets[0]}/print`, {}, secondDesk)).body).toEqual({});
    expect(await seen(secondDesk)).toBe(true);
  });
});

describe("billing a table", () => {
  it("marks the unbilled pieces billed and answers the bill: no cancelled pieces, gifts at 0, discounts off", async () => {
    const { table, orderId } = await tableWithOrder();
    const [salad1, , water1, water2] = await unitsOfOrder(orderId);
    await db().update(orderProducts).set({ paymentStatus: "CANCELLED" }).where(eq(orderProducts.id, water1.id));
    await db().update(orderProducts).set({ paymentStatus: "GIFT" }).where(eq(orderProducts.id, salad1.id));
    await db().update(orderProducts).set({ discountCents: 30 }).where(eq(orderProducts.id, water2.id));
    const bill = await api.put(`/api/cash-desk/table/${table.id}/bill`, {}, desk);
    expect(bill.status).toBe(200);
    expect(bill.body).toMatchObject({
      tableId: table.id,
      tableName: table.label,
      serviceMode: "DINE_IN",
      venueName: venue.venue.name,
      discountAmount: 30,
      totalAmount: 950 + 200 - 30,
      billedCount: 4,
    });
    expect(bill.body.lines).toEqual(
      expect.arrayContaining([
        // Ordered without its basic ingredients: the bill says so, as the kitchen saw it.
        { name: "Χωριάτικη (χωρίς Κρεμμύδι, χωρίς Ελιές)", quantity: 1, unitPrice: 0, amount: 0, isGift: true },
        { name: "Χωριάτικη (χωρίς Κρεμμύδι, χωρίς Ελιές)", quantity: 1, unitPrice: 950, amount: 950, isGift: false },
        { name: "Νερό", quantity: 2, unitPrice: 100, amount: 200, isGift: false },
      ]),
    );
    expect(bill.body.lines).toHaveLength(3);
    const units = await unitsOfOrder(orderId);
    expect(units.filter((u) => u.billed).map((u) => u.id)).toEqual(units.filter((u) => u.id !== water1.id).map((u) => u.id));
    expect((await cardOf(table.id)).hasUnbilled).toBe(false);
    // Billing again with nothing new is refused; a new order can be billed again.
    const again = await api.put(`/api/cash-desk/table/${table.id}/bill`, {}, desk);
    expect(again.status).toBe(400);
    expect(errorOf(again)).toBe("error.nothing_to_bill");
  });

  it("an empty table and a deleted one cannot be billed", async () => {
    const empty = await buildTable(db(), venue.venue.id);
    const answer = await api.put(`/api/cash-desk/table/${empty.id}/bill`, {}, desk);
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toBe("error.nothing_to_bill");
    const { table } = await tableWithOrder();
    await db().update(diningTables).set({ deletedAt: new Date() }).where(eq(diningTables.id, table.id));
    expect((await api.put(`/api/cash-desk/table/${table.id}/bill`, {}, desk)).status).toBe(404);
  });
});

describe("take-aways", () => {
  it("opens take-aways numbered per venue and day; guests cannot reach them; they are listed on the take-away tab only", async () => {
    const fresh = await buildBackOfficeVenue(db());
    const freshDesk = await api.login(fresh.cashDesk.login);
    const first = await api.post("/api/cash-desk/take-away", {}, freshDesk);
    const second = await api.post("/api/cash-desk/take-away", {}, freshDesk);
    expect(first.status).toBe(200);
    expect(first.body.takeAwayLabel).toBe("1");
    expect(second.body.takeAwayLabel).toBe("2");
    const [row] = await db().select().from(diningTables).where(eq(diningTables.id, first.body.takeAwayId));
    expect(row).toMatchObject({ kind: "TAKE_AWAY", retailerId: fresh.venue.id, businessDay: todayInAthens() });
    // Another venue counts on its own.
    expect((await api.post("/api/cash-desk/take-away", {}, otherDesk)).body.takeAwayLabel).not.toBe(undefined);

    const guest = await api.guest();
    expect((await api.post(`/api/cq-table/check-in/${row.id}`, {}, guest)).status).toBe(404);
    expect((await api.get(`/api/cq-table/code/${row.code}`, guest)).status).toBe(404);
    const listed = (await api.get("/api/cash-desk/take-away", freshDesk)).body;
    expect(listed.map((c: any) => c.id)).toEqual([second.body.takeAwayId, first.body.takeAwayId]);
    expect((await api.get("/api/crm/tables", await api.login(fresh.admin.login))).body.map((t: any) => t.id)).not.toContain(
      row.id,
    );
    // A bill does not move into a take-away.
    const { table } = await tableWithOrder(fresh);
    const moved = await api.post("/api/feed/transfer-table", { tableId: table.id, targetTableId: row.id }, freshDesk);
    expect(moved.status).toBe(404);
  });

  it("orders at take-away prices, only what is on for take-away, and the kitchen sees TAKE_AWAY", async () => {
    const fresh = await buildBackOfficeVenue(db());
    const freshDesk = await api.login(fresh.cashDesk.login);
    const pie = await buildProduct(
      db(),
      fresh.venue.id,
      {
        categoryId: fresh.category.id,
        name: "Πίτα",
        priceCents: 400,
        hasTakeAwayPrice: true,
        takeAwayPriceCents: 350,
        preparationAreaId: fresh.kitchen.id,
      },
      { extras: [{ name: "Τυρί", price: 50 }] },
    );
    const takeAway = (await api.post("/api/cash-desk/take-away", {}, freshDesk)).body;
    const menu = await api.get("/api/feed/menu?serviceMode=TAKE_AWAY", freshDesk);
    expect(menu.status).toBe(200);
    const listed = menu.body.flatMap((c: any) => c.products);
    expect(listed.map((p: any) => p.id)).toEqual([pie.id]);
    expect(listed[0].price).toBe(350);
    expect((await api.get("/api/feed/menu?serviceMode=BOTH", freshDesk)).status).toBe(400);

    const refused = await api.post(`/api/orders/${takeAway.takeAwayId}`, [{ id: fresh.salad.id, quantity: 1 }], freshDesk);
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toBe("error.inactive_product");
    const sent = await api.post(
      `/api/orders/${takeAway.takeAwayId}`,
      [{ id: pie.id, quantity: 2, extraIngredientIds: [pie.extras[0].id] }],
      freshDesk,
    );
    expect(sent.status).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.id, sent.body.orderId));
    expect(order).toMatchObject({ serviceMode: "TAKE_AWAY", senderType: "CASH_DESK" });
    const units = await unitsOfOrder(order.id);
    expect(units.map((u) => u.unitPriceCents)).toEqual([400, 400]);
    const feed = await api.get(`/api/feed/kitchen?id=${fresh.kitchen.id}`, freshDesk);
    const ticket = feed.body.tickets.find((t: any) => t.id === sent.body.ticketIds[0]);
    expect(ticket).toMatchObject({ serviceMode: "TAKE_AWAY", tableName: takeAway.takeAwayLabel });
    // Switched off for take-away: refused, even though it is on for dine-in.
    await db().update(products).set({ takeAwayActive: false }).where(eq(products.id, pie.id));
    await server.events.publish({ type: "catalog.changed", retailerId: fresh.venue.id });
    const off = await api.post(`/api/orders/${takeAway.takeAwayId}`, [{ id: pie.id, quantity: 1 }], freshDesk);
    expect(errorOf(off)).toBe("error.inactive_product");
    // The take-away's card and bill.
    const card = await cardOf(takeAway.takeAwayId, freshDesk, "/api/cash-desk/take-away");
    expect(card).toMatchObject({ name: takeAway.takeAwayLabel, itemCount: 2, totalAmount: 800, hasUnbilled: true });
    const bill = await api.put(`/api/cash-desk/table/${takeAway.takeAwayId}/bill`, {}, freshDesk);
    expect(bill.body).toMatchObject({ serviceMode: "TAKE_AWAY", totalAmount: 800, billedCount: 2 });
    expect(bill.body.lines).toEqual([{ name: "Πίτα (+Τυρί)", quantity: 2, unitPrice: 400, amount: 800, isGift: false }]);
  });
});

const section = (sectionAmount: number, sectionVat = 24, sectionType = "GOOD") => ({ sectionVat, sectionAmount, sectionType });

describe("the cash register", () => {
  it("sells by VAT sections, paid in cash and card at once; the history lists it as a register sale", async () => {
    const sale = await api.post(
      "/api/feed/issue-receipt",
      { source: "TAKE_AWAY", cashAmount: 1000, cardAmount: 480, discountAmount: 20, sections: [section(1000), section(500, 13)] },
      desk,
    );
    expect(sale.status).toBe(200);
    expect(sale.body).toMatchObject({ status: "COMPLETED", paidAmount: 1480 });
    const [order] = await db().select().from(orders).where(eq(orders.id, sale.body.ticketId));
    expect(order).toMatchObject({ kind: "REGISTER", tableId: null, sessionId: null, serviceMode: "TAKE_AWAY" });
    const [payment] = await db().select().from(payments).where(eq(payments.id, sale.body.paymentId));
    expect(payment).toMatchObject({ orderId: order.id, status: "COMPLETED", amountCents: 1480, cashCents: 1000, cardCents: 480 });
    const history = (await api.get("/api/admin/order-history", desk)).body;
    const ticket = history.find((t: any) => t.ticketId === order.id);
    expect(ticket).toMatchObject({ isRegistered: true, isPrinted: false, serviceMode: "TAKE_AWAY", quantity: 2, tableName: "" });
    expect(ticket.products).toEqual([
      {
        name: "ΦΠΑ 24%",
        price: 1000,
        quantity: 1,
        paymentStatus: "PAID",
        onCredit: false,
        creditDebtor: null,
        hasDiscount: true,
      },
      { name: "ΦΠΑ 13%", price: 500, quantity: 1, paymentStatus: "PAID", onCredit: false, creditDebtor: null, hasDiscount: true },
    ]);
    expect((await api.get(`/api/orders/${order.id}/invoices`, desk)).body).toEqual([]);
  });

  it("takes spec 3's register receipt request as it stands: a dine-in sale without a table", async () => {
    // Spec 3 §3's fields, nothing more: the request names no table.
    const payload = {
      discountAmount: 0,
      cardAmount: 0,
      cashAmount: 2000,
      source: "DINE_IN",
      selectedTerminalId: null,
      sections: [{ sectionVat: 24, sectionAmount: 2000, sectionType: "GOOD" }],
    };
    const sale = await api.post("/api/feed/issue-receipt", payload, desk);
    expect(sale.status).toBe(200);
    expect(sale.body).toMatchObject({ status: "COMPLETED", paidAmount: 2000 });
    const [order] = await db().select().from(orders).where(eq(orders.id, sale.body.ticketId));
    expect(order).toMatchObject({ kind: "REGISTER", tableId: null, serviceMode: "DINE_IN" });
    const history = (await api.get("/api/admin/order-history", desk)).body;
    expect(history.find((t: any) => t.ticketId === order.id)).toMatchObject({ serviceMode: "DINE_IN", tableName: "" });
  });

  it("a dine-in sale's table, when named, is a live table of the venue; other sources take none", async () => {
    const sale = (body: Record<string, unknown>) =>
      api.post("/api/feed/issue-receipt", { cashAmount: 500, sections: [section(500)], ...body }, desk);
    expect((await sale({ source: "DINE_IN", tableId: other.table.id })).status).toBe(404);
    const gone = await buildTable(db(), venue.venue.id, { deletedAt: new Date() });
    expect((await sale({ source: "DINE_IN", tableId: gone.id })).status).toBe(404);
    const takeAway = (await api.post("/api/cash-desk/take-away", {}, desk)).body;
    expect((await sale({ source: "DINE_IN", tableId: takeAway.takeAwayId })).status).toBe(404);
    expect((await sale({ source: "DELIVERY", tableId: venue.table.id })).status).toBe(400);
    const ok = await sale({ source: "DINE_IN", tableId: venue.table.id });
    expect(ok.status).toBe(200);
    const history = (await api.get("/api/admin/order-history", desk)).body;
    expect(history.find((t: any) => t.ticketId === ok.body.ticketId)).toMatchObject({
      serviceMode: "DINE_IN",
      tableName: venue.table.label,
    });
  });

  it("refuses amounts that do not add up, a discount under the floor, bad amounts and rates, an empty register", async () => {
    const sale = (body: Record<string, unknown>) => api.post("/api/feed/issue-receipt", { source: "TAKE_AWAY", ...body }, desk);
    const before = (await db().select().from(orders).where(eq(orders.retailerId, venue.venue.id))).length;
    const notAdding = await sale({ cashAmount: 400, sections: [section(500)] });
    expect(errorOf(notAdding)).toBe("error.amounts_do_not_add_up");
    const tooMuch = await sale({ cashAmount: 10, discountAmount: 490, sections: [section(500)] });
    expect(errorOf(tooMuch)).toBe("error.discount_too_large");
    const bad = [
      { cashAmount: -500, cardAmount: 1000, sections: [section(500)] },
      { cashAmount: "NaN", sections: [section(500)] },
      { cashAmount: 5.5, sections: [section(5.5)] },
      { cashAmount: 500, sections: [section(500, 23)] },
      { cashAmount: 500, sections: [section(500, 24, "FOOD")] },
      { cashAmount: 0, sections: [section(0)] },
      { cashAmount: 0, sections: [] },
      { cashAmount: 500 },
      { cashAmount: 500, source: "PICKUP", sections: [section(500)] },
      { cashAmount: 500, sections: [section(500)], tableId: "abc" },
    ];
    for (const body of bad) {
      const answer = await sale(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const after = (await db().select().from(orders).where(eq(orders.retailerId, venue.venue.id))).length;
    expect(after).toBe(before);
  });

  it("a double tap with the same Idempotency-Key sells once and answers the first sale", async () => {
    const body = { source: "DELIVERY", cashAmount: 700, sections: [section(700, 6, "SERVICE")] };
    const headers = { "idempotency-key": `register-${Date.now()}-abc` };
    const [a, b] = await Promise.all([
      api.post("/api/feed/issue-receipt", body, desk, headers),
      api.post("/api/feed/issue-receipt", body, desk, headers),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const sold = await db().select().from(payments).where(eq(payments.orderId, a.body.ticketId));
    expect(sold).toHaveLength(1);
    expect((await api.post("/api/feed/issue-receipt", body, desk, { "idempotency-key": "short" })).status).toBe(400);
  });

  it("a card part on a terminal waits PENDING; approval completes it and the desk hears it", async () => {
    const [terminal] = await db()
      .insert(cardTerminals)
      .values({ retailerId: venue.venue.id, friendlyName: "POS", tid: "12345678", mid: "1234567", type: "Viva" })
      .returning();
    const listener = await listen(server.wsUrl, desk, "/user/queue/admin/payment-update");
    try {
      const sale = await api.post(
        "/api/feed/issue-receipt",
        { source: "TAKE_AWAY", cardAmount: 1200, selectedTerminalId: terminal.id, sections: [section(1200)] },
        desk,
      );
      expect(sale.status).toBe(200);
      expect(sale.body).toMatchObject({ status: "PENDING", cardAmount: 1200 });
      expect((await api.get(`/api/feed/payment/${sale.body.paymentId}/status`, desk)).body.status).toBe("PENDING");
      const [payment] = await db().select().from(payments).where(eq(payments.id, sale.body.paymentId));
      const approve = await fetch(`${server.baseUrl}/sandbox/card-terminal/approve?session=${payment.providerOrderCode}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "",
        redirect: "manual",
      });
      expect(approve.status).toBe(303);
      expect(await listener.next((m: any) => m.paymentId === sale.body.paymentId)).toEqual({
        status: "SUCCESS",
        paymentId: sale.body.paymentId,
      });
      expect((await api.get(`/api/feed/payment/${sale.body.paymentId}/status`, desk)).body.status).toBe("SUCCESS");
      // Another venue's terminal is not available.
      const [foreign] = await db()
        .insert(cardTerminals)
        .values({ retailerId: other.venue.id, friendlyName: "POS", tid: "87654321", mid: "1", type: "Viva" })
        .returning();
      const refused = await api.post(
        "/api/feed/issue-receipt",
        { source: "TAKE_AWAY", cardAmount: 100, selectedTerminalId: foreign.id, sections: [section(100)] },
        desk,
      );
      expect(errorOf(refused)).toBe("error.terminal_not_available");
    } finally {
      await listener.close();
    }
  });
});

describe("a register sale the terminal does not pay", () => {
  /** A take-away register sale of 20,00 € by card at a fresh sandbox terminal, and its payment row. */
  async function cardSale(listener: Awaited<ReturnType<typeof listen>>) {
    const [terminal] = await db()
      .insert(cardTerminals)
      .values({
        retailerId: venue.venue.id,
        friendlyName: "POS",
        tid: String(20000000 + (Date.now() % 1e7)),
        mid: "1",
        type: "Viva",
      })
      .returning();
    const sale = await api.post(
      "/api/feed/issue-receipt",
      { source: "TAKE_AWAY", cardAmount: 2000, selectedTerminalId: terminal.id, sections: [section(2000)] },
      desk,
    );
    expect(sale.body).toMatchObject({ status: "PENDING" });
    const [payment] = await db().select().from(payments).where(eq(payments.id, sale.body.paymentId));
    const failed = listener.next((m: any) => m.paymentId === payment.id);
    return { sale: sale.body, payment, failed };
  }
  const figures = async () => ({
    stats: (await api.post("/api/stats", {}, admin)).body,
    today: (await api.get("/api/stats/today", admin)).body,
    status: (await api.get("/api/cash-desk/cash-desk-status", desk)).body,
  });
  const historyIds = async () => (await api.get("/api/admin/order-history", desk)).body.map((t: any) => t.ticketId);

  it("declined or aborted at the terminal: no ticket in the history, live or read, and no figure moves", async () => {
    const payments = await listen(server.wsUrl, desk, "/user/queue/admin/payment-update");
    const history = await listen(server.wsUrl, desk, "/user/queue/admin/order-history");
    try {
      const before = await figures();
      const declined = await cardSale(payments);
      // Still waiting at the terminal: not a sale yet either.
      expect(await historyIds()).not.toContain(declined.sale.ticketId);
      const decline = await fetch(
        `${server.baseUrl}/sandbox/card-terminal/decline?session=${declined.payment.providerOrderCode}`,
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "",
          redirect: "manual",
        },
      );
      expect(decline.status).toBe(303);
      expect(await declined.failed).toMatchObject({ status: "FAILED" });
      expect(await historyIds()).not.toContain(declined.sale.ticketId);

      const aborted = await cardSale(payments);
      const cancelled = await api.post(`/api/feed/payment/${aborted.payment.id}/cancel`, {}, desk);
      expect(cancelled.body).toEqual({ status: "FAILED", paymentId: aborted.payment.id });
      expect(await aborted.failed).toMatchObject({ status: "FAILED" });
      expect(await historyIds()).not.toContain(aborted.sale.ticketId);

      // The cashier retries in cash: that one sale is in the history, paid, and pushed live.
      const cash = await api.post(
        "/api/feed/issue-receipt",
        { source: "TAKE_AWAY", cashAmount: 2000, sections: [section(2000)] },
        desk,
      );
      const pushed = await history.next((m: any) => m.ticket?.ticketId === cash.body.ticketId);
      expect(pushed.ticket.products).toEqual([expect.objectContaining({ paymentStatus: "PAID" })]);
      const failedIds = [declined.sale.ticketId, aborted.sale.ticketId];
      expect(history.messages.filter((m: any) => failedIds.includes(m.ticket?.ticketId))).toEqual([]);
      const after = await figures();
      // Only the cash retry counts, once; the card part of no failed sale shows anywhere.
      expect(after.stats).toMatchObject({
        cashTotal: before.stats.cashTotal + 2000,
        posTotal: before.stats.posTotal,
        registerSalesTotal: before.stats.registerSalesTotal + 1,
      });
      expect(after.today).toMatchObject({ incomeTotal: before.today.incomeTotal + 2000 });
      expect(after.status).toEqual(before.status);
    } finally {
      await payments.close();
      await history.close();
    }
  });
});

describe("the history", () => {
  it("lists the venue's orders newest first with grouped products, payment state, discount and printing", async () => {
    const { table, orderId, ticketIds } = await tableWithOrder();
    const units = await unitsOfOrder(orderId);
    await db().update(orderProducts).set({ paymentStatus: "PAID", discountCents: 20 }).where(eq(orderProducts.id, units[0].id));
    const history = await api.get("/api/admin/order-history", desk);
    expect(history.status).toBe(200);
    const ticket = history.body.find((t: any) => t.ticketId === orderId);
    expect(ticket).toMatchObject({
      id: orderId,
      serviceMode: "DINE_IN",
      tableName: table.label,
      quantity: 5,
      isRegistered: false,
    });
    expect(ticket.isPrinted).toBe(false);
    expect(ticket.products).toEqual(
      expect.arrayContaining([
        {
          name: "Χωριάτικη",
          price: 950,
          quantity: 1,
          paymentStatus: "PAID",
          onCredit: false,
          creditDebtor: null,
          hasDiscount: true,
        },
        {
          name: "Χωριάτικη",
          price: 950,
          quantity: 1,
          paymentStatus: "UNPAID",
          onCredit: false,
          creditDebtor: null,
          hasDiscount: false,
        },
        {
          name: "Νερό",
          price: 100,
          quantity: 3,
          paymentStatus: "UNPAID",
          onCredit: false,
          creditDebtor: null,
          hasDiscount: false,
        },
      ]),
    );
    const times = history.body.map((t: any) => t.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    for (const id of ticketIds) await api.post(`/api/feed/admin/ticket/${id}/print`, {}, desk);
    const printed = (await api.get("/api/admin/order-history", desk)).body.find((t: any) => t.ticketId === orderId);
    expect(printed.isPrinted).toBe(true);
  });

  it("filters by calendar days in Athens and refuses bad ranges", async () => {
    const today = todayInAthens();
    const { orderId } = await tableWithOrder();
    const ids = async (query: string) =>
      (await api.get(`/api/admin/order-history${query}`, desk)).body.map((t: any) => t.ticketId) as number[];
    expect(await ids(`?startDate=${today}&endDate=${today}`)).toContain(orderId);
    expect(await ids("?startDate=2020-01-01&endDate=2020-01-31")).toEqual([]);
    // An order written just before midnight Athens time (22:30 UTC in winter) belongs to that day.
    const { orderId: late } = await tableWithOrder();
    await db()
      .update(orders)
      .set({ createdAt: new Date("2024-01-15T22:30:00Z") })
      .where(eq(orders.id, late));
    expect(await ids("?startDate=2024-01-16&endDate=2024-01-16")).toEqual([late]);
    expect(await ids("?startDate=2024-01-15&endDate=2024-01-15")).toEqual([]);
    const bad = [
      "?startDate=2024-02-10&endDate=2024-02-01",
      "?startDate=2024-01-01&endDate=2024-06-01",
      "?startDate=2024-13-01",
      "?startDate=yesterday",
      "?endDate=2024-02-30",
    ];
    for (const query of bad) {
      const answer = await api.get(`/api/admin/order-history${query}`, desk);
      expect(answer.status, query).toBe(400);
    }
    expect(errorOf(await api.get("/api/admin/order-history?startDate=2024-02-10&endDate=2024-02-01", desk))).toBe(
      "error.invalid_date_range",
    );
  });

  it("a ticket's documents are those issued for payments of its pieces, with a series, a number and a total", async () => {
    const { table, orderId } = await tableWithOrder();
    const paid = await api.post(
      `/api/feed/table/${table.id}/complete-orders?payAll=true`,
      { discountAmount: 0, cardAmount: 0, cashAmount: 2200, onCreditAmount: 0, isGift: false },
      desk,
    );
    expect(paid.status).toBe(200);
    await db()
      .insert(documents)
      .values([
        { retailerId: venue.venue.id, paymentId: paid.body.paymentId, type: "RECEIPT", series: "A", number: 7, totalCents: 2200 },
        { retailerId: venue.venue.id, paymentId: paid.body.paymentId, type: "RECEIPT", series: "A", number: 8, totalCents: 0 },
      ]);
    const found = await api.get(`/api/orders/${orderId}/invoices`, desk);
    expect(found.status).toBe(200);
    expect(found.body).toHaveLength(1);
    expect(found.body[0]).toMatchObject({ type: "RECEIPT", series: "A", number: 7, totalAmount: 2200, orderFormStatus: null });
  });
});
