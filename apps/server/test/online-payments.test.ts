import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderProducts, payments, tableSessions, waiterRequests } from "../src/db/schema.ts";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import { listen } from "./support/stomp-client.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: RunningVenue, waiter: string;

beforeAll(async () => {
  [server, api, venue, waiter] = await startVenueServer(buildRunningVenue, ["waiter"]);
});
afterAll(async () => server?.close());

const errorOf = (answer: { headers: Headers }) => answer.headers.get("x-app-error");

/** A fresh table whose guest ordered 2 salads (9.50 €) and 3 waters (1 €). */
async function tableWithOrder() {
  const table = await buildTable(server.database.db, venue.venue.id);
  const guest = await api.seatedGuest(table.id);
  const sent = await api.post(
    `/api/orders/${table.id}`,
    [
      { id: venue.salad.id, quantity: 2 },
      { id: venue.water.id, quantity: 3 },
    ],
    guest,
  );
  expect(sent.status).toBe(200);
  const feed = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
  const line = (name: string) => feed.unpaidTableFeed.find((i: any) => i.name === name);
  return { table, guest, feed, salad: line("Χωριάτικη"), water: line("Νερό") };
}

/** Starts a card payment and follows the Location to the sandbox checkout's decision, as a browser would. */
async function payByCard(tableId: number, guest: string, itemsCount: unknown[], decision: "approve" | "decline" = "approve") {
  const started = await api.post(`/api/orders/${tableId}/pay`, { itemsCount }, guest);
  expect(started.status).toBe(200);
  const location = String(started.headers.get("location"));
  expect(location).toMatch(/^\/sandbox\/card-checkout\?ref=\d{16}$/);
  const page = await fetch(`${server.baseUrl}${location}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("sandbox-approve");
  const ref = new URL(location, server.baseUrl).searchParams.get("ref") as string;
  const back = await fetch(`${server.baseUrl}/sandbox/card-checkout/${decision}?ref=${ref}`, {
    method: "POST",
    redirect: "manual",
  });
  expect(back.status).toBe(303);
  const returned = new URL(String(back.headers.get("location")), server.baseUrl);
  return { started, returned, s: returned.searchParams.get("s") as string, t: returned.searchParams.get("t") as string };
}

const complete = (s: string, t: string, token: string) =>
  api.get(`/api/orders/complete-payment?s=${encodeURIComponent(s)}&t=${encodeURIComponent(t)}`, token);
const unitsOf = (ids: number[]) => server.database.db.select().from(orderProducts).where(inArray(orderProducts.id, ids));

describe("paying by card online (sandbox provider)", () => {
  it("pays part of the bill once the provider confirms; everyone at the table sees it live", async () => {
    const { table, guest, feed, salad } = await tableWithOrder();
    const other = await api.seatedGuest(table.id);
    const live = await listen(server.wsUrl, other, `/topic/customer/el/${table.id}`);
    const { started, returned, s, t } = await payByCard(table.id, guest, [
      { orderProductId: salad.orderProductIds[0], quantity: 2 },
    ]);
    expect(started.body).toMatchObject({ amount: 1900 });
    expect(returned.pathname).toBe("/service/customer/successful-payment");
    expect(s).toBe(started.body.orderCode);

    const done = await complete(s, t, guest);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ tableCode: table.code, paidProductCount: 2, paidAmount: 1900 });
    const pushed = await live.next((m: any) => m.totalUnpaidCount === 3);
    expect(pushed.totalUnpaidPrice).toBe(300);
    await live.close();

    const [payment] = await server.database.db.select().from(payments).where(eq(payments.providerOrderCode, s));
    expect(payment).toMatchObject({
      provider: "sandbox",
      providerTransactionId: t,
      status: "COMPLETED",
      type: "PARTIAL",
      channel: "CARD",
      amountCents: 1900,
      cardCents: 1900,
    });
    const units = await unitsOf(payment.items);
    expect(units.map((u) => u.paymentStatus)).toEqual(["PAID", "PAID"]);
    expect(units.every((u) => u.productId === venue.salad.id && u.paymentId === payment.id)).toBe(true);
    const [session] = await server.database.db.select().from(tableSessions).where(eq(tableSessions.id, feed.sessionId));
    expect(session.status).toBe("OPEN");

    // The same return again (a reload, a replay) pays nothing.
    const replay = await complete(s, t, guest);
    expect(replay.status).toBe(400);
    expect(errorOf(replay)).toBe("error.already_paid");

    // The waiters get one payment notification with what was paid, and checking it ends it.
    await api.post(`/api/feed/${table.id}/assign-me`, { active: true }, waiter);
    const notices = (await api.get("/api/feed/get-employee-feed", waiter)).body.filter(
      (task: any) => task.placementId === table.id && task.type === "PAYMENT_NOTIFICATION",
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ sum: 1900, itemCount: 2 });
    expect((await api.post(`/api/feed/complete-request/${notices[0].requestId}`, {}, waiter)).status).toBe(200);
    const after = (await api.get("/api/feed/get-employee-feed", waiter)).body;
    expect(after.some((task: any) => task.requestId === notices[0].requestId)).toBe(false);
  });

  it("paying the rest by card closes the session and settles the waiter request with -1 and what was paid", async () => {
    const { table, guest, feed, water, salad } = await tableWithOrder();
    const asked = await api.post(
      `/api/cq-table/payment-request/${table.id}`,
      { itemsCount: [{ orderProductId: water.orderProductIds[0], quantity: 3 }], pos: false },
      guest,
    );
    expect(asked.status).toBe(200);
    const topic = await listen(server.wsUrl, guest, `/topic/payment-request/${table.id}`);
    const itemsCount = [
      { orderProductId: salad.orderProductIds[0], quantity: 2 },
      { orderProductId: water.orderProductIds[0], quantity: 3 },
    ];
    const { s, t } = await payByCard(table.id, guest, itemsCount);
    const done = await complete(s, t, guest);
    expect(done.body).toMatchObject({ paidProductCount: 5, paidAmount: 2200 });
    expect(await topic.next((m: any) => m.requestId === -1)).toEqual({ requestId: -1, paidProductCount: 5, paidAmount: 2200 });
    await topic.close();
    const [request] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, asked.body.id));
    expect(request.status).toBe("COMPLETED");
    const [session] = await server.database.db.select().from(tableSessions).where(eq(tableSessions.id, feed.sessionId));
    expect(session.status).toBe("CLOSED");
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.providerOrderCode, s));
    expect(payment.type).toBe("FULL");
  });

  it("a declined card pays nothing, fail-payment frees the pieces and answers the table code", async () => {
    const { table, guest, salad } = await tableWithOrder();
    const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 1 }];
    const { returned, s, t } = await payByCard(table.id, guest, itemsCount, "decline");
    expect(returned.pathname).toBe("/service/customer/failed-payment");
    // While the order was open the waiter could not collect those pieces.
    const declinedCompletion = await complete(s, t, guest);
    expect(declinedCompletion.status).toBe(400);
    expect(errorOf(declinedCompletion)).toBe("error.payment_not_verified");
    const failed = await api.get(`/api/orders/fail-payment?s=${s}`, guest);
    expect(failed.status).toBe(200);
    expect(failed.body).toEqual({ tableCode: table.code });
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.providerOrderCode, s));
    expect(payment.status).toBe("FAILED");
    expect((await unitsOf(payment.items))[0].paymentStatus).toBe("UNPAID");
    const zero = { discountAmount: 0, cardAmount: 0, onCreditAmount: 0, isGift: false };
    const collected = await api.post(
      `/api/feed/table/${table.id}/complete-orders`,
      { ...zero, itemsCount, cashAmount: 950 },
      waiter,
    );
    expect(collected.status).toBe(200);
  });

  it("holds the chosen pieces: the waiter cannot collect them while the guest is at the checkout", async () => {
    const { table, guest, salad, water } = await tableWithOrder();
    const started = await api.post(
      `/api/orders/${table.id}/pay`,
      { itemsCount: [{ orderProductId: salad.orderProductIds[0], quantity: 2 }] },
      guest,
    );
    expect(started.status).toBe(200);
    const zero = { discountAmount: 0, cardAmount: 0, onCreditAmount: 0, isGift: false };
    const held = await api.post(
      `/api/feed/table/${table.id}/complete-orders`,
      { ...zero, itemsCount: [{ orderProductId: salad.orderProductIds[0], quantity: 1 }], cashAmount: 950 },
      waiter,
    );
    expect(held.status).toBe(400);
    expect(errorOf(held)).toBe("error.active_payment_exists");
    const all = await api.post(`/api/feed/table/${table.id}/complete-orders?payAll=true`, { ...zero, cashAmount: 2200 }, waiter);
    expect(errorOf(all)).toBe("error.active_payment_exists");
    // Other pieces stay collectable.
    const waters = await api.post(
      `/api/feed/table/${table.id}/complete-orders`,
      { ...zero, itemsCount: [{ orderProductId: water.orderProductIds[0], quantity: 3 }], cashAmount: 300 },
      waiter,
    );
    expect(waters.status).toBe(200);
    // Nobody at the table can take a held piece off the order meanwhile.
    const removed = await api.del(`/api/orders/${table.id}/product/${salad.orderProductIds[0]}`, guest);
    expect(errorOf(removed)).toBe("error.active_payment_exists");
    // The guest starting over (back from the checkout) releases their own earlier hold.
    const again = await api.post(
      `/api/orders/${table.id}/pay`,
      { itemsCount: [{ orderProductId: salad.orderProductIds[0], quantity: 2 }] },
      guest,
    );
    expect(again.status).toBe(200);
    const rows = await server.database.db.select().from(payments).where(eq(payments.tableId, table.id));
    expect(rows.filter((p) => p.status === "PENDING")).toHaveLength(1);
  });

  it("refuses bad inputs: paid pieces, a table not checked in to, a body out of shape", async () => {
    const { table, guest, salad, water } = await tableWithOrder();
    const zero = { discountAmount: 0, cardAmount: 0, onCreditAmount: 0, isGift: false };
    const itemsCount = [{ orderProductId: water.orderProductIds[0], quantity: 3 }];
    expect(
      (await api.post(`/api/feed/table/${table.id}/complete-orders`, { ...zero, itemsCount, cashAmount: 300 }, waiter)).status,
    ).toBe(200);
    const paidAlready = await api.post(`/api/orders/${table.id}/pay`, { itemsCount }, guest);
    expect(paidAlready.status).toBe(400);
    expect(errorOf(paidAlready)).toBe("error.product_not_in_current_order");

    const stranger = await api.seatedGuest(venue.table.id);
    const notHere = await api.post(
      `/api/orders/${table.id}/pay`,
      { itemsCount: [{ orderProductId: salad.orderProductIds[0], quantity: 1 }] },
      stranger,
    );
    expect(notHere.status).toBe(403);
    const orderNotHere = await api.post(`/api/orders/${table.id}`, [{ id: venue.water.id, quantity: 1 }], stranger);
    expect(orderNotHere.status).toBe(403);

    for (const body of [
      {},
      { itemsCount: [] },
      { itemsCount: [{ orderProductId: "x", quantity: 1 }] },
      { itemsCount: [{ orderProductId: 1, quantity: 0 }] },
    ]) {
      const bad = await api.post(`/api/orders/${table.id}/pay`, body, guest);
      expect(bad.status).toBe(400);
    }
    expect(
      (await api.post(`/api/orders/${table.id}/pay`, { itemsCount: [{ orderProductId: salad.orderProductIds[0], quantity: 1 }] }))
        .status,
    ).toBe(401);
    expect((await api.get("/api/orders/complete-payment?s=abc&t=x", guest)).status).toBe(400);
    expect((await api.get("/api/orders/complete-payment?s=123", guest)).status).toBe(400);
  });

  it("pays nothing for a forged, foreign or unknown return", async () => {
    const { table, guest, salad, water } = await tableWithOrder();
    const a = await payByCard(table.id, guest, [{ orderProductId: salad.orderProductIds[0], quantity: 1 }]);
    // Read by staff: the guest opening their table page would settle the charged order by itself.
    const unpaidNow = async () => (await api.get(`/api/feed/table/${table.id}/products`, waiter)).body.totalUnpaidCount;
    const unpaidBefore = await unpaidNow();

    // Another order's approved transaction with this order code (s/t mismatch).
    const other = await tableWithOrder();
    const b = await payByCard(other.table.id, other.guest, [{ orderProductId: other.water.orderProductIds[0], quantity: 1 }]);
    const mismatch = await complete(a.s, b.t, guest);
    expect(mismatch.status).toBe(400);
    expect(errorOf(mismatch)).toBe("error.payment_not_verified");
    // A transaction the provider does not know, an order code nobody made.
    expect(errorOf(await complete(a.s, "3f1c8f1e-0000-4000-8000-000000000000", guest))).toBe("error.payment_not_verified");
    expect(errorOf(await complete("1234567890123456", a.t, guest))).toBe("error.payment_not_verified");
    // The other table's genuine return, brought by a guest who is not at that table.
    const foreign = await complete(b.s, b.t, guest);
    expect(foreign.status).toBe(403);
    expect((await api.get(`/api/orders/fail-payment?s=${b.s}`, guest)).status).toBe(403);
    expect(await unpaidNow()).toBe(unpaidBefore);

    // An approved transaction whose amount differs from the held amount pays nothing either.
    const c = await payByCard(table.id, guest, [{ orderProductId: water.orderProductIds[0], quantity: 1 }]);
    await server.database.db.update(payments).set({ amountCents: 101 }).where(eq(payments.providerOrderCode, c.s));
    expect(errorOf(await complete(c.s, c.t, guest))).toBe("error.payment_not_verified");

    // The genuine ones still work, once.
    expect((await complete(b.s, b.t, other.guest)).status).toBe(200);
    expect((await complete(a.s, a.t, guest)).body).toMatchObject({ paidProductCount: 1, paidAmount: 950 });
    expect(errorOf(await complete(a.s, a.t, guest))).toBe("error.already_paid");
  });

  it("a guest starting a card payment and a waiter collecting the same pieces at once never both take them", async () => {
    for (let round = 0; round < 4; round++) {
      const { table, guest, salad } = await tableWithOrder();
      const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 2 }];
      const zero = { discountAmount: 0, cardAmount: 0, onCreditAmount: 0, isGift: false };
      const [started, cash] = await Promise.all([
        api.post(`/api/orders/${table.id}/pay`, { itemsCount }, guest),
        api.post(`/api/feed/table/${table.id}/complete-orders`, { ...zero, itemsCount, cashAmount: 1900 }, waiter),
      ]);
      expect([started.status, cash.status].filter((status) => status === 200)).toHaveLength(1);
      if (started.status === 200) {
        expect(errorOf(cash)).toBe("error.active_payment_exists");
      } else {
        expect(errorOf(started)).toBe("error.product_not_in_current_order");
        const rows = await server.database.db.select().from(payments).where(eq(payments.tableId, table.id));
        expect(rows.filter((p) => p.status === "PENDING")).toHaveLength(0);
      }
    }
  });

  it("a lapsed hold and a waiter's collection racing the guest's return never both pay", async () => {
    for (let round = 0; round < 4; round++) {
      const { table, guest, salad } = await tableWithOrder();
      const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 2 }];
      const { s, t } = await payByCard(table.id, guest, itemsCount);
      // The hold lapsed (the guest took too long): both the waiter and the return may try.
      await server.database.db
        .update(payments)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(payments.providerOrderCode, s));
      const zero = { discountAmount: 0, cardAmount: 0, onCreditAmount: 0, isGift: false };
      const [online, cash] = await Promise.all([
        complete(s, t, guest),
        api.post(`/api/feed/table/${table.id}/complete-orders`, { ...zero, itemsCount, cashAmount: 1900 }, waiter),
      ]);
      const wins = [online, cash].filter((r) => r.status === 200);
      expect(wins).toHaveLength(1);
      expect([errorOf(online), errorOf(cash)].filter(Boolean)).toEqual(["error.already_paid"]);
      const rows = await server.database.db.select().from(payments).where(eq(payments.tableId, table.id));
      const completed = rows.filter((p) => p.status === "COMPLETED");
      expect(completed).toHaveLength(1);
      const units = await unitsOf(completed[0].items);
      expect(units.every((u) => u.paymentStatus === "PAID" && u.paymentId === completed[0].id)).toBe(true);
      // Money the provider took for pieces the waiter collected is marked for a refund.
      if (cash.status === 200) expect(rows.find((p) => p.providerOrderCode === s)?.status).toBe("REFUND_DUE");
    }
  });
});
