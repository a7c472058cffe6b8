import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenTickets, orderProducts, waiterRequests } from "../src/db/schema.ts";
import { buildRunningVenue } from "./support/factories.ts";
import { listen } from "./support/stomp-client.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: RunningVenue, cook: string;

beforeAll(async () => {
  [server, api, venue, cook] = await startVenueServer(buildRunningVenue, ["cook"]);
});
afterAll(async () => server?.close());

/** A guest order of 2 salads and a souvlaki; returns the kitchen ticket as the cook reads it. */
async function orderForKitchen() {
  const guest = await api.seatedGuest(venue.table.id);
  const sent = await api.post(
    `/api/orders/${venue.table.id}`,
    [
      { id: venue.salad.id, quantity: 2 },
      { id: venue.souvlaki.id, quantity: 1 },
    ],
    guest,
  );
  const ticket = await api.get(`/api/feed/kitchen/ticket/${sent.body.ticketIds[0]}`, cook);
  return { guest, ticket: ticket.body };
}

const pickupsOf = (tableId: number) =>
  server.database.db.select().from(waiterRequests).where(eq(waiterRequests.tableId, tableId));

describe("a new order's ticket", () => {
  it("is pushed exactly as the feed reads it back: options, notes, allergens, table, sender", async () => {
    const kitchen = await listen(server.wsUrl, cook, "/user/queue/kitchen");
    try {
      const guest = await api.seatedGuest(venue.table.id);
      const waiter = await api.login(venue.waiter.login);
      const lines = [
        {
          id: venue.salad.id,
          quantity: 2,
          basicIngredientIds: [venue.salad.basics[1].id],
          extraIngredientIds: [venue.salad.extras[0].id],
          notes: "χωρίς αλάτι",
        },
        { id: venue.souvlaki.id, quantity: 1, preparationWay: venue.souvlaki.ways[1].id },
        { id: venue.coffee.id, quantity: 1 },
      ];
      for (const [sender, token] of [
        ["CLIENT", guest],
        ["WAITER", waiter],
      ] as const) {
        const sent = await api.post(`/api/orders/${venue.table.id}`, lines, token);
        expect(sent.status).toBe(200);
        // The coffee is the Bar's: the Kitchen's cook gets one ticket, the first.
        const pushed = (await kitchen.next((m: any) => m.type === "TICKET_UPSERT" && m.ticket.id === sent.body.ticketIds[0]))
          .ticket;
        const read = (await api.get(`/api/feed/kitchen/ticket/${sent.body.ticketIds[0]}`, cook)).body;
        expect(pushed).toEqual(read);
        expect(pushed.sentBy.type).toBe(sender);
        expect(pushed.sentBy.firstName).toBe(sender === "CLIENT" ? null : "Staff");
        expect(pushed.products.map((p: any) => [p.name, p.quantity])).toEqual([
          ["Χωριάτικη", 2],
          ["Σουβλάκι", 1],
        ]);
        expect(pushed.products[0]).toMatchObject({ notes: "χωρίς αλάτι", allergens: ["milk"] });
        expect(pushed.products[0].removedIngredients.map((i: any) => i.id)).toEqual([venue.salad.basics[0].id]);
      }
    } finally {
      await kitchen.close();
    }
  });
});

describe("live tickets on one connection", () => {
  it("refuses an unknown ticket or another area's for that subscription only: the socket stays open (issue 15)", async () => {
    const feed = await listen(server.wsUrl, cook, "/user/queue/kitchen");
    try {
      const guest = await api.seatedGuest(venue.table.id);
      // The coffee goes to the Bar: its ticket is another area's.
      const coffee = await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.coffee.id, quantity: 1 }], guest);
      const barTicket: number = coffee.body.ticketIds[0];
      const socketClosed = new Promise<void>((resolve) => {
        feed.client.onWebSocketClose = () => resolve();
      });
      let closed = false;
      void socketClosed.then(() => {
        closed = true;
      });
      for (const [n, ticketId] of [
        [1, 999_999],
        [2, barTicket],
      ] as const) {
        const destination = `/topic/kitchen-ticket/${ticketId}`;
        feed.client.subscribe(destination, () => undefined, { id: `ticket-${n}`, receipt: `ticket-${n}` });
        await expect.poll(() => feed.errors.length).toBe(n);
        expect(feed.errors[n - 1].headers).toMatchObject({
          message: `Access denied to ${destination}`,
          subscription: `ticket-${n}`,
          "receipt-id": `ticket-${n}`,
        });
      }
      // The connection and the feed's subscription carry on.
      const sent = await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.salad.id, quantity: 1 }], guest);
      await feed.next((m: any) => m.type === "TICKET_UPSERT" && m.ticket.id === sent.body.ticketIds[0]);
      expect(feed.client.connected).toBe(true);
      expect(closed).toBe(false);
    } finally {
      await feed.close();
    }
  });
});

describe("preparing a ticket", () => {
  it("prepares one product, hands it to the waiters as a pickup, and reverts it", async () => {
    const { ticket } = await orderForKitchen();
    const salad = ticket.products.find((p: any) => p.name === "Χωριάτικη");
    const prepared = await api.post(
      `/api/feed/kitchen/ticket/${ticket.id}/prepare-products`,
      { orderProductIds: salad.orderProductIds },
      cook,
    );
    expect(prepared.status).toBe(200);
    expect(prepared.body).toEqual({ preparedIds: salad.orderProductIds, ticketCompleted: false });
    const after = (await api.get(`/api/feed/kitchen/ticket/${ticket.id}`, cook)).body;
    expect(after.preparedQuantity).toBe(2);
    expect(after.products.map((p: any) => p.status)).toEqual(["SENT", "PREPARED"]);
    const pickups = (await pickupsOf(venue.table.id)).filter((r) => r.status === "ACTIVE");
    expect(pickups.at(-1)).toMatchObject({ type: "PREPARATION_AREA_PICKUP", preparationAreaId: venue.kitchen.id });
    expect(pickups.at(-1)?.items.map((i) => i.orderProductId)).toEqual(salad.orderProductIds);

    const reverted = await api.post(
      `/api/feed/kitchen/ticket/${ticket.id}/undo`,
      { orderProductIds: salad.orderProductIds },
      cook,
    );
    expect(reverted.body.revertedIds).toEqual(salad.orderProductIds);
    const pickup = (await pickupsOf(venue.table.id)).find((r) => r.id === pickups.at(-1)?.id);
    expect(pickup?.status).toBe("CANCELLED");
  });

  it("'All ready' completes the ticket: it leaves the feed live, and undo brings it back", async () => {
    const { ticket } = await orderForKitchen();
    const feed = await listen(server.wsUrl, cook, "/user/queue/kitchen");
    const watcher = await listen(server.wsUrl, cook, `/topic/kitchen-ticket/${ticket.id}`);
    const done = await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare`, {}, cook);
    expect(done.body.ticketCompleted).toBe(true);
    await feed.next((m: any) => m.type === "TICKET_REMOVED" && m.ticketId === ticket.id);
    expect((await watcher.next((t: any) => t.preparedQuantity === 3)).id).toBe(ticket.id);
    const kitchenFeed = await api.get("/api/feed/kitchen", cook);
    expect(kitchenFeed.body.tickets.map((t: any) => t.id)).not.toContain(ticket.id);

    await api.post(`/api/feed/kitchen/ticket/${ticket.id}/undo`, {}, cook);
    await feed.next((m: any) => m.type === "TICKET_UPSERT" && m.ticket.id === ticket.id && m.ticket.preparedQuantity === 0);
    expect((await api.get("/api/feed/kitchen", cook)).body.tickets.map((t: any) => t.id)).toContain(ticket.id);
    await Promise.all([feed.close(), watcher.close()]);
  });

  it("preparing twice changes nothing the second time", async () => {
    const { ticket } = await orderForKitchen();
    await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare`, {}, cook);
    const again = await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare`, {}, cook);
    expect(again.body).toEqual({ preparedIds: [], ticketCompleted: true });
  });

  it("refuses: undo with nothing to undo, a delivered product, a cancelled product, a product of another ticket", async () => {
    const { ticket } = await orderForKitchen();
    const nothing = await api.post(`/api/feed/kitchen/ticket/${ticket.id}/undo`, {}, cook);
    expect(nothing.headers.get("x-app-error")).toBe("error.nothing_to_undo");

    const [first, second] = ticket.products.flatMap((p: any) => p.orderProductIds);
    const db = server.database.db;
    await db.update(orderProducts).set({ paymentStatus: "CANCELLED" }).where(eq(orderProducts.id, first));
    const cancelled = await api.post(
      `/api/feed/kitchen/ticket/${ticket.id}/prepare-products`,
      { orderProductIds: [first] },
      cook,
    );
    expect(cancelled.headers.get("x-app-error")).toBe("error.product_cancelled");

    await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare-products`, { orderProductIds: [second] }, cook);
    await db.update(orderProducts).set({ status: "COMPLETE" }).where(eq(orderProducts.id, second));
    const delivered = await api.post(`/api/feed/kitchen/ticket/${ticket.id}/undo`, { orderProductIds: [second] }, cook);
    expect(delivered.headers.get("x-app-error")).toBe("error.product_already_delivered");

    const other = await orderForKitchen();
    const foreign = other.ticket.products[0].orderProductIds;
    const wrong = await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare-products`, { orderProductIds: foreign }, cook);
    expect(wrong.headers.get("x-app-error")).toBe("error.product_not_on_ticket");
  });

  it("another area's cook, a waiter and a guest are refused (403), bad bodies are 400", async () => {
    const { guest, ticket } = await orderForKitchen();
    const barman = await api.login(venue.barman.login);
    const waiter = await api.login(venue.waiter.login);
    for (const token of [barman, waiter, guest]) {
      expect((await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare`, {}, token)).status).toBe(403);
      expect((await api.get(`/api/feed/kitchen/ticket/${ticket.id}`, token)).status).toBe(403);
    }
    expect((await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare-products`, { orderProductIds: [] }, cook)).status).toBe(
      400,
    );
    expect(
      (await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare-products`, { orderProductIds: ["x"] }, cook)).status,
    ).toBe(400);
    expect((await api.post("/api/feed/kitchen/ticket/999999/prepare", {}, cook)).status).toBe(404);
  });

  it("marks a ticket printed once", async () => {
    const { ticket } = await orderForKitchen();
    expect(ticket.isPrinted).toBe(false);
    expect((await api.post(`/api/feed/kitchen/ticket/${ticket.id}/print`, {}, cook)).status).toBe(200);
    expect((await api.get(`/api/feed/kitchen/ticket/${ticket.id}`, cook)).body.isPrinted).toBe(true);
  });

  it("lets one screen of the area claim a ticket's print at a time, until printed or the claim lapses", async () => {
    const { ticket } = await orderForKitchen();
    const claim = (screenId: string, token = cook) =>
      api.post(`/api/feed/kitchen/ticket/${ticket.id}/print-claim`, { screenId }, token);
    const [first, second] = await Promise.all([claim("screen-aaaa"), claim("screen-bbbb")]);
    expect([first.body.claimed, second.body.claimed].sort()).toEqual([false, true]);
    const winner = first.body.claimed ? "screen-aaaa" : "screen-bbbb";
    const loser = first.body.claimed ? "screen-bbbb" : "screen-aaaa";
    // The holder may ask again (its own retry); the other may not.
    expect((await claim(winner)).body).toEqual({ claimed: true });
    expect((await claim(loser)).body).toEqual({ claimed: false });
    // The holder's printer failed and its claim ran out: the other screen takes over.
    await server.database.db
      .update(kitchenTickets)
      .set({ printClaimedUntil: new Date(Date.now() - 1000) })
      .where(eq(kitchenTickets.id, ticket.id));
    expect((await claim(loser)).body).toEqual({ claimed: true });
    await api.post(`/api/feed/kitchen/ticket/${ticket.id}/print`, {}, cook);
    // Printed: nobody prints it automatically again.
    expect((await claim(loser)).body).toEqual({ claimed: false });
    // Bad bodies and other areas.
    expect((await claim("short")).status).toBe(400);
    expect((await api.post(`/api/feed/kitchen/ticket/${ticket.id}/print-claim`, {}, cook)).status).toBe(400);
    expect((await claim("screen-cccc", await api.login(venue.barman.login))).status).toBe(403);
  });
});

describe("area settings", () => {
  it("closing the area removes its products from the menu and refuses orders; opening brings them back", async () => {
    const guest = await api.seatedGuest(venue.otherTable.id);
    const menuHas = async (productId: number) =>
      (await api.get(`/api/cq-table/${venue.otherTable.id}/menu`, guest)).body
        .flatMap((c: any) => c.products)
        .some((p: any) => p.id === productId);
    expect(await menuHas(venue.salad.id)).toBe(true);
    expect((await api.post("/api/cuisine/preparation-area/set-active", { active: false }, cook)).status).toBe(200);
    expect((await api.get("/api/cuisine/preparation-area/get-active", cook)).body).toEqual({
      id: venue.kitchen.id,
      active: false,
    });
    expect(await menuHas(venue.salad.id)).toBe(false);
    const refused = await api.post(`/api/orders/${venue.otherTable.id}`, [{ id: venue.salad.id, quantity: 1 }], guest);
    expect(refused.headers.get("x-app-error")).toBe("error.inactive_product");
    await api.post("/api/cuisine/preparation-area/set-active", { active: true }, cook);
    expect(await menuHas(venue.salad.id)).toBe(true);
  });

  it("every screen of the area hears when another one closes it or changes auto-print", async () => {
    const otherScreen = await listen(server.wsUrl, await api.login(venue.cook.login), "/user/queue/kitchen");
    await api.post("/api/cuisine/preparation-area/set-active", { active: false }, cook);
    const closed = await otherScreen.next((m: any) => m.type === "AREA_UPDATED" && m.area.isPreparationAreaAvailable === false);
    expect(closed.area).toMatchObject({ id: venue.kitchen.id, label: "Kitchen" });
    await api.post("/api/cuisine/preparation-area/set-active", { active: true }, cook);
    await otherScreen.next((m: any) => m.type === "AREA_UPDATED" && m.area.isPreparationAreaAvailable === true);
    await otherScreen.close();
  });

  it("auto-print is stored per area; a cook cannot change another area", async () => {
    expect((await api.post("/api/feed/kitchen/auto-print", { autoPrint: true }, cook)).status).toBe(200);
    expect((await api.get("/api/feed/kitchen", cook)).body.hasAutoPrint).toBe(true);
    expect((await api.post("/api/feed/kitchen/auto-print", { autoPrint: true, id: venue.bar.id }, cook)).status).toBe(403);
    expect((await api.post("/api/feed/kitchen/auto-print", { autoPrint: "yes" }, cook)).status).toBe(400);
  });
});

describe("availability", () => {
  it("the cook's menu lists only their area's products, switched-off ones included", async () => {
    const menu = await api.get("/api/cuisine/menu", cook);
    const names = menu.body.flatMap((c: any) => c.products.map((p: any) => p.name)).sort();
    expect(names).toEqual(["Σουβλάκι", "Χωριάτικη"]);
  });

  it("switching a product off removes it from open menus at once and refuses orders; on brings it back", async () => {
    const guest = await api.seatedGuest(venue.otherTable.id);
    const listed = async () =>
      (await api.get(`/api/cq-table/${venue.otherTable.id}/menu`, guest)).body
        .flatMap((c: any) => c.products)
        .some((p: any) => p.id === venue.souvlaki.id);
    expect(await listed()).toBe(true);
    const off = await api.post(
      `/api/cuisine/product/${venue.souvlaki.id}/set-active`,
      { active: false, serviceMode: "DINE_IN" },
      cook,
    );
    expect(off.status).toBe(200);
    expect(await listed()).toBe(false);
    const staffMenu = await api.get("/api/cuisine/menu", cook);
    expect(staffMenu.body.flatMap((c: any) => c.products).find((p: any) => p.id === venue.souvlaki.id).active).toBe(false);
    const refused = await api.post(`/api/orders/${venue.otherTable.id}`, [{ id: venue.souvlaki.id, quantity: 1 }], guest);
    expect(refused.headers.get("x-app-error")).toBe("error.inactive_product");
    await api.post(`/api/cuisine/product/${venue.souvlaki.id}/set-active`, { active: true }, cook);
    expect(await listed()).toBe(true);
  });

  it("needs a price to switch on, and keeps cooks to their own area", async () => {
    const noTakeAway = await api.post(
      `/api/cuisine/product/${venue.salad.id}/set-active`,
      { active: true, serviceMode: "TAKE_AWAY" },
      cook,
    );
    expect(noTakeAway.headers.get("x-app-error")).toBe("error.price_required");
    const otherArea = await api.post(`/api/cuisine/product/${venue.coffee.id}/set-active`, { active: false }, cook);
    expect(otherArea.status).toBe(403);
    const waiter = await api.login(venue.waiter.login);
    expect((await api.post(`/api/feed/product/${venue.coffee.id}/set-active`, { active: false }, waiter)).status).toBe(200);
    expect((await api.post(`/api/feed/product/${venue.coffee.id}/set-active`, { active: true }, waiter)).status).toBe(200);
    expect((await api.post(`/api/cuisine/product/${venue.coffee.id}/set-active`, { active: true }, waiter)).status).toBe(403);
    expect((await api.post(`/api/cuisine/product/${venue.salad.id}/set-active`, { active: "no" }, cook)).status).toBe(400);
  });

  it("tells where the venue's print agent is (none configured yet)", async () => {
    expect((await api.get("/api/cuisine/ip", cook)).body).toEqual({ address: null });
  });
});
