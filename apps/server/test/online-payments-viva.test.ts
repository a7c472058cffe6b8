import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments } from "../src/db/schema.ts";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * A stand-in for Viva's accounts and API hosts on loopback, answering as developer.viva.com
 * documents: client-credentials tokens, payment orders with 16-digit codes (beyond JavaScript's
 * exact integers), and transactions whose amount is in euros.
 */
class FakeViva {
  server: Server;
  url = "";
  tokenRequests: { authorization?: string; body: string }[] = [];
  orders: { authorization?: string; body: any; orderCode: string }[] = [];
  transactions = new Map<string, { orderCode: string; statusId: string; amount: number }>();
  tokenSeconds = 3600;
  revoked = new Set<string>();
  cancelled = new Set<string>();
  private nextCode = 9876543210987600n;

  constructor() {
    this.server = createServer(async (request, response) => {
      const body = await read(request);
      const send = (status: number, text: string) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(text);
      };
      const bearer = request.headers.authorization?.replace(/^Bearer /, "");
      const authorized = () => bearer?.startsWith("token-") && !this.revoked.has(bearer);
      if (request.method === "POST" && request.url === "/connect/token") {
        this.tokenRequests.push({ authorization: request.headers.authorization, body });
        const expected = `Basic ${Buffer.from("viva-client:viva-secret").toString("base64")}`;
        if (request.headers.authorization !== expected) return send(401, '{"error":"invalid_client"}');
        return send(
          200,
          JSON.stringify({
            access_token: `token-${this.tokenRequests.length}`,
            expires_in: this.tokenSeconds,
            token_type: "Bearer",
          }),
        );
      }
      if (!authorized()) return send(401, "");
      if (request.method === "POST" && request.url === "/checkout/v2/orders") {
        const orderCode = String(this.nextCode++);
        this.orders.push({ authorization: request.headers.authorization, body: JSON.parse(body), orderCode });
        // Written as a bare number, as Viva does.
        return send(200, `{"orderCode":${orderCode}}`);
      }
      // Cancelling an order: a paid one cannot be (Viva answers an error), an unknown one is a 404.
      const cancel = /^\/api\/orders\/(\d+)$/.exec(request.url ?? "");
      if (request.method === "DELETE" && cancel) {
        const orderCode = cancel[1];
        if (!this.orders.some((o) => o.orderCode === orderCode)) return send(404, "");
        if (this.paidOrder(orderCode)) return send(400, '{"ErrorCode":403,"ErrorText":"Order already paid"}');
        this.cancelled.add(orderCode);
        return send(200, `{"OrderCode":${orderCode},"ErrorCode":0}`);
      }
      // An order's transactions, as the legacy API lists them (amounts in euros, codes as bare numbers).
      const byOrder = /^\/api\/transactions\?ordercode=(\d+)$/.exec(request.url ?? "");
      if (request.method === "GET" && byOrder) {
        const list = [...this.transactions]
          .filter(([, t]) => t.orderCode === byOrder[1])
          .map(
            ([id, t]) =>
              `{"TransactionId":"${id}","StatusId":"${t.statusId}","Amount":${t.amount.toFixed(2)},"Order":{"OrderCode":${t.orderCode}}}`,
          );
        return send(200, `{"Transactions":[${list.join(",")}],"ErrorCode":0}`);
      }
      const match = /^\/checkout\/v2\/transactions\/([^/]+)$/.exec(request.url ?? "");
      if (request.method === "GET" && match) {
        const transaction = this.transactions.get(decodeURIComponent(match[1]));
        if (!transaction) return send(404, '{"message":"not found"}');
        return send(
          200,
          `{"email":"guest@example.com","amount":${transaction.amount.toFixed(2)},"orderCode":${transaction.orderCode},"statusId":"${transaction.statusId}","fullName":"Guest","currencyCode":"978"}`,
        );
      }
      send(404, "");
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  paidOrder(orderCode: string) {
    return [...this.transactions.values()].some((t) => t.orderCode === orderCode && t.statusId === "F");
  }

  /** The guest paid (or failed to pay) an order at Viva's checkout. */
  pay(orderCode: string, cents: number, statusId = "F") {
    const id = randomUUID();
    this.transactions.set(id, { orderCode, statusId, amount: cents / 100 });
    return id;
  }
}

function read(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    request.on("data", (chunk) => {
      data += chunk;
    });
    request.on("end", () => resolve(data));
  });
}

let viva: FakeViva;
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let venue: Awaited<ReturnType<typeof buildRunningVenue>>;

beforeAll(async () => {
  viva = new FakeViva();
  await viva.start();
  server = await startTestServer({
    env: {
      VIVA_CLIENT_ID: "viva-client",
      VIVA_CLIENT_SECRET: "viva-secret",
      VIVA_SOURCE_CODE: "4321",
      VIVA_ACCOUNTS_URL: viva.url,
      VIVA_API_URL: viva.url,
      VIVA_CHECKOUT_URL: "https://demo.vivapayments.com",
    },
  });
  api = apiClient(server.baseUrl);
  venue = await buildRunningVenue(server.database.db);
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => viva?.server.close(resolve));
});

async function seatedOrder() {
  const table = await buildTable(server.database.db, venue.venue.id);
  const guest = await api.seatedGuest(table.id);
  expect((await api.post(`/api/orders/${table.id}`, [{ id: venue.salad.id, quantity: 2 }], guest)).status).toBe(200);
  const feed = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
  return { table, guest, itemsCount: [{ orderProductId: feed.unpaidTableFeed[0].orderProductIds[0], quantity: 2 }] };
}

describe("Viva Smart Checkout client against a Viva stand-in", () => {
  it("takes a token, creates the order, redirects to Viva's checkout, and verifies before paying", async () => {
    const { table, guest, itemsCount } = await seatedOrder();
    const started = await api.post(`/api/orders/${table.id}/pay`, { itemsCount }, guest, { "accept-language": "en" });
    expect(started.status).toBe(200);
    const [order] = viva.orders;
    expect(started.headers.get("location")).toBe(`https://demo.vivapayments.com/web/checkout?ref=${order.orderCode}`);
    expect(started.body.orderCode).toBe(order.orderCode);
    expect(order.body).not.toHaveProperty("tipAmount");
    expect(order.body).toMatchObject({
      amount: 1900,
      sourceCode: "4321",
      paymentTimeout: 900,
      customer: { requestLang: "en-GB" },
    });
    expect(order.authorization).toBe("Bearer token-1");
    expect(viva.tokenRequests).toHaveLength(1);
    const form = new URLSearchParams(viva.tokenRequests[0].body);
    expect(form.get("grant_type")).toBe("client_credentials");

    // A pending transaction, then one for another amount, pay nothing.
    const pending = viva.pay(order.orderCode, 1900, "A");
    const get = (s: string, t: string) => api.get(`/api/orders/complete-payment?s=${s}&t=${t}`, guest);
    expect((await get(order.orderCode, pending)).headers.get("x-app-error")).toBe("error.payment_not_verified");
    const short = viva.pay(order.orderCode, 1800);
    expect((await get(order.orderCode, short)).headers.get("x-app-error")).toBe("error.payment_not_verified");
    expect((await get(order.orderCode, randomUUID())).headers.get("x-app-error")).toBe("error.payment_not_verified");

    const paid = viva.pay(order.orderCode, 1900);
    const done = await get(order.orderCode, paid);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ tableCode: table.code, paidProductCount: 2, paidAmount: 1900 });
    const [row] = await server.database.db.select().from(payments).where(eq(payments.providerOrderCode, order.orderCode));
    expect(row).toMatchObject({ provider: "viva", providerTransactionId: paid, status: "COMPLETED" });
    // Every call so far used the one cached token.
    expect(viva.tokenRequests).toHaveLength(1);
  });

  it("a tip is sent inside the order's amount and marked as tipAmount; only a charge of bill + tip pays", async () => {
    const { table, guest, itemsCount } = await seatedOrder();
    const started = await api.post(`/api/orders/${table.id}/pay`, { itemsCount, tipAmount: 190 }, guest);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ amount: 2090, tipAmount: 190 });
    const order = viva.orders.find((o) => o.orderCode === started.body.orderCode);
    expect(order?.body).toMatchObject({ amount: 2090, tipAmount: 190 });
    const get = (t: string) => api.get(`/api/orders/complete-payment?s=${started.body.orderCode}&t=${t}`, guest);
    // The bill alone is not what the order charged.
    expect((await get(viva.pay(started.body.orderCode, 1900))).headers.get("x-app-error")).toBe("error.payment_not_verified");
    const done = await get(viva.pay(started.body.orderCode, 2090));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ paidAmount: 1900 });
    const [row] = await server.database.db.select().from(payments).where(eq(payments.providerOrderCode, started.body.orderCode));
    expect(row).toMatchObject({ status: "COMPLETED", amountCents: 1900, tipCents: 190, tipMethod: "CARD" });
  });

  it("a guest back without paying: the order is cancelled at Viva and the hold released, or a charge completes it", async () => {
    const left = await seatedOrder();
    const started = await api.post(`/api/orders/${left.table.id}/pay`, { itemsCount: left.itemsCount }, left.guest);
    const orderCode = started.body.orderCode as string;
    viva.pay(orderCode, 1900, "E");
    const failed = await api.get(`/api/orders/fail-payment?s=${orderCode}`, left.guest);
    expect(failed.status).toBe(200);
    expect(viva.cancelled.has(orderCode)).toBe(true);
    const statusOf = async (code: string) =>
      (await server.database.db.select().from(payments).where(eq(payments.providerOrderCode, code)))[0].status;
    expect(await statusOf(orderCode)).toBe("FAILED");

    // Charged at Viva, then Back to the table page: the payment completes, nothing is cancelled.
    const paidThere = await seatedOrder();
    const again = await api.post(`/api/orders/${paidThere.table.id}/pay`, { itemsCount: paidThere.itemsCount }, paidThere.guest);
    const code = again.body.orderCode as string;
    const transactionId = viva.pay(code, 1900);
    const feed = (await api.get(`/api/orders/${paidThere.table.id}/feed`, paidThere.guest)).body;
    expect(feed.totalUnpaidCount).toBe(0);
    expect(viva.cancelled.has(code)).toBe(false);
    const [row] = await server.database.db.select().from(payments).where(eq(payments.providerOrderCode, code));
    expect(row).toMatchObject({ status: "COMPLETED", providerTransactionId: transactionId });
  });

  it("renews the token when Viva refuses it, and answers provider_unavailable when Viva is down", async () => {
    const { table, guest, itemsCount } = await seatedOrder();
    viva.revoked.add("token-1");
    const started = await api.post(`/api/orders/${table.id}/pay`, { itemsCount }, guest);
    expect(started.status).toBe(200);
    expect(viva.tokenRequests).toHaveLength(2);
    expect(viva.orders.at(-1)?.authorization).toBe("Bearer token-2");

    // A token is used until shortly (60 s) before it expires, then a new one is asked for unprompted.
    viva.tokenSeconds = 61;
    viva.revoked.add("token-2");
    const third = await seatedOrder();
    expect((await api.post(`/api/orders/${third.table.id}/pay`, { itemsCount: third.itemsCount }, third.guest)).status).toBe(200);
    expect(viva.tokenRequests).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const fourth = await seatedOrder();
    expect((await api.post(`/api/orders/${fourth.table.id}/pay`, { itemsCount: fourth.itemsCount }, fourth.guest)).status).toBe(
      200,
    );
    expect(viva.tokenRequests).toHaveLength(4);
    expect(viva.orders.at(-1)?.authorization).toBe("Bearer token-4");

    const { table: second, guest: other, itemsCount: items } = await seatedOrder();
    await new Promise((resolve) => viva.server.close(resolve));
    viva.server.closeAllConnections();
    const down = await api.post(`/api/orders/${second.id}/pay`, { itemsCount: items }, other);
    expect(down.status).toBe(400);
    expect(down.headers.get("x-app-error")).toBe("error.payment_provider_unavailable");
    // Nothing stays held when no order was made.
    const rows = await server.database.db.select().from(payments).where(eq(payments.tableId, second.id));
    expect(rows.map((r) => r.status)).toEqual(["FAILED"]);
    await new Promise<void>((resolve) => viva.server.listen(Number(new URL(viva.url).port), "127.0.0.1", resolve));
  });
});
