import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, payments } from "../src/db/schema.ts";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import { listen } from "./support/stomp-client.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

/**
 * Issue 28 A5: a guest who leaves the card checkout without paying (Back, cancel, a failure
 * return) must not block their table's pieces for the provider's whole timeout. Whatever the
 * provider says settles the hold at once; every phone and the waiter see what is held.
 */

let server: TestServer, api: ApiClient, venue: RunningVenue, waiter: string;

beforeAll(async () => {
  [server, api, venue, waiter] = await startVenueServer(buildRunningVenue, ["waiter"]);
});
afterAll(async () => server?.close());

const errorOf = (answer: { headers: Headers }) => answer.headers.get("x-app-error");
const zero = { discountAmount: 0, cardAmount: 0, onCreditAmount: 0, isGift: false };

/** A table whose guest ordered 2 salads and started paying them by card, then left the checkout. */
async function heldTable() {
  const table = await buildTable(server.database.db, venue.venue.id);
  const guest = await api.seatedGuest(table.id);
  expect((await api.post(`/api/orders/${table.id}`, [{ id: venue.salad.id, quantity: 2 }], guest)).status).toBe(200);
  const feed = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
  const itemsCount = [{ orderProductId: feed.unpaidTableFeed[0].orderProductIds[0], quantity: 2 }];
  const started = await api.post(`/api/orders/${table.id}/pay`, { itemsCount }, guest);
  expect(started.status).toBe(200);
  const [payment] = await server.database.db
    .select()
    .from(payments)
    .where(eq(payments.providerOrderCode, started.body.orderCode));
  return { table, guest, itemsCount, orderCode: started.body.orderCode as string, payment };
}

const statusOf = async (paymentId: number) =>
  (await server.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0].status;

/** The guest approves at the sandbox checkout but never comes back to the success return. */
const chargeAtProvider = async (orderCode: string) =>
  expect(
    (await fetch(`${server.baseUrl}/sandbox/card-checkout/approve?ref=${orderCode}`, { method: "POST", redirect: "manual" }))
      .status,
  ).toBe(303);

const collectCash = (tableId: number, itemsCount: unknown[]) =>
  api.post(`/api/feed/table/${tableId}/complete-orders`, { ...zero, itemsCount, cashAmount: 1900 }, waiter);

describe("an online card payment the guest left without paying", () => {
  it("the failure return asks the provider: nothing charged releases the pieces, the waiter collects at once", async () => {
    const { table, guest, itemsCount, orderCode, payment } = await heldTable();
    expect(errorOf(await collectCash(table.id, itemsCount))).toBe("error.active_payment_exists");
    const failed = await api.get(`/api/orders/fail-payment?s=${orderCode}`, guest);
    expect(failed.status).toBe(200);
    expect(await statusOf(payment.id)).toBe("FAILED");
    // The provider's order is closed too: the checkout can no longer charge it.
    const page = await fetch(`${server.baseUrl}/sandbox/card-checkout?ref=${orderCode}`);
    expect(page.status).toBe(404);
    expect((await collectCash(table.id, itemsCount)).status).toBe(200);
  });

  it("a failure return for an order the provider did charge completes the payment instead", async () => {
    const { table, guest, orderCode, payment } = await heldTable();
    await chargeAtProvider(orderCode);
    expect((await api.get(`/api/orders/fail-payment?s=${orderCode}`, guest)).status).toBe(200);
    expect(await statusOf(payment.id)).toBe("COMPLETED");
    const feed = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
    expect(feed.totalUnpaidCount).toBe(0);
  });

  it("the guest opening the table page again releases their own hold; another phone's reading does not", async () => {
    const { table, guest, itemsCount, payment } = await heldTable();
    const other = await api.seatedGuest(table.id);
    const seen = (await api.get(`/api/orders/${table.id}/feed`, other)).body;
    expect(seen.heldPayments).toEqual([{ paymentId: payment.id, heldBy: "ONLINE", orderProductIds: payment.items }]);
    expect(await statusOf(payment.id)).toBe("PENDING");

    const back = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
    expect(back.heldPayments).toEqual([]);
    expect(await statusOf(payment.id)).toBe("FAILED");
    expect((await collectCash(table.id, itemsCount)).status).toBe(200);
  });

  it("the guest opening the table page after the provider charged them sees the pieces paid", async () => {
    const { table, guest, orderCode, payment } = await heldTable();
    await chargeAtProvider(orderCode);
    const back = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
    expect(back.totalUnpaidCount).toBe(0);
    expect(await statusOf(payment.id)).toBe("COMPLETED");
  });

  it("every phone and the waiter see the held pieces, fetched and pushed", async () => {
    const table = await buildTable(server.database.db, venue.venue.id);
    const guest = await api.seatedGuest(table.id);
    const other = await api.seatedGuest(table.id);
    expect((await api.post(`/api/orders/${table.id}`, [{ id: venue.salad.id, quantity: 2 }], guest)).status).toBe(200);
    const feed = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
    expect(feed.heldPayments).toEqual([]);
    const live = await listen(server.wsUrl, other, `/topic/customer/el/${table.id}`);
    const itemsCount = [{ orderProductId: feed.unpaidTableFeed[0].orderProductIds[0], quantity: 1 }];
    const started = await api.post(`/api/orders/${table.id}/pay`, { itemsCount }, guest);
    expect(started.status).toBe(200);
    const pushed = await live.next((m: any) => m.heldPayments?.length === 1);
    await live.close();
    const fetched = (await api.get(`/api/orders/${table.id}/feed`, other)).body;
    expect(pushed.heldPayments).toEqual(fetched.heldPayments);
    expect(fetched.heldPayments[0]).toMatchObject({
      heldBy: "ONLINE",
      orderProductIds: [feed.unpaidTableFeed[0].orderProductIds[0]],
    });
    const staff = (await api.get(`/api/feed/table/${table.id}/products`, waiter)).body;
    expect(staff.heldPayments).toEqual(fetched.heldPayments);
  });
});

describe("a second phone paying by card while the first is at the checkout", () => {
  it("takes the identical pieces nobody is paying, so both can pay their own", async () => {
    const table = await buildTable(server.database.db, venue.venue.id);
    const first = await api.seatedGuest(table.id);
    const second = await api.seatedGuest(table.id);
    expect((await api.post(`/api/orders/${table.id}`, [{ id: venue.salad.id, quantity: 2 }], first)).status).toBe(200);
    const line = (await api.get(`/api/orders/${table.id}/feed`, first)).body.unpaidTableFeed[0];
    const itemsCount = [{ orderProductId: line.orderProductIds[0], quantity: 1 }];
    expect((await api.post(`/api/orders/${table.id}/pay`, { itemsCount }, first)).status).toBe(200);
    const other = await api.post(`/api/orders/${table.id}/pay`, { itemsCount }, second);
    expect(other.status).toBe(200);
    expect(other.body.amount).toBe(950);
    const held = (await api.get(`/api/feed/table/${table.id}/products`, waiter)).body.heldPayments;
    expect(held.flatMap((p: { orderProductIds: number[] }) => p.orderProductIds).sort()).toEqual(
      [...line.orderProductIds].sort(),
    );
  });
});

describe("the waiter releasing an online card payment's hold", () => {
  const release = (paymentId: number, token = waiter) => api.post("/api/feed/release-payment-hold", { paymentId }, token);
  const auditOf = (paymentId: number) =>
    server.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.retailerId, venue.venue.id), eq(auditEntries.kind, "PAYMENT_HOLD_RELEASED")))
      .then((rows) => rows.filter((r) => (r.details as { paymentId?: number }).paymentId === paymentId));

  it("releases once the provider says nothing was charged, audited, and every phone is told", async () => {
    const { table, guest, itemsCount, payment } = await heldTable();
    const live = await listen(server.wsUrl, guest, `/topic/customer/el/${table.id}`);
    expect((await release(payment.id, guest)).status).toBe(403);
    const released = await release(payment.id);
    expect(released.status).toBe(200);
    expect((await live.next((m: any) => m.heldPayments?.length === 0)).totalUnpaidCount).toBe(2);
    await live.close();
    expect(await statusOf(payment.id)).toBe("FAILED");
    const entries = await auditOf(payment.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      tableId: table.id,
      subject: "2× Χωριάτικη",
      amountBeforeCents: 1900,
      amountAfterCents: 0,
      actorRole: "WAITER",
    });
    expect((await collectCash(table.id, itemsCount)).status).toBe(200);
    // Nothing left to release.
    expect(errorOf(await release(payment.id))).toBe("error.payment_hold_not_found");
  });

  it("is refused while the provider says the card was charged, and the payment completes instead", async () => {
    const { table, orderCode, payment } = await heldTable();
    await chargeAtProvider(orderCode);
    const refused = await release(payment.id);
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toBe("error.online_payment_charged");
    expect(await statusOf(payment.id)).toBe("COMPLETED");
    expect(await auditOf(payment.id)).toEqual([]);
    const staff = (await api.get(`/api/feed/table/${table.id}/products`, waiter)).body;
    expect(staff.totalUnpaidCount).toBe(0);
  });
});
