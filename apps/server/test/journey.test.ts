import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildArea, buildRunningVenue, buildStaff, buildTable, buildVenue } from "./support/factories.ts";
import { listen, trySubscribe } from "./support/stomp-client.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: RunningVenue;

beforeAll(async () => {
  [server, api, venue] = await startVenueServer(buildRunningVenue);
});
afterAll(async () => server?.close());

const saladLine = () => ({
  id: venue.salad.id,
  basicIngredientIds: [venue.salad.basics[1].id],
  extraIngredientIds: [venue.salad.extras[0].id],
  notes: "χωρίς αλάτι",
  quantity: 2,
});

describe("the guest's thin journey", () => {
  it("finds the table by code, checks in, reads the menu and the empty feed", async () => {
    const token = await api.guest();
    const lookup = await api.get(`/api/cq-table/code/${venue.table.code}`, token);
    expect(lookup.body).toEqual({ tableId: venue.table.id, tableCode: venue.table.code });
    expect((await api.post(`/api/cq-table/check-in/${venue.table.id}`, {}, token)).status).toBe(200);
    const menu = await api.get(`/api/cq-table/${venue.table.id}/menu`, token);
    expect(menu.status).toBe(200);
    const products = menu.body.flatMap((c: any) => c.products);
    const salad = products.find((p: any) => p.id === venue.salad.id);
    expect(salad).toMatchObject({ name: "Χωριάτικη", price: 950, allergens: ["milk"], preparationArea: "Kitchen" });
    expect(salad.basicIngredients.map((i: any) => i.selected)).toEqual([true, true]);
    const english = await api.get(`/api/cq-table/${venue.table.id}/menu`, token, { "accept-language": "en" });
    expect(english.body.flatMap((c: any) => c.products).find((p: any) => p.id === venue.salad.id).name).toBe("Greek salad");
    const feed = await api.get(`/api/orders/${venue.table.id}/feed`, token);
    expect(feed.body).toMatchObject({ tableId: venue.table.id, tableFeed: [], totalUnpaidCount: 0, totalUnpaidPrice: 0 });
  });

  it("an unknown table code is a 404", async () => {
    const token = await api.guest();
    expect((await api.get("/api/cq-table/code/no-such-code", token)).status).toBe(404);
  });

  it("orders: prices from the catalogue, one unit per piece, a ticket per area, live to the kitchen and the table", async () => {
    const guest = await api.seatedGuest(venue.table.id);
    const cookToken = await api.login(venue.cook.login);
    const barToken = await api.login(venue.barman.login);
    const kitchen = await listen(server.wsUrl, cookToken, "/user/queue/kitchen");
    const bar = await listen(server.wsUrl, barToken, "/user/queue/kitchen");
    const table = await listen(server.wsUrl, guest, `/topic/customer/el/${venue.table.id}`);

    const sent = await api.post(
      `/api/orders/${venue.table.id}`,
      [
        saladLine(),
        {
          id: venue.souvlaki.id,
          preparationWay: venue.souvlaki.ways[1].id,
          extraIngredientIds: [venue.souvlaki.extras[1].id],
          quantity: 1,
        },
        { id: venue.coffee.id, quantity: 1 },
      ],
      guest,
    );
    expect(sent.status).toBe(200);
    expect(sent.body.ticketIds).toHaveLength(2);

    const kitchenTicket = await kitchen.next((m: any) => m.type === "TICKET_UPSERT");
    expect(kitchenTicket.ticket.tableName).toBe(venue.table.label);
    expect(kitchenTicket.ticket.sentBy).toEqual({ type: "CLIENT", firstName: null, lastName: null });
    const names = kitchenTicket.ticket.products.map((p: any) => p.name).sort();
    expect(names).toEqual(["Σουβλάκι", "Χωριάτικη"]);
    const salad = kitchenTicket.ticket.products.find((p: any) => p.name === "Χωριάτικη");
    expect(salad).toMatchObject({ quantity: 2, notes: "χωρίς αλάτι", allergens: ["milk"] });
    expect(salad.removedIngredients.map((i: any) => i.name)).toEqual(["Κρεμμύδι"]);
    expect(salad.extraIngredientIds.map((i: any) => i.name)).toEqual(["Κάπαρη"]);
    const barTicket = await bar.next((m: any) => m.type === "TICKET_UPSERT");
    expect(barTicket.ticket.products.map((p: any) => p.name)).toEqual(["Freddo"]);
    expect(kitchen.messages.some((m: any) => m.ticket.products.some((p: any) => p.name === "Freddo"))).toBe(false);

    const state = await table.next((s: any) => s.tableFeed.length > 0);
    // 2 × (9.50 + 0.50) + (11.00 + 1.50 + 1.00) + 3.50
    expect(state.totalUnpaidPrice).toBe(2 * 1000 + 1350 + 350);
    expect(state.totalUnpaidCount).toBe(4);
    expect(state.tableFeed.every((i: any) => i.status === "SENT" && i.paymentStatus === "UNPAID")).toBe(true);
    const saladItem = state.tableFeed.find((i: any) => i.name === "Χωριάτικη");
    expect(saladItem.orderProductIds).toHaveLength(2);
    expect(saladItem.price).toBe(1000);

    const feed = await api.get("/api/feed/kitchen", cookToken);
    expect(feed.body.tickets.map((t: any) => t.id)).toContain(kitchenTicket.ticket.id);
    await Promise.all([kitchen.close(), bar.close(), table.close()]);
  });

  it("a double-tapped send with one idempotency key orders once", async () => {
    const guest = await api.seatedGuest(venue.otherTable.id);
    const headers = { "idempotency-key": "7d0f4c1e-double-tap" };
    const [first, second] = await Promise.all([
      api.post(`/api/orders/${venue.otherTable.id}`, [saladLine()], guest, headers),
      api.post(`/api/orders/${venue.otherTable.id}`, [saladLine()], guest, headers),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.orderId).toBe(first.body.orderId);
    const again = await api.post(`/api/orders/${venue.otherTable.id}`, [saladLine()], guest, headers);
    expect(again.body.orderId).toBe(first.body.orderId);
    const feed = await api.get(`/api/orders/${venue.otherTable.id}/feed`, guest);
    expect(feed.body.totalUnpaidCount).toBe(2);
  });

  it("guests at one table share one session and its feed", async () => {
    const a = await api.seatedGuest(venue.otherTable.id);
    const b = await api.seatedGuest(venue.otherTable.id);
    await api.post(`/api/orders/${venue.otherTable.id}`, [{ id: venue.water.id, quantity: 1 }], a);
    const seenByB = await api.get(`/api/orders/${venue.otherTable.id}/feed`, b);
    const seenByA = await api.get(`/api/orders/${venue.otherTable.id}/feed`, a);
    expect(seenByB.body.sessionId).toBe(seenByA.body.sessionId);
    expect(seenByB.body.tableFeed.some((i: any) => i.name === "Νερό")).toBe(true);
  });
});

describe("refusals", () => {
  it("ordering a product switched off, or one whose area is closed, is inactive_product, and orderable again once switched on", async () => {
    // Through the real switches: orders are checked against a cached catalogue that their events drop.
    const guest = await api.seatedGuest(venue.table.id);
    const admin = await api.login(venue.admin.login);
    const barman = await api.login(venue.barman.login);
    const order = (productId: number) => api.post(`/api/orders/${venue.table.id}`, [{ id: productId, quantity: 1 }], guest);
    expect((await order(venue.water.id)).status).toBe(200);

    await api.post(`/api/crm/product/${venue.water.id}/active-status`, { active: false }, admin);
    const refused = await order(venue.water.id);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-app-error")).toBe("error.inactive_product");
    expect(refused.body.message).toBe("error.inactive_product");
    await api.post(`/api/crm/product/${venue.water.id}/active-status`, { active: true }, admin);
    expect((await order(venue.water.id)).status).toBe(200);

    expect((await order(venue.coffee.id)).status).toBe(200);
    expect((await api.post("/api/cuisine/preparation-area/set-active", { active: false }, barman)).status).toBe(200);
    const closed = await order(venue.coffee.id);
    expect(closed.headers.get("x-app-error")).toBe("error.inactive_product");
    await api.post("/api/cuisine/preparation-area/set-active", { active: true }, barman);
    expect((await order(venue.coffee.id)).status).toBe(200);
  });

  it("a product of another venue cannot be ordered", async () => {
    const other = await buildRunningVenue(server.database.db);
    const guest = await api.seatedGuest(venue.table.id);
    const refused = await api.post(`/api/orders/${venue.table.id}`, [{ id: other.water.id, quantity: 1 }], guest);
    expect(refused.body.message).toBe("error.inactive_product");
  });

  it("an option of another product is refused with a clear error", async () => {
    const guest = await api.seatedGuest(venue.table.id);
    const refused = await api.post(
      `/api/orders/${venue.table.id}`,
      [{ id: venue.salad.id, extraIngredientIds: [venue.souvlaki.extras[0].id], quantity: 1 }],
      guest,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("error.unknown_product_option");
  });

  it("a guest cannot order for, read or listen to a table they did not check in to (403)", async () => {
    const guest = await api.seatedGuest(venue.table.id);
    const order = await api.post(`/api/orders/${venue.otherTable.id}`, [{ id: venue.water.id, quantity: 1 }], guest);
    expect(order.status).toBe(403);
    expect((await api.get(`/api/orders/${venue.otherTable.id}/feed`, guest)).status).toBe(403);
    expect(await trySubscribe(server.wsUrl, guest, `/topic/customer/el/${venue.otherTable.id}`)).not.toBe("subscribed");
    expect(await trySubscribe(server.wsUrl, guest, `/topic/customer/el/${venue.table.id}`)).toBe("subscribed");
    expect(await trySubscribe(server.wsUrl, guest, "/user/queue/kitchen")).not.toBe("subscribed");
  });

  it("an order out of reach is refused for that (403/404) before anything about its products, and writes nothing", async () => {
    const db = server.database.db;
    const { orders } = await import("../src/db/schema.ts");
    const { eq } = await import("drizzle-orm");
    const ordersAtOtherTable = async () => (await db.select().from(orders).where(eq(orders.tableId, venue.otherTable.id))).length;
    const before = await ordersAtOtherTable();
    const guest = await api.seatedGuest(venue.table.id);
    const unknownProduct = [{ id: 99_999_999, quantity: 1 }];
    expect((await api.post(`/api/orders/${venue.otherTable.id}`, unknownProduct, guest)).status).toBe(403);
    expect((await api.post("/api/orders/99999999", [{ id: venue.water.id, quantity: 1 }], guest)).status).toBe(404);
    const otherVenue = await buildRunningVenue(db);
    const foreignWaiter = await api.login(otherVenue.waiter.login);
    const ownProduct = [{ id: otherVenue.water.id, quantity: 1 }];
    expect((await api.post(`/api/orders/${venue.otherTable.id}`, ownProduct, foreignWaiter)).status).toBe(403);
    expect(await ordersAtOtherTable()).toBe(before);
  });

  it("the table behind a code and its menu are readable before sign-in and check-in; the table's session is not", async () => {
    const lookup = await api.get(`/api/cq-table/code/${venue.table.code}`);
    expect(lookup).toMatchObject({ status: 200, body: { tableId: venue.table.id, tableCode: venue.table.code } });
    expect((await api.get("/api/cq-table/code/no-such-code")).status).toBe(404);
    const visitorMenu = await api.get(`/api/cq-table/${venue.table.id}/menu`, undefined, { "accept-language": "en" });
    expect(visitorMenu.status).toBe(200);
    expect(visitorMenu.body.flatMap((c: any) => c.products).find((p: any) => p.id === venue.salad.id).name).toBe("Greek salad");
    expect((await api.get("/api/cq-table/999999/menu")).status).toBe(404);
    // Without a check-in, nothing of the table's session: its feed, ordering, its live topics.
    expect((await api.get(`/api/orders/${venue.table.id}/feed`)).status).toBe(401);
    expect((await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.water.id, quantity: 1 }])).status).toBe(401);
    const guest = await api.guest();
    expect((await api.get(`/api/cq-table/${venue.table.id}/menu`, guest)).body).toEqual(
      (await api.get(`/api/cq-table/${venue.table.id}/menu`)).body,
    );
    expect((await api.get(`/api/orders/${venue.table.id}/feed`, guest)).status).toBe(403);
    expect((await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.water.id, quantity: 1 }], guest)).status).toBe(403);
    expect(await trySubscribe(server.wsUrl, guest, `/topic/customer/el/${venue.table.id}`)).not.toBe("subscribed");
  });

  it("a token that is sent but refused is a 401 on the public reads too, so the phone knows its session ended", async () => {
    const guest = await api.guest();
    const [header, payload, signature] = guest.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: "1" })).toString("base64url")}.${signature}`;
    expect((await api.get(`/api/cq-table/${venue.table.id}/menu`, forged)).status).toBe(401);
    expect((await api.get(`/api/cq-table/code/${venue.table.code}`, forged)).status).toBe(401);
    expect((await api.get(`/api/cq-table/code/${venue.table.code}`, guest)).status).toBe(200);
  });

  it("checking in elsewhere leaves the previous table", async () => {
    const guest = await api.seatedGuest(venue.table.id);
    await api.post(`/api/cq-table/check-in/${venue.otherTable.id}`, {}, guest);
    expect((await api.get(`/api/orders/${venue.table.id}/feed`, guest)).status).toBe(403);
    expect((await api.get(`/api/orders/${venue.otherTable.id}/feed`, guest)).status).toBe(200);
  });

  it("staff of one venue cannot read another venue's tables or kitchens", async () => {
    const db = server.database.db;
    const otherVenue = await buildVenue(db);
    const otherArea = await buildArea(db, otherVenue.id);
    const otherTable = await buildTable(db, otherVenue.id);
    const otherAdmin = await buildStaff(db, otherVenue.id, "ADMIN");
    const adminToken = await api.login(otherAdmin.login);
    expect((await api.get(`/api/orders/${venue.table.id}/feed`, adminToken)).status).toBe(403);
    expect((await api.get(`/api/feed/kitchen?id=${venue.kitchen.id}`, adminToken)).status).toBe(403);
    expect(await trySubscribe(server.wsUrl, adminToken, `/topic/kitchen/${venue.kitchen.id}`)).not.toBe("subscribed");
    expect(await trySubscribe(server.wsUrl, adminToken, `/topic/kitchen/${otherArea.id}`)).toBe("subscribed");
    const cookToken = await api.login(venue.cook.login);
    expect((await api.get(`/api/feed/kitchen?id=${venue.bar.id}`, cookToken)).status).toBe(403);
    expect(await trySubscribe(server.wsUrl, cookToken, `/topic/kitchen/${venue.bar.id}`)).not.toBe("subscribed");
    expect((await api.post(`/api/orders/${otherTable.id}`, [{ id: venue.water.id, quantity: 1 }], cookToken)).status).toBe(403);
  });

  it("a waiter cannot read the kitchen feed", async () => {
    const waiterToken = await api.login(venue.waiter.login);
    expect((await api.get("/api/feed/kitchen", waiterToken)).status).toBe(403);
    expect((await api.get("/api/feed/kitchen")).status).toBe(401);
  });

  it.each([
    ["not JSON", "{oops"],
    ["an object instead of an array", JSON.stringify({ id: 1, quantity: 1 })],
    ["an empty order", "[]"],
    ["quantity 0", JSON.stringify([{ id: 1, quantity: 0 }])],
    ["a negative quantity", JSON.stringify([{ id: 1, quantity: -2 }])],
    ["a fractional quantity", JSON.stringify([{ id: 1, quantity: 1.5 }])],
    ["a missing product id", JSON.stringify([{ quantity: 1 }])],
    ["a product id as text", JSON.stringify([{ id: "x", quantity: 1 }])],
    ["notes too long", JSON.stringify([{ id: 1, quantity: 1, notes: "x".repeat(301) }])],
    ["ingredient ids that are not numbers", JSON.stringify([{ id: 1, quantity: 1, extraIngredientIds: ["a"] }])],
  ])("a malformed order (%s) is a 400, never a 500", async (_name, raw) => {
    const guest = await api.seatedGuest(venue.table.id);
    const response = await api.call("POST", `/api/orders/${venue.table.id}`, { token: guest, raw });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^error\./);
  });

  it("field errors name the object, field and rule", async () => {
    const guest = await api.seatedGuest(venue.table.id);
    const response = await api.call("POST", `/api/orders/${venue.table.id}`, {
      token: guest,
      raw: JSON.stringify([{ id: 1, quantity: 0 }]),
    });
    expect(response.body.fieldErrors).toEqual([{ objectName: "body", field: "0.quantity", message: "Size" }]);
    const missing = await api.call("POST", `/api/orders/${venue.table.id}`, {
      token: guest,
      raw: JSON.stringify([{ quantity: 1 }]),
    });
    expect(missing.body.fieldErrors).toEqual([{ objectName: "body", field: "0.id", message: "NotNull" }]);
  });

  it("a bad idempotency key and a bad path id are 400s", async () => {
    const guest = await api.seatedGuest(venue.table.id);
    const shortKey = await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.water.id, quantity: 1 }], guest, {
      "idempotency-key": "x",
    });
    expect(shortKey.status).toBe(400);
    expect((await api.get("/api/orders/abc/feed", guest)).status).toBe(400);
  });
});
