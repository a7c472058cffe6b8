import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import {
  auditEntries,
  cardTerminals,
  documents,
  payments,
  retailers,
  sandboxCardOrders,
  sandboxCardTransactions,
  sandboxTerminalSales,
} from "../src/db/schema.ts";
import { validateInvoicesDocs } from "../src/integrations/mydata/validate-xml.ts";
import { buildBackOfficeVenue, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { listen } from "./support/stomp-client.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * Tips (issue 32) at the waiter's collection and the cash register, in cash and on the sandbox
 * card terminal: kept on the payment beside the bill, never in its amount; the terminal charges
 * the card part plus a card tip and is told which part is the tip; the refusals answer their keys.
 */

type Venue = Awaited<ReturnType<typeof buildBackOfficeVenue>>;

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let venue: Venue;
let waiter: string;
let desk: string;
let terminalId: number;

const db = (): Db => server.database.db;

beforeAll(async () => {
  server = await startTestServer({ env: { CARD_TERMINAL_POLL_MS: "50" } });
  api = apiClient(server.baseUrl);
  venue = await buildBackOfficeVenue(db());
  waiter = await api.login(venue.waiter.login);
  desk = await api.login(venue.cashDesk.login);
  const [terminal] = await db()
    .insert(cardTerminals)
    .values({ retailerId: venue.venue.id, friendlyName: "POS 1", tid: "12345678", mid: "1234567", type: "Viva" })
    .returning();
  terminalId = terminal.id;
});
afterAll(async () => server?.close());

const errorOf = (answer: { headers: Headers }) => answer.headers.get("x-app-error");
const zero = { discountAmount: 0, cardAmount: 0, cashAmount: 0, onCreditAmount: 0, isGift: false, payAll: true };
const paymentOf = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0];
const collect = (tableId: number, body: Record<string, unknown>, token = waiter) =>
  api.post(`/api/feed/table/${tableId}/complete-orders`, body, token);
const section = (sectionAmount: number, sectionVat = 24) => ({ sectionVat, sectionAmount, sectionType: "GOOD" });
const tipEntries = (retailerId: number) =>
  db()
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.retailerId, retailerId), eq(auditEntries.kind, "TIP_ENTERED")))
    .orderBy(desc(auditEntries.id));

/** A fresh table whose guest ordered 2 salads (9.50 €) and 3 waters (1 €): 22 €. */
async function tableWithOrder() {
  const table = await buildTable(db(), venue.venue.id);
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
  return { table, guest, orderId: sent.body.orderId as number };
}

describe("a tip at the waiter's collection", () => {
  it("in cash: kept beside the bill, the paid amount unchanged, and the trail records it", async () => {
    const { table } = await tableWithOrder();
    const done = await collect(table.id, { ...zero, cashAmount: 2200, tipAmount: 300 });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      status: "COMPLETED",
      paymentId: expect.any(Number),
      paidProductCount: 5,
      paidAmount: 2200,
      tipAmount: 300,
    });
    expect(await paymentOf(done.body.paymentId)).toMatchObject({
      amountCents: 2200,
      cashCents: 2200,
      cardCents: 0,
      tipCents: 300,
      tipMethod: "CASH",
    });
    const [entry] = await tipEntries(venue.venue.id);
    expect(entry).toMatchObject({
      kind: "TIP_ENTERED",
      actorUserId: venue.waiter.id,
      tableId: table.id,
      amountBeforeCents: 2200,
      amountAfterCents: 300,
    });
    expect(entry.details).toMatchObject({ tipMethod: "CASH" });
  });

  it("without a tip nothing changes: no tip on the payment, none in the answer, none in the trail", async () => {
    const before = (await tipEntries(venue.venue.id)).length;
    const { table } = await tableWithOrder();
    const done = await collect(table.id, { ...zero, cashAmount: 2200 });
    expect(done.body).toEqual({ status: "COMPLETED", paymentId: expect.any(Number), paidProductCount: 5, paidAmount: 2200 });
    expect(await paymentOf(done.body.paymentId)).toMatchObject({ tipCents: 0, tipMethod: null });
    expect((await tipEntries(venue.venue.id)).length).toBe(before);
  });

  it("refuses a negative tip, one on a gift or on credit, a card tip without a card part, and a large one unconfirmed", async () => {
    const { table } = await tableWithOrder();
    const refused = async (body: Record<string, unknown>, key: string) => {
      const answer = await collect(table.id, { ...zero, cashAmount: 2200, ...body });
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toBe(`error.${key}`);
      expect(answer.body.message).toBe(`error.${key}`);
    };
    await refused({ tipAmount: -100 }, "tip_negative");
    await refused({ cashAmount: 0, isGift: true, tipAmount: 100 }, "tip_not_allowed");
    await refused({ cashAmount: 1200, onCreditAmount: 1000, creditDebtor: "Γιώργος", tipAmount: 100 }, "tip_not_allowed");
    await refused({ tipAmount: 100, tipMethod: "CARD" }, "tip_method_not_in_payment");
    await refused({ cashAmount: 0, cardAmount: 2200, tipAmount: 100, tipMethod: "CASH" }, "tip_method_not_in_payment");
    // Over 50 €, or over the bill: confirmed, it is taken.
    await refused({ tipAmount: 5001 }, "tip_needs_confirmation");
    await refused({ tipAmount: 2201 }, "tip_needs_confirmation");
    // Nothing was paid by the refusals.
    const taken = await collect(table.id, { ...zero, cashAmount: 2200, tipAmount: 2500, tipConfirmed: true });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ paidAmount: 2200, tipAmount: 2500 });
  });

  it("on the card terminal: the terminal charges card + tip with the tip marked; the payment's amount stays the bill", async () => {
    const { table } = await tableWithOrder();
    const updates = await listen(server.wsUrl, waiter, `/topic/payment-update/${table.id}`);
    const started = await collect(table.id, {
      ...zero,
      cashAmount: 1000,
      cardAmount: 1200,
      tipAmount: 200,
      selectedTerminalId: terminalId,
    });
    expect(started.status).toBe(200);
    // A tip goes with the card when the card carries the payment.
    expect(started.body).toEqual({ status: "PENDING", paymentId: expect.any(Number), cardAmount: 1400, tipAmount: 200 });
    const pending = await paymentOf(started.body.paymentId);
    expect(pending).toMatchObject({ amountCents: 2200, cashCents: 1000, cardCents: 1200, tipCents: 200, tipMethod: "CARD" });
    const [sale] = await db()
      .select()
      .from(sandboxTerminalSales)
      .where(eq(sandboxTerminalSales.sessionId, pending.providerOrderCode as string));
    expect(sale).toMatchObject({ amountCents: 1400, tipCents: 200 });

    const approved = await fetch(`${server.baseUrl}/sandbox/card-terminal/approve?session=${sale.sessionId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(approved.status).toBe(303);
    expect(await updates.next((m: any) => m.paymentId === pending.id)).toEqual({ status: "SUCCESS", paymentId: pending.id });
    // The terminal took card + tip, which is what was asked: the sale completes.
    expect(await paymentOf(pending.id)).toMatchObject({ status: "COMPLETED", amountCents: 2200, tipCents: 200 });
    const [entry] = await tipEntries(venue.venue.id);
    expect(entry).toMatchObject({ tableId: table.id, amountBeforeCents: 2200, amountAfterCents: 200 });
    expect(entry.details).toMatchObject({ tipMethod: "CARD" });
    updates.close();
  });

  it("a cash tip beside a terminal's card part is not charged on the card", async () => {
    const { table } = await tableWithOrder();
    const started = await collect(table.id, {
      ...zero,
      cashAmount: 200,
      cardAmount: 2000,
      tipAmount: 150,
      tipMethod: "CASH",
      selectedTerminalId: terminalId,
    });
    expect(started.body).toMatchObject({ status: "PENDING", cardAmount: 2000, tipAmount: 150 });
    const pending = await paymentOf(started.body.paymentId);
    const [sale] = await db()
      .select()
      .from(sandboxTerminalSales)
      .where(eq(sandboxTerminalSales.sessionId, pending.providerOrderCode as string));
    expect(sale).toMatchObject({ amountCents: 2000, tipCents: 0 });
  });
});

describe("a tip at the cash register", () => {
  it("in cash: the sale's amount is the sections', the tip beside it, recorded in the trail; a repeat answers the first", async () => {
    const key = randomUUID();
    const body = { source: "TAKE_AWAY", cashAmount: 1500, sections: [section(1500)], tipAmount: 100 };
    const sale = await api.call("POST", "/api/feed/issue-receipt", { token: desk, body, headers: { "Idempotency-Key": key } });
    expect(sale.status).toBe(200);
    expect(sale.body).toEqual({
      status: "COMPLETED",
      paymentId: expect.any(Number),
      ticketId: expect.any(Number),
      paidAmount: 1500,
      tipAmount: 100,
    });
    expect(await paymentOf(sale.body.paymentId)).toMatchObject({
      amountCents: 1500,
      cashCents: 1500,
      tipCents: 100,
      tipMethod: "CASH",
    });
    const again = await api.call("POST", "/api/feed/issue-receipt", { token: desk, body, headers: { "Idempotency-Key": key } });
    expect(again.body).toEqual(sale.body);
    const [entry] = await tipEntries(venue.venue.id);
    expect(entry).toMatchObject({ actorUserId: venue.cashDesk.id, amountBeforeCents: 1500, amountAfterCents: 100 });
    expect(entry.details).toMatchObject({ orderId: sale.body.ticketId, tipMethod: "CASH" });
  });

  it("on the card terminal: the terminal charges card + tip", async () => {
    const sale = await api.post(
      "/api/feed/issue-receipt",
      { source: "TAKE_AWAY", cardAmount: 1000, sections: [section(1000)], tipAmount: 120, selectedTerminalId: terminalId },
      desk,
    );
    expect(sale.status).toBe(200);
    expect(sale.body).toMatchObject({ status: "PENDING", cardAmount: 1120, tipAmount: 120 });
    const pending = await paymentOf(sale.body.paymentId);
    expect(pending).toMatchObject({ amountCents: 1000, cardCents: 1000, tipCents: 120, tipMethod: "CARD" });
    const [terminalSale] = await db()
      .select()
      .from(sandboxTerminalSales)
      .where(eq(sandboxTerminalSales.sessionId, pending.providerOrderCode as string));
    expect(terminalSale).toMatchObject({ amountCents: 1120, tipCents: 120 });
  });

  it("refuses a negative or an unconfirmed large tip", async () => {
    const sale = (tip: Record<string, unknown>) =>
      api.post("/api/feed/issue-receipt", { source: "TAKE_AWAY", cashAmount: 1000, sections: [section(1000)], ...tip }, desk);
    const negative = await sale({ tipAmount: -1 });
    expect(negative.status).toBe(400);
    expect(errorOf(negative)).toBe("error.tip_negative");
    const large = await sale({ tipAmount: 1500 });
    expect(errorOf(large)).toBe("error.tip_needs_confirmation");
    expect((await sale({ tipAmount: 1500, tipConfirmed: true })).status).toBe(200);
  });
});

/** A valid ΑΦΜ from 8 digits: the 9th is Σ dᵢ·2^(8−i) mod 11 mod 10. */
function afm(prefix: string): string {
  const sum = [...prefix].reduce((total, d, i) => total + Number(d) * 2 ** (8 - i), 0);
  return `${prefix}${(sum % 11) % 10}`;
}

describe("a tip declared to myDATA and printed", () => {
  it("the receipt carries tipAmount in its payment's details, totals unchanged, the XML valid against the XSD; the credit note reverses the sale only", async () => {
    await db()
      .update(retailers)
      .set({ invoicingEnabled: true, invoicing: { tin: afm("77788899"), name: "Ταβέρνα", taxOffice: "Α' ΑΘΗΝΩΝ" } })
      .where(eq(retailers.id, venue.venue.id));
    const admin = await api.login(venue.admin.login);
    try {
      const { table, orderId } = await tableWithOrder();
      const paid = await collect(table.id, { ...zero, cashAmount: 1000, cardAmount: 1200, tipAmount: 250, tipMethod: "CARD" });
      expect(paid.status).toBe(200);
      const [receipt, ...more] = await db().select().from(documents).where(eq(documents.paymentId, paid.body.paymentId));
      expect(more).toEqual([]);
      expect(receipt).toMatchObject({ invoiceType: "11.1", totalCents: 2200, vatCents: 426, netCents: 1774 });
      expect(receipt.paymentMethods.map((p) => [p.code, p.amount, p.tipAmount])).toEqual([
        [3, 1000, undefined],
        [7, 1200, 250],
      ]);

      const xml = await api.get(`/api/admin/documents/${receipt.id}/xml`, admin);
      expect(xml.status).toBe(200);
      expect(xml.body).toContain("<paymentMethodDetails><type>7</type><amount>12.00</amount><tipAmount>2.50</tipAmount>");
      expect(xml.body).toContain("<totalGrossValue>22.00</totalGrossValue>");
      expect(xml.body.match(/<tipAmount>/g)).toHaveLength(1);
      expect((await validateInvoicesDocs([xml.body]))[0].errors).toEqual([]);

      // The printed receipt reads the tip beside its payment.
      const printed = await api.get(`/api/orders/${orderId}/invoices`, admin);
      expect(printed.status).toBe(200);
      expect(printed.body.find((d: any) => d.id === receipt.id).payments).toEqual([
        { method: "CASH", amount: 1000 },
        { method: "CARD", amount: 1200, tipAmount: 250 },
      ]);

      // A credit note reverses the sale; the tip stays with the staff and is not declared again.
      const cancelled = await api.del(`/api/admin/documents/cancel/${receipt.id}`, admin);
      expect(cancelled.status).toBe(200);
      const [note] = await db().select().from(documents).where(eq(documents.id, cancelled.body.id));
      expect(note.paymentMethods).toEqual([
        { method: "CASH", code: 3, amount: 1000, transactionId: null, tid: null },
        { method: "CARD", code: 7, amount: 1200, transactionId: null, tid: null },
      ]);
      expect(note.totalCents).toBe(2200);
    } finally {
      await db().update(retailers).set({ invoicingEnabled: false }).where(eq(retailers.id, venue.venue.id));
    }
  });
});

describe("a tip on the guest's online card payment", () => {
  it("the sandbox checkout charges the pieces plus the tip; the payment's amount stays the pieces'", async () => {
    const { table, guest } = await tableWithOrder();
    const feed = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
    const itemsCount = feed.unpaidTableFeed.map((i: any) => ({ orderProductId: i.orderProductIds[0], quantity: i.quantity }));
    // 10 % of 22 € (tipOfOption("percent_10", 2200)).
    const started = await api.post(`/api/orders/${table.id}/pay`, { itemsCount, tipAmount: 220 }, guest);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ amount: 2420, tipAmount: 220 });
    const [order] = await db().select().from(sandboxCardOrders).where(eq(sandboxCardOrders.orderCode, started.body.orderCode));
    expect(order).toMatchObject({ amountCents: 2420, tipCents: 220 });
    // The checkout page shows the charge and, on its own line, the tip inside it.
    const checkout = await (await fetch(`${server.baseUrl}${started.body.location}`)).text();
    expect(checkout).toContain("24,20");
    expect(checkout).toMatch(/data-testid="sandbox-tip">Περιλαμβάνει φιλοδώρημα<b>2,20\s€<\/b>/);

    const back = await fetch(`${server.baseUrl}/sandbox/card-checkout/approve?ref=${started.body.orderCode}`, {
      method: "POST",
      redirect: "manual",
    });
    expect(back.status).toBe(303);
    const returned = new URL(String(back.headers.get("location")), server.baseUrl);
    const t = returned.searchParams.get("t") as string;
    const [charge] = await db().select().from(sandboxCardTransactions).where(eq(sandboxCardTransactions.transactionId, t));
    expect(charge.amountCents).toBe(2420);
    const done = await api.get(`/api/orders/complete-payment?s=${started.body.orderCode}&t=${t}`, guest);
    expect(done.status).toBe(200);
    // The bill as paid, and the tip beside it for the success page's thanks.
    expect(done.body).toEqual({ tableCode: table.code, paidProductCount: 5, paidAmount: 2200, tipAmount: 220 });
    const [payment] = await db().select().from(payments).where(eq(payments.providerOrderCode, started.body.orderCode));
    expect(payment).toMatchObject({ status: "COMPLETED", amountCents: 2200, cardCents: 2200, tipCents: 220, tipMethod: "CARD" });
  });

  it("no tip is the default; a negative or an unconfirmed large one is refused before anything is held", async () => {
    const { table, guest } = await tableWithOrder();
    const feed = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
    const itemsCount = feed.unpaidTableFeed.map((i: any) => ({ orderProductId: i.orderProductIds[0], quantity: i.quantity }));
    const negative = await api.post(`/api/orders/${table.id}/pay`, { itemsCount, tipAmount: -5 }, guest);
    expect([negative.status, errorOf(negative)]).toEqual([400, "error.tip_negative"]);
    const large = await api.post(`/api/orders/${table.id}/pay`, { itemsCount, tipAmount: 2300 }, guest);
    expect([large.status, errorOf(large)]).toEqual([400, "error.tip_needs_confirmation"]);
    const none = await api.post(`/api/orders/${table.id}/pay`, { itemsCount }, guest);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ location: expect.any(String), orderCode: expect.any(String), amount: 2200 });
    const [order] = await db().select().from(sandboxCardOrders).where(eq(sandboxCardOrders.orderCode, none.body.orderCode));
    expect(order).toMatchObject({ amountCents: 2200, tipCents: 0 });
    const checkout = await (await fetch(`${server.baseUrl}${none.body.location}`)).text();
    expect(checkout).toContain("22,00");
    expect(checkout).not.toContain("sandbox-tip");
  });
});

describe("tips seen by the owner", () => {
  it("the stats keep income and VAT as they were and show the tips apart, per waiter and per method; the CSV lists each payment's tip", async () => {
    const own = await buildBackOfficeVenue(db());
    const ownAdmin = await api.login(own.admin.login);
    const ownWaiter = await api.login(own.waiter.login);
    const ownDesk = await api.login(own.cashDesk.login);
    const order = async () => {
      const table = await buildTable(db(), own.venue.id);
      const guest = await api.seatedGuest(table.id);
      const sent = await api.post(
        `/api/orders/${table.id}`,
        [
          { id: own.salad.id, quantity: 2 },
          { id: own.water.id, quantity: 3 },
        ],
        guest,
      );
      expect(sent.status).toBe(200);
      return { table, guest };
    };
    // The waiter: 22 € in cash with 3 € tip; 22 € by card (keyed, no terminal) with 1,50 € on the card.
    const first = await order();
    expect((await collect(first.table.id, { ...zero, cashAmount: 2200, tipAmount: 300 }, ownWaiter)).status).toBe(200);
    const second = await order();
    expect((await collect(second.table.id, { ...zero, cardAmount: 2200, tipAmount: 150 }, ownWaiter)).status).toBe(200);
    // The till: 10 € in cash with 0,50 € tip.
    const sold = await api.post(
      "/api/feed/issue-receipt",
      { source: "TAKE_AWAY", cashAmount: 1000, sections: [section(1000)], tipAmount: 50 },
      ownDesk,
    );
    expect(sold.status).toBe(200);
    // A guest online: 22 € with 2,20 € tip.
    const third = await order();
    const feed = (await api.get(`/api/orders/${third.table.id}/feed`, third.guest)).body;
    const itemsCount = feed.unpaidTableFeed.map((i: any) => ({ orderProductId: i.orderProductIds[0], quantity: i.quantity }));
    const started = await api.post(`/api/orders/${third.table.id}/pay`, { itemsCount, tipAmount: 220 }, third.guest);
    const back = await fetch(`${server.baseUrl}/sandbox/card-checkout/approve?ref=${started.body.orderCode}`, {
      method: "POST",
      redirect: "manual",
    });
    const t = new URL(String(back.headers.get("location")), server.baseUrl).searchParams.get("t") as string;
    expect((await api.get(`/api/orders/complete-payment?s=${started.body.orderCode}&t=${t}`, third.guest)).status).toBe(200);

    const stats = await api.post("/api/stats", {}, ownAdmin);
    expect(stats.status).toBe(200);
    // Income is the bills only: 22 + 10 € cash, 22 € keyed card (POS), 22 € online.
    expect(stats.body).toMatchObject({ cashTotal: 3200, posTotal: 2200, onlineTotal: 2200, onCreditTotal: 0, discountsTotal: 0 });
    const consumed = stats.body.productCount.reduce((sum: number, p: any) => sum + p.amount, 0);
    expect(consumed).toBe(3 * 2200);
    const waiterName = `${own.waiter.firstName ?? ""} ${own.waiter.lastName ?? ""}`.trim() || own.waiter.login;
    expect(stats.body.tips).toEqual({
      cash: 350,
      pos: 150,
      online: 220,
      total: 720,
      byWaiter: expect.arrayContaining([
        { userId: own.waiter.id, name: waiterName, cash: 300, pos: 150, online: 0, total: 450 },
        { userId: own.cashDesk.id, name: expect.any(String), cash: 50, pos: 0, online: 0, total: 50 },
        { userId: null, name: "", cash: 0, pos: 0, online: 220, total: 220 },
      ]),
    });
    expect(stats.body.tips.byWaiter).toHaveLength(3);
    // Online tips, collected by no one, come last.
    expect(stats.body.tips.byWaiter[2].userId).toBeNull();

    const csv = await api.post("/api/stats/payments.csv", {}, ownAdmin, { "accept-language": "en" });
    const lines = String(csv.body)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split(/\r?\n/);
    expect(lines[0]).toBe("No;Date;Time;Source;Table;Type;Cash;POS;Online;On credit;Discount;Total;Tip;Collected by");
    const tipsColumn = lines.slice(1).map((line) => line.split(";").slice(-3));
    expect(tipsColumn).toEqual(
      expect.arrayContaining([
        ["22,00", "3,00", waiterName],
        ["22,00", "1,50", waiterName],
        ["10,00", "0,50", expect.any(String)],
        ["22,00", "2,20", ""],
      ]),
    );
    expect(lines).toHaveLength(5);
  });
});
