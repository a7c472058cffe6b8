import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { cardTerminals, orderProducts, payments } from "../src/db/schema.ts";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { listen } from "./support/stomp-client.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * A stand-in for Viva's accounts and cloud terminal API on loopback, answering as
 * developer.viva.com documents it: client-credentials tokens; POST /ecr/v1/transactions:sale with
 * an empty 200; GET /ecr/v1/sessions/{id} unknown (404) until the terminal reports, then eventId
 * 1100 while in progress, 0 with a transactionId on success, another event id on failure; DELETE
 * /ecr/v1/sessions/{id}?cashRegisterId= aborts.
 */
class FakeVivaTerminals {
  server: Server;
  url = "";
  tokenRequests: { authorization?: string; body: string }[] = [];
  sales: { authorization?: string; body: any }[] = [];
  aborts: { sessionId: string; cashRegisterId: string | null }[] = [];
  sessions = new Map<string, Record<string, unknown>>();
  failSales = false;
  /** Viva's API down: every call but the token answers 503. */
  down = false;
  revoked = new Set<string>();

  constructor() {
    this.server = createServer(async (request, response) => {
      const body = await read(request);
      const send = (status: number, text: string) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(text);
      };
      const url = new URL(request.url ?? "/", "http://fake");
      if (request.method === "POST" && url.pathname === "/connect/token") {
        this.tokenRequests.push({ authorization: request.headers.authorization, body });
        const expected = `Basic ${Buffer.from("pos-client:pos-secret").toString("base64")}`;
        if (request.headers.authorization !== expected) return send(401, '{"error":"invalid_client"}');
        return send(200, JSON.stringify({ access_token: `token-${this.tokenRequests.length}`, expires_in: 3600 }));
      }
      const bearer = request.headers.authorization?.replace(/^Bearer /, "");
      if (!bearer?.startsWith("token-") || this.revoked.has(bearer)) return send(401, "");
      if (this.down) return send(503, '{"message":"unavailable"}');
      if (request.method === "POST" && url.pathname === "/ecr/v1/transactions:sale") {
        if (this.failSales) return send(503, '{"message":"unavailable"}');
        this.sales.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
        return send(200, "");
      }
      const session = /^\/ecr\/v1\/sessions\/([^/]+)$/.exec(url.pathname);
      if (session && request.method === "GET") {
        const state = this.sessions.get(decodeURIComponent(session[1]));
        return state ? send(200, JSON.stringify(state)) : send(404, '{"message":"session not found"}');
      }
      if (session && request.method === "DELETE") {
        const sessionId = decodeURIComponent(session[1]);
        this.aborts.push({ sessionId, cashRegisterId: url.searchParams.get("cashRegisterId") });
        const state = this.sessions.get(sessionId);
        if (!state || state.eventId === 1100) this.sessions.set(sessionId, { sessionId, eventId: 1016, success: false });
        return send(200, "");
      }
      send(404, "");
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The terminal reports on a session the way Viva's API shows it. */
  report(sessionId: string, eventId: number, extra: Record<string, unknown> = {}) {
    const sale = this.sales.find((s) => s.body.sessionId === sessionId);
    this.sessions.set(sessionId, {
      sessionId,
      terminalId: sale?.body.terminalId,
      cashRegisterId: sale?.body.cashRegisterId,
      amount: sale?.body.amount,
      currencyCode: "978",
      merchantReference: sale?.body.merchantReference,
      eventId,
      success: eventId === 0,
      ...extra,
    });
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

let viva: FakeVivaTerminals;
let server: TestServer;
let quick: TestServer;

const vivaEnv = () => ({
  VIVA_TERMINAL_CLIENT_ID: "pos-client",
  VIVA_TERMINAL_CLIENT_SECRET: "pos-secret",
  VIVA_TERMINAL_CASH_REGISTER_ID: "till-7",
  VIVA_ACCOUNTS_URL: viva.url,
  VIVA_API_URL: viva.url,
  CARD_TERMINAL_POLL_MS: "50",
});

beforeAll(async () => {
  viva = new FakeVivaTerminals();
  await viva.start();
  server = await startTestServer({ env: vivaEnv() });
  quick = await startTestServer({ env: { ...vivaEnv(), CARD_TERMINAL_TIMEOUT_SECONDS: "1" } });
});
afterAll(async () => {
  await server?.close();
  await quick?.close();
  await new Promise((resolve) => viva?.server.close(resolve));
});

const errorOf = (answer: { headers: Headers }) => answer.headers.get("x-app-error");
const zero = { discountAmount: 0, cardAmount: 0, cashAmount: 0, onCreditAmount: 0, isGift: false };

async function buildTerminal(db: Db, retailerId: number, values: Partial<typeof cardTerminals.$inferInsert> = {}) {
  const [terminal] = await db
    .insert(cardTerminals)
    .values({ retailerId, friendlyName: "Viva POS", tid: "16000010", mid: "1234567", type: "Viva", ...values })
    .returning();
  return terminal;
}

/** A venue on `on` with a Viva terminal and a table whose guest ordered 2 salads (9.50 €). */
async function setting(on: TestServer) {
  const api = apiClient(on.baseUrl);
  const venue = await buildRunningVenue(on.database.db);
  const terminal = await buildTerminal(on.database.db, venue.venue.id);
  const waiter = await api.login(venue.waiter.login);
  const table = await buildTable(on.database.db, venue.venue.id);
  const guest = await api.seatedGuest(table.id);
  expect((await api.post(`/api/orders/${table.id}`, [{ id: venue.salad.id, quantity: 2 }], guest)).status).toBe(200);
  const feed = (await api.get(`/api/feed/table/${table.id}/products`, waiter)).body;
  const ids: number[] = feed.unpaidTableFeed[0].orderProductIds;
  const itemsCount = [{ orderProductId: ids[0], quantity: 2 }];
  const collect = (body: Record<string, unknown>) => api.post(`/api/feed/table/${table.id}/complete-orders`, body, waiter);
  const units = () => on.database.db.select().from(orderProducts).where(inArray(orderProducts.id, ids));
  const payment = async (id: number) => (await on.database.db.select().from(payments).where(eq(payments.id, id)))[0];
  return { api, venue, terminal, waiter, table, itemsCount, collect, units, payment };
}

describe("Viva cloud terminal client against a Viva stand-in", () => {
  it("takes a token, sends the sale to the terminal, and pays once the session reports success", async () => {
    const { api, terminal, waiter, table, itemsCount, collect, units, payment } = await setting(server);
    const updates = await listen(server.wsUrl, waiter, `/topic/payment-update/${table.id}`);
    const started = await collect({ ...zero, itemsCount, cashAmount: 900, cardAmount: 1000, selectedTerminalId: terminal.id });
    expect(started.body).toMatchObject({ status: "PENDING", cardAmount: 1000 });
    const pending = await payment(started.body.paymentId);
    expect(pending).toMatchObject({ status: "PENDING", provider: "viva-terminal", terminalId: "16000010" });

    const tokenForm = new URLSearchParams(viva.tokenRequests[0].body);
    expect(tokenForm.get("grant_type")).toBe("client_credentials");
    const sale = viva.sales.find((s) => s.body.sessionId === pending.providerOrderCode);
    expect(sale?.authorization).toMatch(/^Bearer token-/);
    expect(sale?.body).toMatchObject({
      sessionId: pending.providerOrderCode,
      terminalId: "16000010",
      cashRegisterId: "till-7",
      amount: 1000,
      currencyCode: "978",
      merchantReference: String(pending.id),
      tipAmount: 0,
    });
    expect(sale?.body.customerTrns).toContain(table.label);

    // Unknown to Viva yet (404), then in progress: nothing happens.
    await new Promise((resolve) => setTimeout(resolve, 200));
    viva.report(pending.providerOrderCode as string, 1100);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await payment(pending.id)).status).toBe("PENDING");
    expect((await units()).every((u) => u.paymentStatus === "UNPAID")).toBe(true);

    viva.report(pending.providerOrderCode as string, 0, { transactionId: "b2f1c3d4-1111-4222-8333-944455556666" });
    expect(await updates.next((m: any) => m.paymentId === pending.id)).toEqual({ status: "SUCCESS", paymentId: pending.id });
    const done = await payment(pending.id);
    expect(done).toMatchObject({ status: "COMPLETED", providerTransactionId: "b2f1c3d4-1111-4222-8333-944455556666" });
    expect((await units()).every((u) => u.paymentStatus === "PAID" && u.paymentId === pending.id)).toBe(true);
    expect((await api.get("/api/feed/card-terminals", waiter)).body).toEqual([
      { id: terminal.id, friendlyName: "Viva POS", type: "Viva" },
    ]);
    await updates.close();
  });

  it("a card tip is sent inside the sale's amount and marked as tipAmount; the session's amount with it pays", async () => {
    const { waiter, table, terminal, itemsCount, collect, payment } = await setting(server);
    const updates = await listen(server.wsUrl, waiter, `/topic/payment-update/${table.id}`);
    const started = await collect({ ...zero, itemsCount, cardAmount: 1900, tipAmount: 100, selectedTerminalId: terminal.id });
    expect(started.body).toMatchObject({ status: "PENDING", cardAmount: 2000, tipAmount: 100 });
    const pending = await payment(started.body.paymentId);
    const sale = viva.sales.find((s) => s.body.sessionId === pending.providerOrderCode);
    expect(sale?.body).toMatchObject({ amount: 2000, tipAmount: 100 });
    viva.report(pending.providerOrderCode as string, 0, { transactionId: "d00dfeed-1111-4222-8333-944455556666" });
    expect(await updates.next((m: any) => m.paymentId === pending.id)).toEqual({ status: "SUCCESS", paymentId: pending.id });
    expect(await payment(pending.id)).toMatchObject({ status: "COMPLETED", amountCents: 1900, tipCents: 100 });
    await updates.close();
  });

  it("a revoked token is renewed once; a declined session frees the pieces", async () => {
    const { waiter, table, terminal, itemsCount, collect, units, payment } = await setting(server);
    for (let i = 1; i <= viva.tokenRequests.length; i++) viva.revoked.add(`token-${i}`);
    const updates = await listen(server.wsUrl, waiter, `/topic/payment-update/${table.id}`);
    const started = await collect({ ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminal.id });
    expect(started.body.status).toBe("PENDING");
    const pending = await payment(started.body.paymentId);
    viva.report(pending.providerOrderCode as string, 1006);
    expect(await updates.next((m: any) => m.paymentId === pending.id)).toEqual({ status: "FAILED", paymentId: pending.id });
    expect((await payment(pending.id)).status).toBe("FAILED");
    expect((await units()).every((u) => u.paymentStatus === "UNPAID")).toBe(true);
    expect((await collect({ ...zero, itemsCount, cashAmount: 1900 })).body.status).toBe("COMPLETED");
    await updates.close();
  });

  it("an amount other than asked pays nothing and is marked for a refund", async () => {
    const { terminal, itemsCount, collect, units, payment } = await setting(server);
    const started = await collect({ ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminal.id });
    const pending = await payment(started.body.paymentId);
    viva.report(pending.providerOrderCode as string, 0, { transactionId: "c0ffee00-1111-4222-8333-944455556666", amount: 190 });
    const deadline = Date.now() + 5000;
    let row = pending;
    while (row.status === "PENDING" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = await payment(pending.id);
    }
    expect(row).toMatchObject({ status: "REFUND_DUE", providerTransactionId: "c0ffee00-1111-4222-8333-944455556666" });
    expect((await units()).every((u) => u.paymentStatus === "UNPAID")).toBe(true);
  });

  it("Viva unreachable when the sale is sent: terminal_unreachable, nothing held", async () => {
    const { terminal, itemsCount, collect, units, table } = await setting(server);
    viva.failSales = true;
    try {
      const answer = await collect({ ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminal.id });
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toBe("error.terminal_unreachable");
    } finally {
      viva.failSales = false;
    }
    const rows = await server.database.db.select().from(payments).where(eq(payments.tableId, table.id));
    expect(rows.map((p) => p.status)).toEqual(["FAILED"]);
    expect((await units()).every((u) => u.paymentStatus === "UNPAID")).toBe(true);
    expect((await collect({ ...zero, itemsCount, cashAmount: 1900 })).body.status).toBe("COMPLETED");
  });

  it("a terminal type Viva does not drive is neither listed nor usable", async () => {
    const { api, venue, waiter, itemsCount, collect } = await setting(server);
    const epay = await buildTerminal(server.database.db, venue.venue.id, { friendlyName: "ePay", type: "ePay", mid: null });
    expect((await api.get("/api/feed/card-terminals", waiter)).body.map((t: any) => t.id)).not.toContain(epay.id);
    const answer = await collect({ ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: epay.id });
    expect(errorOf(answer)).toBe("error.terminal_not_available");
  });

  it("a session that stays in progress past the timeout is aborted with our cash register id and fails", async () => {
    const { waiter, table, terminal, itemsCount, collect, units, payment } = await setting(quick);
    const updates = await listen(quick.wsUrl, waiter, `/topic/payment-update/${table.id}`);
    const started = await collect({ ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminal.id });
    const pending = await payment(started.body.paymentId);
    viva.report(pending.providerOrderCode as string, 1100);
    expect(await updates.next((m: any) => m.paymentId === pending.id, 8000)).toEqual({ status: "FAILED", paymentId: pending.id });
    expect(viva.aborts).toContainEqual({ sessionId: pending.providerOrderCode, cashRegisterId: "till-7" });
    expect((await payment(pending.id)).status).toBe("FAILED");
    expect((await units()).every((u) => u.paymentStatus === "UNPAID")).toBe(true);
    await updates.close();
  });

  it("a card tapped at the last second still pays: the session is asked once more after the abort", async () => {
    const { waiter, table, terminal, itemsCount, collect, units, payment } = await setting(quick);
    const updates = await listen(quick.wsUrl, waiter, `/topic/payment-update/${table.id}`);
    const started = await collect({ ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminal.id });
    const pending = await payment(started.body.paymentId);
    const sessionId = pending.providerOrderCode as string;
    viva.report(sessionId, 1100);
    // The abort reaches Viva after the card holder paid: the session stays successful.
    const originalSet = viva.sessions.set.bind(viva.sessions);
    viva.sessions.set = (key, value) => {
      if (key === sessionId && value.eventId === 1016) {
        return originalSet(key, {
          ...(viva.sessions.get(key) ?? {}),
          eventId: 0,
          success: true,
          transactionId: "d00dfeed-1111-4222-8333-944455556666",
        });
      }
      return originalSet(key, value);
    };
    try {
      expect(await updates.next((m: any) => m.paymentId === pending.id, 8000)).toEqual({
        status: "SUCCESS",
        paymentId: pending.id,
      });
    } finally {
      viva.sessions.set = originalSet;
    }
    expect((await units()).every((u) => u.paymentStatus === "PAID")).toBe(true);
    await updates.close();
  });

  it("Viva unreachable at the timeout: nothing is decided until it answers again, and a success then still pays", async () => {
    const { waiter, table, terminal, itemsCount, collect, units, payment } = await setting(quick);
    const updates = await listen(quick.wsUrl, waiter, `/topic/payment-update/${table.id}`);
    const started = await collect({ ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminal.id });
    const pending = await payment(started.body.paymentId);
    viva.down = true;
    try {
      await new Promise((resolve) => setTimeout(resolve, 1800));
      // Past the 1 s timeout, but the card may have paid: still held, nothing told.
      expect((await payment(pending.id)).status).toBe("PENDING");
      expect(updates.messages).toHaveLength(0);
      viva.report(pending.providerOrderCode as string, 0, { transactionId: "5ca1ab1e-1111-4222-8333-944455556666" });
    } finally {
      viva.down = false;
    }
    expect(await updates.next((m: any) => m.paymentId === pending.id, 8000)).toEqual({
      status: "SUCCESS",
      paymentId: pending.id,
    });
    expect((await units()).every((u) => u.paymentStatus === "PAID")).toBe(true);
    await updates.close();
  });
});
