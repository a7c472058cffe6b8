import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { cardTerminals, orderProducts, payments, sandboxTerminalSales, tableSessions, waiterRequests } from "../src/db/schema.ts";
import { buildRunningVenue, buildStaff, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { listen } from "./support/stomp-client.ts";
import { createMigratedDurableDatabaseUrl, startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * Card terminals at the table with the sandbox terminal (the embedded default): a collection with
 * a card part and a chosen terminal waits PENDING with its pieces held; the sandbox terminal's page
 * approves or declines it; a terminal that never answers times out. Everything a waiter's screen
 * sees arrives on /topic/payment-update/{tableId}.
 */

type Venue = Awaited<ReturnType<typeof buildRunningVenue>>;

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let venue: Venue;
let other: Venue;
let waiter: string;
let admin: string;
let terminalId: number;

async function buildTerminal(db: Db, retailerId: number, values: Partial<typeof cardTerminals.$inferInsert> = {}) {
  const [terminal] = await db
    .insert(cardTerminals)
    .values({ retailerId, friendlyName: "POS 1", tid: "12345678", mid: "1234567", type: "Viva", ...values })
    .returning();
  return terminal;
}

beforeAll(async () => {
  server = await startTestServer({ env: { CARD_TERMINAL_POLL_MS: "50" } });
  api = apiClient(server.baseUrl);
  venue = await buildRunningVenue(server.database.db);
  other = await buildRunningVenue(server.database.db);
  waiter = await api.login(venue.waiter.login);
  admin = await api.login(venue.admin.login);
  terminalId = (await buildTerminal(server.database.db, venue.venue.id)).id;
});
afterAll(async () => server?.close());

const errorOf = (answer: { headers: Headers }) => answer.headers.get("x-app-error");
const zero = { discountAmount: 0, cardAmount: 0, cashAmount: 0, onCreditAmount: 0, isGift: false };

/** A fresh table whose guest ordered 2 salads (9.50 €) and 3 waters (1 €). */
async function tableWithOrder(on: { server: TestServer; venue: Venue; waiter: string } = { server, venue, waiter }) {
  const client = apiClient(on.server.baseUrl);
  const table = await buildTable(on.server.database.db, on.venue.venue.id);
  const guest = await client.seatedGuest(table.id);
  const sent = await client.post(
    `/api/orders/${table.id}`,
    [
      { id: on.venue.salad.id, quantity: 2 },
      { id: on.venue.water.id, quantity: 3 },
    ],
    guest,
  );
  expect(sent.status).toBe(200);
  const feed = (await client.get(`/api/feed/table/${table.id}/products`, on.waiter)).body;
  const line = (name: string) => feed.unpaidTableFeed.find((i: any) => i.name === name);
  return { table, guest, feed, salad: line("Χωριάτικη"), water: line("Νερό") };
}

const collect = (tableId: number, body: Record<string, unknown>, token = waiter, on = server) =>
  apiClient(on.baseUrl).post(`/api/feed/table/${tableId}/complete-orders`, body, token);
const unitsOf = (ids: number[], db = server.database.db) =>
  db.select().from(orderProducts).where(inArray(orderProducts.id, ids)).orderBy(orderProducts.id);
const paymentOf = async (id: number, db = server.database.db) => (await db.select().from(payments).where(eq(payments.id, id)))[0];

/** Acts as the card holder at the sandbox terminal, through its page's form, as a browser would. */
async function atTerminal(sessionId: string, decision: "approve" | "decline", on = server) {
  const answer = await fetch(`${on.baseUrl}/sandbox/card-terminal/${decision}?session=${sessionId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  expect(answer.status).toBe(303);
  expect(answer.headers.get("location")).toBe("/sandbox/card-terminal");
}

async function terminalPage(on = server, query = "") {
  const page = await fetch(`${on.baseUrl}/sandbox/card-terminal${query}`);
  expect(page.status).toBe(200);
  return page.text();
}

describe("the terminals a waiter may choose", () => {
  it("lists the venue's own terminals to its waiter, cash desk and admin only", async () => {
    const removed = await buildTerminal(server.database.db, venue.venue.id, {
      friendlyName: "Old POS",
      tid: "87654321",
      deletedAt: new Date(),
    });
    const foreign = await buildTerminal(server.database.db, other.venue.id, { friendlyName: "Their POS" });
    const listed = await api.get("/api/feed/card-terminals", waiter);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ id: terminalId, friendlyName: "POS 1", type: "Viva" }]);
    expect(listed.body.map((t: any) => t.id)).not.toContain(removed.id);
    expect(listed.body.map((t: any) => t.id)).not.toContain(foreign.id);
    const cashDesk = await buildStaff(server.database.db, venue.venue.id, "CASH_DESK");
    expect((await api.get("/api/feed/card-terminals", await api.login(cashDesk.login))).status).toBe(200);
    expect((await api.get("/api/feed/card-terminals", admin)).status).toBe(200);
    expect((await api.get("/api/feed/card-terminals", await api.login(venue.cook.login))).status).toBe(403);
    expect((await api.get("/api/feed/card-terminals", await api.guest())).status).toBe(403);
    expect((await api.get("/api/feed/card-terminals")).status).toBe(401);
  });
});

describe("collecting by card terminal (sandbox terminal)", () => {
  it("approved: the pieces are paid like any collection, with the cash part and discount; SUCCESS is pushed", async () => {
    const { table, guest, feed } = await tableWithOrder();
    expect(feed.totalUnpaidPrice).toBe(2200);
    const itemsCount = feed.unpaidTableFeed.map((i: any) => ({ orderProductId: i.orderProductIds[0], quantity: i.quantity }));
    const asked = await api.post(`/api/cq-table/payment-request/${table.id}`, { itemsCount, pos: true }, guest);
    expect(asked.status).toBe(200);
    const updates = await listen(server.wsUrl, waiter, `/topic/payment-update/${table.id}`);
    const guestTopic = await listen(server.wsUrl, guest, `/topic/payment-request/${table.id}`);

    const started = await collect(table.id, {
      ...zero,
      payAll: true,
      discountAmount: 100,
      cashAmount: 1000,
      cardAmount: 1100,
      selectedTerminalId: terminalId,
    });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ status: "PENDING", paymentId: expect.any(Number), cardAmount: 1100 });
    const pending = await paymentOf(started.body.paymentId);
    expect(pending).toMatchObject({
      status: "PENDING",
      type: "FULL",
      amountCents: 2100,
      cashCents: 1000,
      cardCents: 1100,
      discountCents: 100,
      cardTerminalId: terminalId,
      terminalId: "12345678",
      provider: "sandbox-terminal",
      collectedByUserId: venue.waiter.id,
    });
    expect(pending.items).toHaveLength(5);
    expect(pending.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    // Nothing is paid yet, and the held pieces cannot be collected meanwhile.
    expect((await unitsOf(pending.items)).every((u) => u.paymentStatus === "UNPAID")).toBe(true);
    const meanwhile = await collect(table.id, { ...zero, payAll: true, cashAmount: 2200 }, admin);
    expect(meanwhile.status).toBe(400);
    expect(errorOf(meanwhile)).toBe("error.active_payment_exists");

    // A waiting screen that missed the push can ask; another venue cannot.
    const statusOf = (token = waiter) => api.get(`/api/feed/payment/${pending.id}/status`, token);
    expect((await statusOf()).body).toEqual({ status: "PENDING", paymentId: pending.id });
    expect((await statusOf(await api.login(other.waiter.login))).status).toBe(404);
    expect((await statusOf(guest)).status).toBe(403);

    // The terminal shows the card part only.
    const page = await terminalPage();
    expect(page).toContain(`data-session="${pending.providerOrderCode}"`);
    expect(page).toContain("11,00");
    expect(page).toContain(`Τραπέζι ${table.label}`);
    await atTerminal(pending.providerOrderCode as string, "approve");

    expect(await updates.next((m: any) => m.paymentId === pending.id)).toEqual({ status: "SUCCESS", paymentId: pending.id });
    expect((await statusOf()).body).toEqual({ status: "SUCCESS", paymentId: pending.id });
    const done = await paymentOf(pending.id);
    expect(done.status).toBe("COMPLETED");
    expect(done.providerTransactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(done.completedAt).toBeInstanceOf(Date);
    const units = await unitsOf(done.items);
    expect(units.every((u) => u.paymentStatus === "PAID" && u.paymentId === done.id)).toBe(true);
    // The discount is split over the pieces exactly, as a collection without a terminal splits it.
    expect(units.reduce((sum, u) => sum + u.discountCents, 0)).toBe(100);
    const [session] = await server.database.db
      .select()
      .from(tableSessions)
      .where(eq(tableSessions.id, Number(done.sessionId)));
    expect(session.status).toBe("CLOSED");
    const [request] = await server.database.db.select().from(waiterRequests).where(eq(waiterRequests.id, asked.body.id));
    expect(request).toMatchObject({ status: "COMPLETED", completedByUserId: venue.waiter.id });
    // The guest's pending request completes with -1 and what was paid.
    expect(await guestTopic.next((m: any) => m.requestId === -1)).toEqual({
      requestId: -1,
      paidProductCount: 5,
      paidAmount: 2100,
    });
    expect(await terminalPage()).not.toContain(`data-session="${pending.providerOrderCode}"`);
    // Approving twice, or the sweep looking again, pays and tells nothing more.
    await atTerminal(pending.providerOrderCode as string, "approve");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(updates.messages.filter((m: any) => m.paymentId === pending.id)).toHaveLength(1);
    await updates.close();
    await guestTopic.close();
  });

  it("declined: FAILED is pushed, nothing is paid, and the pieces can be collected again at once", async () => {
    const { table, salad } = await tableWithOrder();
    const updates = await listen(server.wsUrl, admin, `/topic/payment-update/${table.id}`);
    const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 1 }];
    const started = await collect(table.id, { ...zero, itemsCount, cardAmount: 950, selectedTerminalId: String(terminalId) });
    expect(started.body).toMatchObject({ status: "PENDING", cardAmount: 950 });
    const pending = await paymentOf(started.body.paymentId);
    expect(pending.type).toBe("PARTIAL");
    await atTerminal(pending.providerOrderCode as string, "decline");
    expect(await updates.next((m: any) => m.paymentId === pending.id)).toEqual({ status: "FAILED", paymentId: pending.id });
    expect((await api.get(`/api/feed/payment/${pending.id}/status`, admin)).body).toEqual({
      status: "FAILED",
      paymentId: pending.id,
    });
    const failed = await paymentOf(pending.id);
    expect(failed.status).toBe("FAILED");
    expect(failed.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await unitsOf(pending.items)).map((u) => u.paymentStatus)).toEqual(["UNPAID"]);
    const [sale] = await server.database.db
      .select()
      .from(sandboxTerminalSales)
      .where(eq(sandboxTerminalSales.sessionId, pending.providerOrderCode as string));
    expect(sale).toMatchObject({ status: "DECLINED", eventId: 1006, transactionId: null });
    const cash = await collect(table.id, { ...zero, itemsCount, cashAmount: 950 });
    expect(cash.status).toBe(200);
    expect(cash.body.status).toBe("COMPLETED");
    await updates.close();
  });

  it("a gift or an all-cash collection ignores the terminal and completes at once", async () => {
    const { table, salad, water } = await tableWithOrder();
    const cash = await collect(table.id, {
      ...zero,
      itemsCount: [{ orderProductId: salad.orderProductIds[0], quantity: 1 }],
      cashAmount: 950,
      selectedTerminalId: terminalId,
    });
    expect(cash.body.status).toBe("COMPLETED");
    const gift = await collect(table.id, {
      ...zero,
      isGift: true,
      itemsCount: [{ orderProductId: water.orderProductIds[0], quantity: 1 }],
      selectedTerminalId: terminalId,
    });
    expect(gift.body.status).toBe("COMPLETED");
    const rows = await server.database.db.select().from(payments).where(eq(payments.tableId, table.id));
    expect(rows.every((p) => p.status === "COMPLETED" && p.cardTerminalId === null)).toBe(true);
  });

  it("refuses a terminal that is not this venue's, an unknown or removed one, and amounts that do not add up", async () => {
    const { table, salad } = await tableWithOrder();
    const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 1 }];
    const theirs = await buildTerminal(server.database.db, other.venue.id, { tid: "11112222" });
    const removed = await buildTerminal(server.database.db, venue.venue.id, { tid: "33334444", deletedAt: new Date() });
    for (const selectedTerminalId of [theirs.id, String(theirs.id), removed.id, 99_999_999, "abc", "T1", -1]) {
      const answer = await collect(table.id, { ...zero, itemsCount, cardAmount: 950, selectedTerminalId });
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toBe("error.terminal_not_available");
    }
    const short = await collect(table.id, { ...zero, itemsCount, cardAmount: 900, selectedTerminalId: terminalId });
    expect(errorOf(short)).toBe("error.amounts_do_not_add_up");
    // Another venue's waiter cannot use this venue's terminal on their own table either.
    const theirWaiter = await api.login(other.waiter.login);
    const theirTable = await tableWithOrder({ server, venue: other, waiter: theirWaiter });
    const crossed = await collect(
      theirTable.table.id,
      {
        ...zero,
        itemsCount: [{ orderProductId: theirTable.salad.orderProductIds[0], quantity: 1 }],
        cardAmount: 950,
        selectedTerminalId: terminalId,
      },
      theirWaiter,
    );
    expect(errorOf(crossed)).toBe("error.terminal_not_available");
    const rows = await server.database.db
      .select()
      .from(payments)
      .where(inArray(payments.tableId, [table.id, theirTable.table.id]));
    expect(rows).toHaveLength(0);
    expect((await unitsOf(salad.orderProductIds)).map((u) => u.paymentStatus)).toEqual(["UNPAID", "UNPAID"]);
  });

  it("a table whose pieces wait at a terminal cannot be transferred meanwhile", async () => {
    const { table, salad } = await tableWithOrder();
    const target = await buildTable(server.database.db, venue.venue.id);
    const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 1 }];
    const started = await collect(table.id, { ...zero, itemsCount, cardAmount: 950, selectedTerminalId: terminalId });
    expect(started.body.status).toBe("PENDING");
    const moved = await api.post("/api/feed/transfer-table", { tableId: table.id, targetTableId: target.id }, waiter);
    expect(errorOf(moved)).toBe("error.active_payment_exists");
    const pending = await paymentOf(started.body.paymentId);
    await atTerminal(pending.providerOrderCode as string, "decline");
    expect((await api.post("/api/feed/transfer-table", { tableId: table.id, targetTableId: target.id }, waiter)).status).toBe(
      200,
    );
  });
});

describe("two collections of the same pieces at once", () => {
  it("a waiter by terminal and another in cash: exactly one takes them, nothing is paid twice", async () => {
    for (let round = 0; round < 4; round++) {
      const { table, salad, water } = await tableWithOrder();
      const itemsCount = [
        { orderProductId: salad.orderProductIds[0], quantity: 2 },
        { orderProductId: water.orderProductIds[0], quantity: 1 },
      ];
      const [byTerminal, inCash] = await Promise.all([
        collect(table.id, { ...zero, itemsCount, cardAmount: 2000, selectedTerminalId: terminalId }, waiter),
        collect(table.id, { ...zero, itemsCount, cashAmount: 2000 }, admin),
      ]);
      expect([byTerminal.status, inCash.status].sort()).toEqual([200, 400]);
      const rows = await server.database.db.select().from(payments).where(eq(payments.tableId, table.id));
      expect(rows).toHaveLength(1);
      if (byTerminal.status === 200) {
        expect(errorOf(inCash)).toBe("error.active_payment_exists");
        await atTerminal(rows[0].providerOrderCode as string, "approve");
      } else {
        expect(errorOf(byTerminal)).toBe("error.already_paid");
      }
      const paid = await paymentOf(rows[0].id);
      expect(paid.status).toBe("COMPLETED");
      const units = await unitsOf([...salad.orderProductIds, water.orderProductIds[0]]);
      expect(units.every((u) => u.paymentStatus === "PAID" && u.paymentId === paid.id)).toBe(true);
    }
  });

  it("two waiters by terminal: one sale reaches the terminal, the other is told a payment is in progress", async () => {
    const { table, salad } = await tableWithOrder();
    const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 2 }];
    const answers = await Promise.all([
      collect(table.id, { ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminalId }, waiter),
      collect(table.id, { ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminalId }, admin),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.map(errorOf)).toContain("error.active_payment_exists");
    const rows = await server.database.db.select().from(payments).where(eq(payments.tableId, table.id));
    expect(rows.map((p) => p.status)).toEqual(["PENDING"]);
    const sales = await server.database.db
      .select()
      .from(sandboxTerminalSales)
      .where(eq(sandboxTerminalSales.sessionId, rows[0].providerOrderCode as string));
    expect(sales).toHaveLength(1);
    await atTerminal(rows[0].providerOrderCode as string, "approve");
    expect((await unitsOf(salad.orderProductIds)).every((u) => u.paymentStatus === "PAID")).toBe(true);
  });

  it("a guest paying online while a waiter collects by terminal: each piece is paid once", async () => {
    for (let round = 0; round < 4; round++) {
      const { table, guest, salad } = await tableWithOrder();
      const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 2 }];
      const [online, byTerminal] = await Promise.all([
        api.post(`/api/orders/${table.id}/pay`, { itemsCount }, guest),
        collect(table.id, { ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminalId }),
      ]);
      expect([online.status, byTerminal.status].sort()).toEqual([200, 400]);
      expect([errorOf(online), errorOf(byTerminal)].filter(Boolean)).toEqual(["error.active_payment_exists"]);
      if (online.status === 200) {
        // The guest pays at the sandbox checkout and comes back.
        const ref = online.body.orderCode;
        const back = await fetch(`${server.baseUrl}/sandbox/card-checkout/approve?ref=${ref}`, {
          method: "POST",
          redirect: "manual",
        });
        const returned = new URL(String(back.headers.get("location")), server.baseUrl);
        const t = returned.searchParams.get("t") as string;
        expect((await api.get(`/api/orders/complete-payment?s=${ref}&t=${t}`, guest)).status).toBe(200);
      } else {
        const [row] = await server.database.db
          .select()
          .from(payments)
          .where(and(eq(payments.tableId, table.id), eq(payments.status, "PENDING")));
        await atTerminal(row.providerOrderCode as string, "approve");
      }
      // Whoever lost tries again now: the pieces are paid, so nothing more is.
      const again = await collect(table.id, { ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminalId });
      expect(again.status).toBe(400);
      const rows = await server.database.db.select().from(payments).where(eq(payments.tableId, table.id));
      const completed = rows.filter((p) => p.status === "COMPLETED");
      expect(completed).toHaveLength(1);
      expect(rows.filter((p) => p.status === "PENDING")).toHaveLength(0);
      const units = await unitsOf(salad.orderProductIds);
      expect(units.every((u) => u.paymentStatus === "PAID" && u.paymentId === completed[0].id)).toBe(true);
    }
  });
});

describe("pieces of one line, some held", () => {
  it("a waiter naming a piece a guest is paying online gets its free twin, and each piece is paid once", async () => {
    const { table, guest, salad } = await tableWithOrder();
    const [first, second] = salad.orderProductIds;
    const online = await api.post(`/api/orders/${table.id}/pay`, { itemsCount: [{ orderProductId: first, quantity: 1 }] }, guest);
    expect(online.status).toBe(200);
    // The waiter's feed still shows one line of two salads and names its first unit.
    const started = await collect(table.id, {
      ...zero,
      itemsCount: [{ orderProductId: first, quantity: 1 }],
      cardAmount: 950,
      selectedTerminalId: terminalId,
    });
    expect(started.body.status).toBe("PENDING");
    const pending = await paymentOf(started.body.paymentId);
    expect(pending.items).toEqual([second]);
    // Both salads are now held: a third collection of the line is told a payment is in progress.
    const third = await collect(
      table.id,
      { ...zero, itemsCount: [{ orderProductId: first, quantity: 1 }], cashAmount: 950 },
      admin,
    );
    expect(errorOf(third)).toBe("error.active_payment_exists");
    await atTerminal(pending.providerOrderCode as string, "approve");
    const ref = online.body.orderCode;
    const back = await fetch(`${server.baseUrl}/sandbox/card-checkout/approve?ref=${ref}`, {
      method: "POST",
      redirect: "manual",
    });
    const t = new URL(String(back.headers.get("location")), server.baseUrl).searchParams.get("t") as string;
    expect((await api.get(`/api/orders/complete-payment?s=${ref}&t=${t}`, guest)).status).toBe(200);
    const units = await unitsOf([first, second]);
    expect(units.map((u) => u.paymentStatus)).toEqual(["PAID", "PAID"]);
    expect(units[1].paymentId).toBe(pending.id);
    expect(units[0].paymentId).not.toBe(pending.id);
  });
});

describe("who hears a table's terminal results", () => {
  it("staff of the venue may listen on /topic/payment-update; guests, cooks and other venues may not", async () => {
    const { table, guest } = await tableWithOrder();
    const topic = `/topic/payment-update/${table.id}`;
    for (const token of [waiter, admin]) {
      const listener = await listen(server.wsUrl, token, topic);
      await listener.close();
    }
    const refused = [
      guest,
      await api.login(venue.cook.login),
      await api.login(other.waiter.login),
      await api.login(other.admin.login),
    ];
    for (const token of refused) await expect(listen(server.wsUrl, token, topic)).rejects.toThrow();
  });
});

describe("a terminal that never answers", () => {
  it("times out: the sale is aborted at the terminal, FAILED is pushed, nothing is paid, the table is payable again", async () => {
    const quick = await startTestServer({ env: { CARD_TERMINAL_TIMEOUT_SECONDS: "1", CARD_TERMINAL_POLL_MS: "50" } });
    try {
      const client = apiClient(quick.baseUrl);
      const here = await buildRunningVenue(quick.database.db);
      const hereWaiter = await client.login(here.waiter.login);
      const terminal = await buildTerminal(quick.database.db, here.venue.id);
      const { table, salad } = await tableWithOrder({ server: quick, venue: here, waiter: hereWaiter });
      const updates = await listen(quick.wsUrl, hereWaiter, `/topic/payment-update/${table.id}`);
      const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 2 }];
      const started = await collect(
        table.id,
        { ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminal.id },
        hereWaiter,
        quick,
      );
      expect(started.body.status).toBe("PENDING");
      const before = Date.now();
      expect(await updates.next((m: any) => m.paymentId === started.body.paymentId, 8000)).toEqual({
        status: "FAILED",
        paymentId: started.body.paymentId,
      });
      expect(Date.now() - before).toBeGreaterThan(500);
      const failed = await paymentOf(started.body.paymentId, quick.database.db);
      expect(failed.status).toBe("FAILED");
      const [sale] = await quick.database.db
        .select()
        .from(sandboxTerminalSales)
        .where(eq(sandboxTerminalSales.sessionId, failed.providerOrderCode as string));
      expect(sale).toMatchObject({ status: "ABORTED", eventId: 1016 });
      // The card holder is too late: the terminal takes no answer for an aborted sale.
      await atTerminal(failed.providerOrderCode as string, "approve", quick);
      expect((await paymentOf(failed.id, quick.database.db)).status).toBe("FAILED");
      expect((await unitsOf(salad.orderProductIds, quick.database.db)).every((u) => u.paymentStatus === "UNPAID")).toBe(true);
      const cash = await collect(table.id, { ...zero, itemsCount, cashAmount: 1900 }, hereWaiter, quick);
      expect(cash.body.status).toBe("COMPLETED");
      await updates.close();
    } finally {
      await quick.close();
    }
  });
});

describe("a restart while a sale waits at the terminal", () => {
  it("loses nothing: the hold stays, the terminal still shows the sale, and its approval pays after the restart", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tableorder-terminal-restart-"));
    const databaseUrl = await createMigratedDurableDatabaseUrl(dataDir);
    let first: TestServer | null = await startTestServer({ databaseUrl, dataDir });
    let second: TestServer | null = null;
    try {
      const here = await buildRunningVenue(first.database.db);
      const terminal = await buildTerminal(first.database.db, here.venue.id);
      const before = apiClient(first.baseUrl);
      const hereWaiter = await before.login(here.waiter.login);
      const { table, salad } = await tableWithOrder({ server: first, venue: here, waiter: hereWaiter });
      const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 2 }];
      const started = await collect(
        table.id,
        { ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminal.id },
        hereWaiter,
        first,
      );
      expect(started.body.status).toBe("PENDING");
      await first.close();
      first = null;

      second = await startTestServer({ databaseUrl, dataDir });
      const after = apiClient(second.baseUrl);
      const token = await after.login(here.waiter.login);
      const updates = await listen(second.wsUrl, token, `/topic/payment-update/${table.id}`);
      const pending = await paymentOf(started.body.paymentId, second.database.db);
      expect(pending.status).toBe("PENDING");
      const meanwhile = await collect(table.id, { ...zero, itemsCount, cashAmount: 1900 }, token, second);
      expect(errorOf(meanwhile)).toBe("error.active_payment_exists");
      expect(await terminalPage(second, "?tid=12345678")).toContain(`data-session="${pending.providerOrderCode}"`);
      await atTerminal(pending.providerOrderCode as string, "approve", second);
      expect(await updates.next((m: any) => m.paymentId === pending.id)).toEqual({ status: "SUCCESS", paymentId: pending.id });
      const units = await unitsOf(salad.orderProductIds, second.database.db);
      expect(units.every((u) => u.paymentStatus === "PAID" && u.paymentId === pending.id)).toBe(true);
      await updates.close();
    } finally {
      await first?.close();
      await second?.close();
    }
  });

  it("a sale decided while no server ran is settled by the next one's watcher", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tableorder-terminal-restart-"));
    const databaseUrl = await createMigratedDurableDatabaseUrl(dataDir);
    const first = await startTestServer({ databaseUrl, dataDir });
    const here = await buildRunningVenue(first.database.db);
    const terminal = await buildTerminal(first.database.db, here.venue.id);
    const hereWaiter = await apiClient(first.baseUrl).login(here.waiter.login);
    const { table, salad } = await tableWithOrder({ server: first, venue: here, waiter: hereWaiter });
    const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 2 }];
    const started = await collect(
      table.id,
      { ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminal.id },
      hereWaiter,
      first,
    );
    const sessionId = (await paymentOf(started.body.paymentId, first.database.db)).providerOrderCode as string;
    await first.close();
    // The terminal's own books record the card holder's approval while the product is down.
    const second = await startTestServer({ databaseUrl, dataDir, env: { CARD_TERMINAL_POLL_MS: "50" } });
    try {
      await second.database.db
        .update(sandboxTerminalSales)
        .set({ status: "SUCCESS", eventId: 0, transactionId: "7f0e6f3a-0000-4000-8000-000000000001", decidedAt: new Date() })
        .where(eq(sandboxTerminalSales.sessionId, sessionId));
      const deadline = Date.now() + 5000;
      let payment = await paymentOf(started.body.paymentId, second.database.db);
      while (payment.status === "PENDING" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        payment = await paymentOf(started.body.paymentId, second.database.db);
      }
      expect(payment.status).toBe("COMPLETED");
      expect((await unitsOf(salad.orderProductIds, second.database.db)).every((u) => u.paymentStatus === "PAID")).toBe(true);
    } finally {
      await second.close();
    }
  });
});

describe("invoicing settings with their card terminals (api/crm/invoicing-details)", () => {
  const valid = {
    isInvoicingEnabled: true,
    name: "Ταβέρνα Test ΙΚΕ",
    description: "Εστιατόριο",
    address: "Οδός 1",
    city: "Αθήνα",
    zip: "10552",
    phone: "2101234567",
    website: "www.example.gr",
    tin: "094019245",
    taxOffice: "Α' Αθηνών",
    gemhNumber: "123456789012",
    terminals: [
      { friendlyName: "Ταμείο", tid: "55556666", mid: "9876543", type: "Viva" },
      { friendlyName: "Μπαρ", tid: "77778888", authorizationCode: "AUTH-1", type: "ePay" },
    ],
  };
  const fieldsOf = (answer: { body: any }) =>
    Object.fromEntries((answer.body.fieldErrors ?? []).map((e: any) => [e.field, e.message]));

  it("an administrator saves and reads them; terminals are matched by TID, removed ones stay for their payments", async () => {
    const here = await buildRunningVenue(server.database.db);
    const token = await api.login(here.admin.login);
    const empty = await api.get("/api/crm/invoicing-details", token);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ isInvoicingEnabled: false, tin: null, terminals: [] });

    const saved = await api.post("/api/crm/invoicing-details", valid, token);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ isInvoicingEnabled: true, tin: "094019245", city: "Αθήνα" });
    expect(saved.body.terminals.map((t: any) => [t.tid, t.type, t.mid, t.authorizationCode])).toEqual([
      ["55556666", "Viva", "9876543", null],
      ["77778888", "ePay", null, "AUTH-1"],
    ]);
    const [viva] = saved.body.terminals;
    // The sandbox drives every type; waiters see both.
    const hereWaiter = await api.login(here.waiter.login);
    expect((await api.get("/api/feed/card-terminals", hereWaiter)).body.map((t: any) => t.friendlyName)).toEqual([
      "Μπαρ",
      "Ταμείο",
    ]);

    // Renamed (same TID keeps its id) and the other removed.
    const again = await api.post(
      "/api/crm/invoicing-details",
      { ...valid, terminals: [{ ...valid.terminals[0], friendlyName: "POS Ταμείου" }] },
      token,
    );
    expect(again.body.terminals).toEqual([{ ...viva, friendlyName: "POS Ταμείου" }]);
    const rows = await server.database.db.select().from(cardTerminals).where(eq(cardTerminals.retailerId, here.venue.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.tid === "77778888")?.deletedAt).toBeInstanceOf(Date);
    expect((await api.get("/api/crm/invoicing-details", token)).body.terminals).toHaveLength(1);

    // Only administrators; another venue's administrator sees their own.
    expect((await api.get("/api/crm/invoicing-details", hereWaiter)).status).toBe(403);
    const cashDesk = await buildStaff(server.database.db, here.venue.id, "CASH_DESK");
    expect((await api.post("/api/crm/invoicing-details", valid, await api.login(cashDesk.login))).status).toBe(403);
    expect((await api.get("/api/crm/invoicing-details")).status).toBe(401);
    const theirs = await api.get("/api/crm/invoicing-details", await api.login(other.admin.login));
    expect(theirs.body.terminals.map((t: any) => t.tid)).not.toContain("55556666");
  });

  it("keeps the spec's rules: tax details while invoicing is on, TID of 8 digits, MID for Viva, a code for others", async () => {
    const here = await buildRunningVenue(server.database.db);
    const token = await api.login(here.admin.login);
    const bad = await api.post(
      "/api/crm/invoicing-details",
      {
        ...valid,
        name: "",
        city: "Athens",
        zip: "1055",
        phone: "210",
        website: "not a site",
        tin: "094019246",
        taxOffice: "Tax 1",
        gemhNumber: "12345",
        terminals: [
          { friendlyName: "", tid: "1234567", mid: "", type: "Viva" },
          { friendlyName: "Μπαρ", tid: "77778888", type: "ePay" },
          { friendlyName: "Διπλό", tid: "77778888", authorizationCode: "X", type: "Nexi" },
          { friendlyName: "Άγνωστο", tid: "11112222", authorizationCode: "X", type: "Acme" },
        ],
      },
      token,
    );
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toBe("error.validation");
    expect(fieldsOf(bad)).toEqual({
      name: "fieldRequired",
      city: "invoicing.city.invalid",
      zip: "invoicing.zip.invalid",
      phone: "invoicing.phone.invalid",
      website: "invoicing.website.invalid",
      tin: "invoicing.tin.invalid",
      taxOffice: "invoicing.taxOffice.invalid",
      gemhNumber: "invoicing.gemhNumber.invalid",
      "terminals.0.friendlyName": "terminal.required",
      "terminals.0.tid": "terminal.tidMid.invalid",
      "terminals.0.mid": "terminal.tidMid.invalid",
      "terminals.1.authorizationCode": "terminal.required",
      "terminals.2.tid": "terminal.tid.duplicate",
      "terminals.3.type": "terminal.required",
    });
    const noTerminal = await api.post("/api/crm/invoicing-details", { ...valid, terminals: [] }, token);
    expect(fieldsOf(noTerminal)).toEqual({ terminals: "invoicing.terminals.required" });
    // Nothing of a refused form was kept.
    expect((await api.get("/api/crm/invoicing-details", token)).body).toMatchObject({ isInvoicingEnabled: false, terminals: [] });
    // With invoicing off the tax details may stay empty, but a listed terminal still needs its details.
    const off = await api.post(
      "/api/crm/invoicing-details",
      { isInvoicingEnabled: false, terminals: [{ friendlyName: "POS", tid: "12345678", mid: "1", type: "Viva" }] },
      token,
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ isInvoicingEnabled: false, name: null, terminals: [{ tid: "12345678" }] });
  });
});

describe("a sale waiting at the terminal, on the waiter's side", () => {
  it("the table's feed shows it; cancelling it aborts it at the terminal, frees the pieces and tells its waiter", async () => {
    const { table, salad } = await tableWithOrder();
    const queue = await listen(server.wsUrl, waiter, "/user/queue/waiter");
    const itemsCount = [{ orderProductId: salad.orderProductIds[0], quantity: 2 }];
    try {
      const started = await collect(table.id, { ...zero, itemsCount, cardAmount: 1900, selectedTerminalId: terminalId });
      expect(started.body.status).toBe("PENDING");
      const pending = await paymentOf(started.body.paymentId);
      // Every staff screen of the table (the waiter's, the cash desk's table window) reads it.
      for (const token of [waiter, admin]) {
        const feed = (await api.get(`/api/feed/table/${table.id}/products`, token)).body;
        expect(feed.terminalSales).toEqual([
          {
            paymentId: pending.id,
            amount: 1900,
            terminalName: "POS 1",
            startedAt: pending.createdAt.toISOString(),
            pieceCount: 2,
          },
        ]);
      }
      const blocked = await collect(table.id, { ...zero, itemsCount, cashAmount: 1900 });
      expect(errorOf(blocked)).toBe("error.active_payment_exists");
      const otherWaiter = await api.login(other.waiter.login);
      expect((await api.post(`/api/feed/payment/${pending.id}/cancel`, {}, otherWaiter)).status).toBe(404);

      const cancelled = await api.post(`/api/feed/payment/${pending.id}/cancel`, {}, waiter);
      expect(cancelled.body).toEqual({ status: "FAILED", paymentId: pending.id });
      const [sale] = await server.database.db
        .select()
        .from(sandboxTerminalSales)
        .where(eq(sandboxTerminalSales.sessionId, pending.providerOrderCode as string));
      // Like Viva: an aborted sale ends as aborted, and takes no late answer.
      expect(sale).toMatchObject({ status: "ABORTED", eventId: 1016 });
      await atTerminal(pending.providerOrderCode as string, "approve");
      expect((await paymentOf(pending.id)).status).toBe("FAILED");
      expect((await unitsOf(pending.items)).every((u) => u.paymentStatus === "UNPAID")).toBe(true);
      expect((await api.get(`/api/feed/table/${table.id}/products`, waiter)).body.terminalSales).toEqual([]);
      expect(await queue.next((m: any) => m.type === "TERMINAL_SALE_FAILED" && m.paymentId === pending.id)).toEqual({
        type: "TERMINAL_SALE_FAILED",
        tableId: table.id,
        tableLabel: table.label,
        paymentId: pending.id,
        amount: 1900,
        terminalName: "POS 1",
      });
      // A sale that already ended stays as it ended.
      expect((await api.post(`/api/feed/payment/${pending.id}/cancel`, {}, waiter)).body.status).toBe("FAILED");
      const cash = await collect(table.id, { ...zero, itemsCount, cashAmount: 1900 });
      expect(cash.body.status).toBe("COMPLETED");
    } finally {
      await queue.close();
    }
  });

  it("a decline reaches the waiter who started the sale on their queue, wherever they are, and no one else", async () => {
    const { table, water } = await tableWithOrder();
    const mine = await listen(server.wsUrl, waiter, "/user/queue/waiter");
    const colleague = await buildStaff(server.database.db, venue.venue.id, "WAITER");
    const others = await listen(server.wsUrl, await api.login(colleague.login), "/user/queue/waiter");
    try {
      const itemsCount = [{ orderProductId: water.orderProductIds[0], quantity: 3 }];
      const started = await collect(table.id, { ...zero, itemsCount, cardAmount: 300, selectedTerminalId: terminalId });
      const pending = await paymentOf(started.body.paymentId);
      await atTerminal(pending.providerOrderCode as string, "decline");
      expect(await mine.next((m: any) => m.type === "TERMINAL_SALE_FAILED")).toMatchObject({
        paymentId: pending.id,
        tableLabel: table.label,
        amount: 300,
      });
      expect(others.messages.filter((m: any) => m.type === "TERMINAL_SALE_FAILED")).toEqual([]);
    } finally {
      await mine.close();
      await others.close();
    }
  });
});
