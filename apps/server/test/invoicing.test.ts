import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, orderProducts, retailers, tableSessions } from "../src/db/schema.ts";
import { FiscalOutbox } from "../src/features/invoicing/fiscal-outbox.ts";
import { DatabaseSandboxBooks } from "../src/features/invoicing/sandbox-mydata-books.ts";
import { VenueTransmitters } from "../src/features/invoicing/venue-transmitters.ts";
import { computeInvoiceUid } from "../src/integrations/mydata/invoice-uid.ts";
import { MydataSandbox } from "../src/integrations/mydata/sandbox-transmitter.ts";
import { validateInvoicesDocs } from "../src/integrations/mydata/validate-xml.ts";
import { buildBackOfficeVenue, buildProduct, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { orderAtNewTable } from "./support/orders.ts";
import { listen, trySubscribe } from "./support/stomp-client.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * Fiscal documents (issue 13) over real HTTP: every sale gets its documents in its own transaction
 * while invoicing is on, numbered without gap or duplicate, queued in the outbox; the outbox sends
 * them to the myDATA sandbox exactly once, through outages and lost answers; a receipt is cancelled
 * by a credit note; the admin downloads XML and sees what is pending.
 */

type Venue = Awaited<ReturnType<typeof buildBackOfficeVenue>>;

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let venue: Venue;
let other: Venue;
let desk: string;
let admin: string;
let waiter: string;
let otherAdmin: string;
/** A service (11.2) at 13 %, made before the menu is first read. */
let cover: { id: number };
const FAR = new Date(Date.now() + 24 * 3600_000);

/** A valid ΑΦΜ from 8 digits: the 9th is Σ dᵢ·2^(8−i) mod 11 mod 10. */
function afm(prefix: string): string {
  const sum = [...prefix].reduce((total, d, i) => total + Number(d) * 2 ** (8 - i), 0);
  return `${prefix}${(sum % 11) % 10}`;
}

const db = () => server.database.db;
const errorOf = (answer: { headers: Headers }) => answer.headers.get("x-app-error");
const outbox = () => server.fiscal.outbox;
const sandbox = () => server.fiscal.sandbox as MydataSandbox;

async function invoicingOn(on: Venue, tin: string) {
  await db()
    .update(retailers)
    .set({ invoicingEnabled: true, invoicing: { tin, name: "Ταβέρνα", taxOffice: "Α' ΑΘΗΝΩΝ" } })
    .where(eq(retailers.id, on.venue.id));
}

/** A fresh table of the venue whose guest ordered 2 salads (9.50 €) and 3 waters (1 €). */
const tableWithOrder = (on: Venue = venue) => orderAtNewTable(api, db(), on);

const payAll = (tableId: number, amounts: { cash?: number; card?: number; credit?: number; discount?: number } = {}) =>
  api.post(
    `/api/feed/table/${tableId}/complete-orders?payAll=true`,
    {
      discountAmount: amounts.discount ?? 0,
      cardAmount: amounts.card ?? 0,
      cashAmount: amounts.cash ?? 0,
      onCreditAmount: amounts.credit ?? 0,
      creditDebtor: amounts.credit ? "Νίκος" : null,
      isGift: false,
    },
    desk,
  );

const documentsOfPayment = (paymentId: number) =>
  db().select().from(documents).where(eq(documents.paymentId, paymentId)).orderBy(documents.id);

beforeAll(async () => {
  // The outbox is driven by the tests (drain), so its own loop stays idle.
  server = await startTestServer({ env: { FISCAL_OUTBOX_POLL_MS: "600000", CARD_TERMINAL_POLL_MS: "50" } });
  api = apiClient(server.baseUrl);
  venue = await buildBackOfficeVenue(db());
  other = await buildBackOfficeVenue(db());
  cover = await buildProduct(db(), venue.venue.id, {
    categoryId: venue.category.id,
    name: "Κουβέρ",
    priceCents: 300,
    type: "SERVICE",
    vatCategory: 2,
    preparationAreaId: null,
  });
  await invoicingOn(venue, afm("09416113"));
  await invoicingOn(other, afm("12345678"));
  desk = await api.login(venue.cashDesk.login);
  admin = await api.login(venue.admin.login);
  waiter = await api.login(venue.waiter.login);
  otherAdmin = await api.login(other.admin.login);
}, 60_000);
afterAll(async () => server?.close());

describe("documents with every sale", () => {
  it("a waiter's cash and card collection issues one retail receipt: sections, VAT, payment codes, a valid XML", async () => {
    const { table, orderId } = await tableWithOrder();
    const paid = await payAll(table.id, { cash: 1000, card: 1200, discount: 0 });
    expect(paid.status).toBe(200);
    const [receipt, ...more] = await documentsOfPayment(paid.body.paymentId);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ type: "RECEIPT", invoiceType: "11.1", series: "A", status: "PENDING", totalCents: 2200 });
    // 22.00 € at 24 %: VAT 2200 × 24 ÷ 124 = 425.8 → 4.26 €, net 17.74 €.
    expect([receipt.vatCents, receipt.netCents]).toEqual([426, 1774]);
    expect(receipt.sections).toEqual([{ vatCategory: 1, productType: "GOOD", gross: 2200, vat: 426, net: 1774 }]);
    expect(receipt.paymentMethods.map((p) => [p.code, p.amount])).toEqual([
      [3, 1000],
      [7, 1200],
    ]);
    expect(receipt.uid).toBe(
      computeInvoiceUid({
        issuerVatNumber: receipt.issuerVatNumber,
        issueDate: receipt.issueDate as string,
        branch: 0,
        invoiceType: "11.1",
        series: "A",
        aa: receipt.number,
      }),
    );
    const xml = await api.get(`/api/admin/documents/${receipt.id}/xml`, admin);
    expect(xml.status).toBe(200);
    expect(xml.headers.get("content-type")).toContain("application/xml");
    const [validation] = await validateInvoicesDocs([xml.body]);
    expect(validation.errors).toEqual([]);

    const history = await api.get(`/api/orders/${orderId}/invoices`, desk);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({
      type: "RECEIPT",
      totalAmount: 2200,
      status: "PENDING",
      tableName: table.label,
      orderFormStatus: "CLOSED",
      sections: [{ sectionVat: 24, sectionAmount: 2200, sectionType: "GOOD", paymentMethod: "CARD" }],
    });

    await outbox().drain({ dueBy: FAR });
    const [sent] = await documentsOfPayment(paid.body.paymentId);
    expect(sent.status).toBe("SENT");
    expect(sent.mark).toMatch(/^\d{15}$/);
    expect(sent.qrUrl).toContain("q=");
    expect(sent.authenticationCode).toBeTruthy();
  });

  it("a sale mixing goods and services issues 11.1 and 11.2, on-credit as code 5, a discount spread exactly", async () => {
    const table = await buildTable(db(), venue.venue.id);
    const guest = await api.seatedGuest(table.id);
    const sent = await api.post(
      `/api/orders/${table.id}`,
      [
        { id: venue.salad.id, quantity: 1 },
        { id: cover.id, quantity: 2 },
      ],
      guest,
    );
    expect(sent.status).toBe(200);
    const paid = await payAll(table.id, { cash: 1000, credit: 450, discount: 100 });
    expect(paid.status).toBe(200);
    const docs = await documentsOfPayment(paid.body.paymentId);
    expect(docs.map((d) => [d.type, d.invoiceType])).toEqual([
      ["RECEIPT", "11.1"],
      ["SERVICE_RECEIPT", "11.2"],
    ]);
    expect(docs.reduce((sum, d) => sum + d.totalCents, 0)).toBe(1450);
    for (const d of docs) {
      expect(d.netCents + d.vatCents).toBe(d.totalCents);
      expect(d.paymentMethods.reduce((sum, p) => sum + p.amount, 0)).toBe(d.totalCents);
    }
    expect(docs[1].paymentMethods.map((p) => p.code)).toContain(5);
    const xmls = await Promise.all(docs.map((d) => api.get(`/api/admin/documents/${d.id}/xml`, admin)));
    expect((await validateInvoicesDocs(xmls.map((x) => x.body))).every((v) => v.valid)).toBe(true);
  });

  it("a register sale by VAT sections gets its receipt; a card part carries method 7", async () => {
    const sold = await api.post(
      "/api/feed/issue-receipt",
      {
        discountAmount: 0,
        cardAmount: 500,
        cashAmount: 1000,
        source: "TAKE_AWAY",
        selectedTerminalId: null,
        sections: [
          { sectionVat: 24, sectionAmount: 1000, sectionType: "GOOD" },
          { sectionVat: 13, sectionAmount: 500, sectionType: "GOOD" },
        ],
      },
      desk,
    );
    expect(sold.status).toBe(200);
    const [receipt] = await documentsOfPayment(sold.body.paymentId);
    expect(receipt).toMatchObject({ invoiceType: "11.1", totalCents: 1500, orderId: sold.body.ticketId });
    expect(receipt.sections.map((s) => [s.vatCategory, s.gross, s.vat])).toEqual([
      [1, 1000, 194],
      [2, 500, 58],
    ]);
    expect(receipt.paymentMethods.map((p) => [p.code, p.amount])).toEqual([
      [3, 1000],
      [7, 500],
    ]);
  });

  it("billing a table issues the order slip (8.6) naming the table, without payment methods; its XML validates", async () => {
    const { table, orderId } = await tableWithOrder();
    const billed = await api.put(`/api/cash-desk/table/${table.id}/bill`, {}, desk);
    expect(billed.status).toBe(200);
    const [slip] = await db()
      .select()
      .from(documents)
      .where(and(eq(documents.orderId, orderId), eq(documents.invoiceType, "8.6")));
    expect(slip).toMatchObject({ type: "ORDER", tableName: table.label, totalCents: 2200, paymentMethods: [] });
    const xml = await api.get(`/api/admin/documents/${slip.id}/xml`, admin);
    const [validation] = await validateInvoicesDocs([xml.body]);
    expect(validation.errors).toEqual([]);
    const history = await api.get(`/api/orders/${orderId}/invoices`, desk);
    expect(history.body.map((d: any) => d.type)).toEqual(["ORDER"]);
  });

  it("a gift issues nothing, and nothing is issued while invoicing is off", async () => {
    const { table } = await tableWithOrder();
    const gift = await api.post(
      `/api/feed/table/${table.id}/complete-orders?payAll=true`,
      { discountAmount: 0, cardAmount: 0, cashAmount: 0, onCreditAmount: 0, isGift: true },
      desk,
    );
    expect(gift.status).toBe(200);
    expect(await documentsOfPayment(gift.body.paymentId)).toEqual([]);

    const off = await buildBackOfficeVenue(db());
    const offDesk = await api.login(off.cashDesk.login);
    const { table: offTable } = await tableWithOrder(off);
    const paid = await api.post(
      `/api/feed/table/${offTable.id}/complete-orders?payAll=true`,
      { discountAmount: 0, cardAmount: 0, cashAmount: 2200, onCreditAmount: 0, isGift: false },
      offDesk,
    );
    expect(paid.status).toBe(200);
    expect(await db().select().from(documents).where(eq(documents.retailerId, off.venue.id))).toEqual([]);
  });
});

describe("the till prints every document once", () => {
  it("lists a venue's unprinted documents with the issuer's header and payments; one till claims each; printed leaves the list", async () => {
    const till = await buildBackOfficeVenue(db());
    await invoicingOn(till, afm("80012345"));
    const tillDesk = await api.login(till.cashDesk.login);
    const tillAdmin = await api.login(till.admin.login);
    const live = await listen(server.wsUrl, tillDesk, "/user/queue/admin/documents-to-print");
    try {
      const { table } = await tableWithOrder(till);
      const paid = await api.post(
        `/api/feed/table/${table.id}/complete-orders?payAll=true`,
        { discountAmount: 0, cardAmount: 1200, cashAmount: 1000, onCreditAmount: 0, isGift: false },
        tillDesk,
      );
      expect(paid.status).toBe(200);
      const pushed = await live.next((m: any) => m.documents.length === 1);
      const listed = await api.get("/api/cash-desk/documents-to-print", tillAdmin);
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual(pushed);
      expect(listed.body.issuer).toEqual({
        name: "Ταβέρνα",
        tin: afm("80012345"),
        taxOffice: "Α' ΑΘΗΝΩΝ",
        address: null,
        city: null,
        zip: null,
        phone: null,
      });
      const [receipt] = listed.body.documents;
      expect(receipt).toMatchObject({ type: "RECEIPT", totalAmount: 2200, status: "PENDING", tableName: table.label });
      expect(receipt.payments).toEqual([
        { method: "CASH", amount: 1000 },
        { method: "CARD", amount: 1200 },
      ]);
      // Another venue's till sees none of it, and may not touch it.
      expect((await api.get("/api/cash-desk/documents-to-print", otherAdmin)).body.documents).toEqual([]);
      const foreign = await api.post(
        `/api/cash-desk/documents/${receipt.id}/print-claim`,
        { screenId: "other-till-1" },
        otherAdmin,
      );
      expect(foreign.status).toBe(404);
      expect((await api.post(`/api/cash-desk/documents/${receipt.id}/printed`, undefined, otherAdmin)).status).toBe(404);

      // Two tills: the first to ask prints; the same till asking again keeps its claim. From then the
      // venue is known to print through an agent; the other venue's refused claim says nothing of it.
      const claim = (screenId: string) => api.post(`/api/cash-desk/documents/${receipt.id}/print-claim`, { screenId }, tillDesk);
      const printServiceSeen = async (token: string) => (await api.get("/api/admin/ip", token)).body.printServiceSeen;
      expect(await printServiceSeen(tillDesk)).toBe(false);
      expect((await claim("front-till-1")).body).toEqual({ claimed: true });
      expect(await printServiceSeen(tillDesk)).toBe(true);
      expect(await printServiceSeen(otherAdmin)).toBe(false);
      expect((await claim("back-till-22")).body).toEqual({ claimed: false });
      expect((await claim("front-till-1")).body).toEqual({ claimed: true });

      expect((await api.post(`/api/cash-desk/documents/${receipt.id}/printed`, undefined, tillDesk)).status).toBe(204);
      await live.next((m: any) => m.documents.length === 0);
      const emptied = (await api.get("/api/cash-desk/documents-to-print", tillDesk)).body;
      expect(emptied.documents).toEqual([]);
      // The header stays: a reprint from the history prints under it.
      expect(emptied.issuer).toEqual(listed.body.issuer);
      expect((await claim("front-till-1")).body).toEqual({ claimed: false });
      // Marking twice changes nothing.
      expect((await api.post(`/api/cash-desk/documents/${receipt.id}/printed`, undefined, tillDesk)).status).toBe(204);
    } finally {
      await live.close();
    }
  });

  it("only the venue's desk reads the list or its queue; a bad screen id is a 400", async () => {
    expect((await api.get("/api/cash-desk/documents-to-print", waiter)).status).toBe(403);
    expect((await api.get("/api/cash-desk/documents-to-print")).status).toBe(401);
    expect(await trySubscribe(server.wsUrl, desk, "/user/queue/admin/documents-to-print")).toBe("subscribed");
    expect(await trySubscribe(server.wsUrl, waiter, "/user/queue/admin/documents-to-print")).not.toBe("subscribed");
    const bad = await api.post("/api/cash-desk/documents/1/print-claim", { screenId: "x" }, desk);
    expect(bad.status).toBe(400);
    expect((await api.post("/api/cash-desk/documents/abc/printed", undefined, desk)).status).toBe(400);
  });
});

describe("numbering", () => {
  it("50 concurrent payments get 50 receipts numbered without gap or duplicate", async () => {
    const numbered = await buildBackOfficeVenue(db());
    await invoicingOn(numbered, afm("11122233"));
    const token = await api.login(numbered.cashDesk.login);
    const tables = [];
    for (let i = 0; i < 50; i++) tables.push((await tableWithOrder(numbered)).table);
    const answers = await Promise.all(
      tables.map((t) =>
        api.post(
          `/api/feed/table/${t.id}/complete-orders?payAll=true`,
          { discountAmount: 0, cardAmount: 0, cashAmount: 2200, onCreditAmount: 0, isGift: false },
          token,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const rows = await db().select().from(documents).where(eq(documents.retailerId, numbered.venue.id));
    expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.uid)).size).toBe(50);
  }, 120_000);
});

describe("transmission", () => {
  it("an outage: 100 sales while the sandbox fails stay pending; once it is back all 100 are sent once", async () => {
    const busy = await buildBackOfficeVenue(db());
    await invoicingOn(busy, afm("22233344"));
    const token = await api.login(busy.cashDesk.login);
    const busyAdmin = await api.login(busy.admin.login);
    await outbox().drain({ dueBy: FAR });
    sandbox().setMode("FAIL");
    for (let i = 0; i < 100; i++) {
      const sold = await api.post(
        "/api/feed/issue-receipt",
        {
          discountAmount: 0,
          cardAmount: 0,
          cashAmount: 100 + i,
          source: "TAKE_AWAY",
          selectedTerminalId: null,
          sections: [{ sectionVat: 24, sectionAmount: 100 + i, sectionType: "GOOD" }],
        },
        token,
      );
      expect(sold.status).toBe(200);
    }
    await outbox().runOnce({ dueBy: FAR });
    await outbox().runOnce({ dueBy: FAR });
    const pending = await api.get("/api/admin/documents/pending", busyAdmin);
    expect(pending.status).toBe(200);
    expect(pending.body.count).toBe(100);
    expect(pending.body.oldestAgeSeconds).toBeGreaterThanOrEqual(0);
    const waiting = await db().select().from(documents).where(eq(documents.retailerId, busy.venue.id));
    expect(waiting.every((d) => d.status === "PENDING" && d.lastError)).toBe(true);
    expect(waiting.some((d) => d.attempts > 0 && d.nextAttemptAt && d.nextAttemptAt > new Date())).toBe(true);

    sandbox().setMode("ACCEPT");
    await outbox().drain({ dueBy: FAR });
    const sent = await db().select().from(documents).where(eq(documents.retailerId, busy.venue.id));
    expect(sent.every((d) => d.status === "SENT" && d.mark)).toBe(true);
    const held = (await sandbox().held()).filter((h) => h.issuerVatNumber === afm("22233344"));
    expect(held).toHaveLength(100);
    expect(new Set(held.map((h) => h.uid)).size).toBe(100);
    expect((await api.get("/api/admin/documents/pending", busyAdmin)).body).toEqual({ count: 0, oldestAgeSeconds: 0 });
  }, 120_000);

  it("running on its own with several batches out at once, the outbox sends each of 120 sales once", async () => {
    const busy = await buildBackOfficeVenue(db());
    const tin = afm("44455566");
    await invoicingOn(busy, tin);
    const token = await api.login(busy.cashDesk.login);
    await outbox().drain({ dueBy: FAR });
    const sales = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        api.post(
          "/api/feed/issue-receipt",
          {
            discountAmount: 0,
            cardAmount: 0,
            cashAmount: 200 + i,
            source: "TAKE_AWAY",
            selectedTerminalId: null,
            sections: [{ sectionVat: 24, sectionAmount: 200 + i, sectionType: "GOOD" }],
          },
          token,
        ),
      ),
    );
    expect(sales.every((sale) => sale.status === 200)).toBe(true);
    const lanes = new FiscalOutbox({
      db: db(),
      events: server.events,
      transmitters: new VenueTransmitters({ db: db(), config: server.ctx.config.fiscal, sandbox: sandbox() }),
      pollMs: 50,
      batchSize: 10,
      lanes: 4,
      leaseSeconds: 120,
      log: { warn() {}, error() {} },
    });
    const callsBefore = sandbox().sendCalls;
    lanes.start();
    const deadline = Date.now() + 60_000;
    let waiting = Number.POSITIVE_INFINITY;
    while (waiting > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const rows = await db().select().from(documents).where(eq(documents.retailerId, busy.venue.id));
      waiting = rows.filter((d) => d.status !== "SENT").length;
    }
    await lanes.stop();
    expect(waiting).toBe(0);
    const held = (await sandbox().held()).filter((h) => h.issuerVatNumber === tin);
    expect(held).toHaveLength(120);
    expect(new Set(held.map((h) => h.uid)).size).toBe(120);
    // 12 batches of 10, each sent once: a second send of a uid would be a refusal, and a call more.
    expect(sandbox().sendCalls - callsBefore).toBe(12);
  }, 90_000);

  it("a lost answer, then a restart: the new instance reconciles by uid and sends nothing twice", async () => {
    const { table } = await tableWithOrder();
    await outbox().drain({ dueBy: FAR });
    sandbox().setMode("LOSE_ANSWER");
    const paid = await payAll(table.id, { cash: 2200 });
    await outbox().runOnce({ dueBy: FAR });
    const [lost] = await documentsOfPayment(paid.body.paymentId);
    expect(lost.status).toBe("PENDING");
    expect(lost.sendStartedAt).not.toBeNull();

    // "Restart": a new sandbox and outbox over the same database, nothing kept in memory.
    const restarted = new MydataSandbox({ books: new DatabaseSandboxBooks(db()) });
    const fresh = new FiscalOutbox({
      db: db(),
      events: server.events,
      transmitters: new VenueTransmitters({ db: db(), config: server.ctx.config.fiscal, sandbox: restarted }),
      pollMs: 1000,
      batchSize: 50,
      lanes: 1,
      leaseSeconds: 120,
      log: { warn() {}, error() {} },
    });
    await fresh.drain({ dueBy: FAR });
    const [reconciled] = await documentsOfPayment(paid.body.paymentId);
    expect(reconciled.status).toBe("SENT");
    expect(restarted.sendCalls).toBe(0);
    const held = (await restarted.held()).filter((h) => h.uid === lost.uid);
    expect(held).toHaveLength(1);
    expect(reconciled.mark).toBe(held[0].mark);
    sandbox().setMode("ACCEPT");
  });

  it("two sandboxes over the same books (two instances) hand out distinct marks and keep each invoice's own XML", async () => {
    const books = new DatabaseSandboxBooks(db());
    const issuerAfm = afm("33344455");
    const receiptXml = async (aa: number) => {
      const { table } = await tableWithOrder();
      const paid = await payAll(table.id, { cash: 2200 });
      const [receipt] = await documentsOfPayment(paid.body.paymentId);
      const xml = await api.get(`/api/admin/documents/${receipt.id}/xml`, admin);
      // The venue's own receipt under another issuer and number, so the sandbox takes it as new.
      return (xml.body as string)
        .replace(/<vatNumber>\d{9}<\/vatNumber>/, `<vatNumber>${issuerAfm}</vatNumber>`)
        .replace(/<aa>\d+<\/aa>/, `<aa>${aa}</aa>`);
    };
    const batches = [
      [await receiptXml(1), await receiptXml(2)],
      [await receiptXml(3), await receiptXml(4)],
    ];
    const both = batches.map((batch) =>
      batch.reduce((doc, next) =>
        doc.replace("</InvoicesDoc>", `${/<invoice>[\s\S]*<\/invoice>/.exec(next)?.[0]}</InvoicesDoc>`),
      ),
    );
    const answers = await Promise.all(
      both.map((xml) => new MydataSandbox({ books }).transmitterFor(issuerAfm).sendInvoices(xml)),
    );
    const accepted = answers.flat().flatMap((o) => (o.status === "ACCEPTED" ? [o] : []));
    expect(accepted).toHaveLength(4);
    expect(new Set(accepted.map((o) => o.mark)).size).toBe(4);
    for (const [index, outcome] of accepted.entries()) {
      const kept = (await books.byUid(outcome.uid))?.xml ?? "";
      expect(kept.match(/<invoice>/g)).toHaveLength(1);
      expect(kept).toContain(`<aa>${[1, 2, 3, 4][index]}</aa>`);
      expect((await validateInvoicesDocs([kept]))[0].valid).toBe(true);
    }
  });

  it("a refusal is visible on the document and it is not sent again", async () => {
    const { table } = await tableWithOrder();
    await outbox().drain({ dueBy: FAR });
    sandbox().setMode("REFUSE");
    const paid = await payAll(table.id, { cash: 2200 });
    await outbox().drain({ dueBy: FAR });
    sandbox().setMode("ACCEPT");
    const [refused] = await documentsOfPayment(paid.body.paymentId);
    expect(refused.status).toBe("REFUSED");
    expect(refused.lastError).toContain("REFUSED");
    const before = sandbox().sendCalls;
    await outbox().drain({ dueBy: FAR });
    expect(sandbox().sendCalls).toBe(before);
  });
});

describe("cancelling a receipt", () => {
  it("issues a credit note (11.4) pointing at the receipt's mark; the receipt shows CANCELLED; twice is refused", async () => {
    const { table, orderId } = await tableWithOrder();
    const paid = await payAll(table.id, { card: 2200 });
    const [receipt] = await documentsOfPayment(paid.body.paymentId);
    const cancelled = await api.del(`/api/admin/documents/cancel/${receipt.id}`, admin);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ type: "CREDIT_NOTE", totalAmount: 2200, status: "PENDING" });
    const again = await api.del(`/api/admin/documents/cancel/${receipt.id}`, admin);
    expect([again.status, errorOf(again)]).toEqual([400, "error.document_already_cancelled"]);
    const note = await api.del(`/api/admin/documents/cancel/${cancelled.body.id}`, admin);
    expect([note.status, errorOf(note)]).toEqual([400, "error.document_not_cancellable"]);
    // Before the receipt is transmitted the credit note's XML cannot name its mark yet.
    expect(errorOf(await api.get(`/api/admin/documents/${cancelled.body.id}/xml`, admin))).toBe("error.document_xml_unavailable");

    await outbox().drain({ dueBy: FAR });
    const [sentReceipt] = await db().select().from(documents).where(eq(documents.id, receipt.id));
    const [sentNote] = await db().select().from(documents).where(eq(documents.id, cancelled.body.id));
    expect([sentReceipt.status, sentNote.status]).toEqual(["SENT", "SENT"]);
    const xml = await api.get(`/api/admin/documents/${sentNote.id}/xml`, admin);
    expect(xml.body).toContain(`<correlatedInvoices>${sentReceipt.mark}</correlatedInvoices>`);
    expect((await validateInvoicesDocs([xml.body]))[0].errors).toEqual([]);

    const history = await api.get(`/api/orders/${orderId}/invoices`, desk);
    expect(history.body.map((d: any) => [d.type, d.orderFormStatus])).toEqual([
      ["RECEIPT", "CANCELLED"],
      ["CREDIT_NOTE", "CLOSED"],
    ]);
  });

  it("only the venue's ADMIN may cancel, download XML or see what is pending; another venue's id is a 404; bad ids are 400", async () => {
    const { table } = await tableWithOrder();
    const paid = await payAll(table.id, { cash: 2200 });
    const [receipt] = await documentsOfPayment(paid.body.paymentId);
    for (const token of [desk, waiter]) {
      expect((await api.del(`/api/admin/documents/cancel/${receipt.id}`, token)).status).toBe(403);
      expect((await api.get(`/api/admin/documents/${receipt.id}/xml`, token)).status).toBe(403);
      expect((await api.get("/api/admin/documents/pending", token)).status).toBe(403);
    }
    expect((await api.del(`/api/admin/documents/cancel/${receipt.id}`)).status).toBe(401);
    expect((await api.del(`/api/admin/documents/cancel/${receipt.id}`, otherAdmin)).status).toBe(404);
    expect((await api.get(`/api/admin/documents/${receipt.id}/xml`, otherAdmin)).status).toBe(404);
    expect((await api.get("/api/admin/documents/abc/xml", admin)).status).toBe(400);
    expect((await api.del("/api/admin/documents/cancel/99999999999", admin)).status).toBe(400);
    expect((await api.del("/api/admin/documents/cancel/2147483000", admin)).status).toBe(404);
  });
});

describe("invoicing settings", () => {
  const form = (on: boolean, extra: Record<string, unknown> = {}) => ({
    isInvoicingEnabled: on,
    name: "Ταβέρνα",
    description: "Εστιατόριο",
    address: "Οδός 1",
    city: "Αθήνα",
    zip: "10558",
    phone: "2101234567",
    website: "",
    tin: afm("09416113"),
    taxOffice: "Α' ΑΘΗΝΩΝ",
    gemhNumber: "123456789012",
    terminals: [{ friendlyName: "Ταμείο", tid: "12345678", mid: "1234", authorizationCode: null, type: "Viva" }],
    ...extra,
  });

  it("keeps the myDATA credentials sealed and answers them masked; a masked value read back keeps them", async () => {
    const venueSettings = await buildBackOfficeVenue(db());
    const token = await api.login(venueSettings.admin.login);
    const saved = await api.post(
      "/api/crm/invoicing-details",
      form(false, { myDataUserId: "venue-user-01", myDataSubscriptionKey: "0123456789abcdef0123456789abcdef" }),
      token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.myDataSubscriptionKey).toBe("••••cdef");
    expect(JSON.stringify(saved.body)).not.toContain("0123456789abcdef");
    const [row] = await db().select().from(retailers).where(eq(retailers.id, venueSettings.venue.id));
    expect(row.mydataCredentials).toMatch(/^v1:/);
    expect(row.mydataCredentials).not.toContain("venue-user-01");
    const again = await api.post(
      "/api/crm/invoicing-details",
      form(false, { ...saved.body, terminals: form(false).terminals }),
      token,
    );
    expect(again.status).toBe(200);
    expect((await api.get("/api/crm/invoicing-details", token)).body.myDataSubscriptionKey).toBe("••••cdef");
  });

  it("refuses switching invoicing on or off while a table is served, with §8's messages; bad input keeps §5's messages", async () => {
    const served = await buildBackOfficeVenue(db());
    const token = await api.login(served.admin.login);
    const { table } = await tableWithOrder(served);
    const on = await api.post("/api/crm/invoicing-details", form(true), token);
    expect([on.status, errorOf(on)]).toEqual([400, "error.invoicing_enable_active_service"]);
    await db().update(tableSessions).set({ status: "CLOSED" }).where(eq(tableSessions.tableId, table.id));
    expect((await api.post("/api/crm/invoicing-details", form(true), token)).status).toBe(200);
    await tableWithOrder(served);
    const off = await api.post("/api/crm/invoicing-details", form(false), token);
    expect([off.status, errorOf(off)]).toEqual([400, "error.invoicing_disable_active_service"]);
    const bad = await api.post("/api/crm/invoicing-details", form(true, { tin: "123456789", zip: "123" }), token);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.map((e: any) => e.message).sort()).toEqual(["invoicing.tin.invalid", "invoicing.zip.invalid"]);
    expect((await api.get("/api/crm/invoicing-details", desk)).status).toBe(403);
  });

  it("order slip on every order: each sent order gets its own 8.6 in its transaction, the bill none; the choice waits for no service", async () => {
    const perOrder = await buildBackOfficeVenue(db());
    const token = await api.login(perOrder.admin.login);
    const perOrderDesk = await api.login(perOrder.cashDesk.login);
    const chosen = await api.post("/api/crm/invoicing-details", form(true, { orderSlipOnEveryOrder: true }), token);
    expect(chosen.status).toBe(200);
    expect(chosen.body.orderSlipOnEveryOrder).toBe(true);
    expect((await api.get("/api/crm/invoicing-details", token)).body.orderSlipOnEveryOrder).toBe(true);

    const { table, orderId } = await tableWithOrder(perOrder);
    const slipsOf = (id: number) =>
      db()
        .select()
        .from(documents)
        .where(and(eq(documents.orderId, id), eq(documents.invoiceType, "8.6")));
    const [slip, ...more] = await slipsOf(orderId);
    expect(more).toEqual([]);
    // A guest's order names no one on the slip: staff never see guests' personal data.
    expect(slip).toMatchObject({ type: "ORDER", tableName: table.label, totalCents: 2200, waiterName: null, paymentMethods: [] });
    const [validation] = await validateInvoicesDocs([(await api.get(`/api/admin/documents/${slip.id}/xml`, token)).body]);
    expect(validation.errors).toEqual([]);

    // The waiter's second order at the table gets its own slip, naming the waiter.
    const waiterToken = await api.login(perOrder.waiter.login);
    const second = await api.post(`/api/orders/${table.id}`, [{ id: perOrder.water.id, quantity: 1 }], waiterToken);
    expect(second.status).toBe(200);
    const [secondSlip] = await slipsOf(second.body.orderId);
    expect(secondSlip).toMatchObject({ totalCents: 100, number: slip.number + 1 });
    expect(secondSlip.waiterName).not.toBeNull();

    // The bill issues no slip: every piece is on its order's slip already.
    const before = await db().select().from(documents).where(eq(documents.retailerId, perOrder.venue.id));
    expect((await api.put(`/api/cash-desk/table/${table.id}/bill`, {}, perOrderDesk)).status).toBe(200);
    expect(await db().select().from(documents).where(eq(documents.retailerId, perOrder.venue.id))).toHaveLength(before.length);

    // While the table is served the choice stays as it is.
    const rechoose = await api.post("/api/crm/invoicing-details", form(true, { orderSlipOnEveryOrder: false }), token);
    expect([rechoose.status, errorOf(rechoose)]).toEqual([400, "error.order_slip_choice_active_service"]);
    expect((await api.get("/api/crm/invoicing-details", token)).body.orderSlipOnEveryOrder).toBe(true);
  });

  it("pieces taken off after their order slip: the slip is cancelled at AADE and a new slip carries what is still charged", async () => {
    const perOrder = await buildBackOfficeVenue(db());
    const token = await api.login(perOrder.admin.login);
    // A ΑΦΜ of its own: AADE knows a document by its issuer and number (another test's slips share 1, 2 …).
    const tin = afm("55566677");
    const chosen = await api.post("/api/crm/invoicing-details", form(true, { tin, orderSlipOnEveryOrder: true }), token);
    expect(chosen.status).toBe(200);
    const waiterToken = await api.login(perOrder.waiter.login);
    const { table, orderId, guest } = await tableWithOrder(perOrder);
    const [slip] = await db()
      .select()
      .from(documents)
      .where(and(eq(documents.orderId, orderId), eq(documents.invoiceType, "8.6")));
    await outbox().drain({ dueBy: FAR });
    const pieces = await db().select().from(orderProducts).where(eq(orderProducts.orderId, orderId)).orderBy(orderProducts.id);
    expect(pieces.every((p) => p.orderSlipId === slip.id)).toBe(true);
    const waters = pieces.filter((p) => p.productId === perOrder.water.id);

    // The waiter takes a water off: the slip reads cancelled, a second slip holds 2 salads and 2 waters.
    const removed = await api.post(
      `/api/feed/table/${table.id}/remove-products`,
      { orderProductIds: [waters[0].id] },
      waiterToken,
    );
    expect(removed.status).toBe(200);
    const slips = () =>
      db()
        .select()
        .from(documents)
        .where(and(eq(documents.retailerId, perOrder.venue.id), eq(documents.invoiceType, "8.6")))
        .orderBy(documents.id);
    const [, replacement, ...none] = await slips();
    expect(none).toEqual([]);
    expect(replacement).toMatchObject({ totalCents: 2100, tableName: table.label, number: slip.number + 1, status: "PENDING" });
    const history = await api.get(`/api/orders/${orderId}/invoices`, await api.login(perOrder.cashDesk.login));
    expect(history.body.map((d: any) => [d.id, d.orderFormStatus])).toEqual([
      [slip.id, "CANCELLED"],
      [replacement.id, "CLOSED"],
    ]);

    // The outbox sends the new slip and cancels the old one at AADE; the guest's removal of
    // another water repeats it for the second slip.
    await outbox().drain({ dueBy: FAR });
    const [cancelled, sent] = await slips();
    expect(cancelled.cancellationMark).toMatch(/^\d{15}$/);
    expect(sent.status).toBe("SENT");
    const held = await sandbox().held();
    expect(held.find((h) => h.mark === cancelled.mark)?.cancelledByMark).toBe(cancelled.cancellationMark);
    expect((await api.del(`/api/orders/${table.id}/product/${waters[1].id}`, guest)).status).toBe(200);
    await outbox().drain({ dueBy: FAR });
    const all = await slips();
    expect(all.map((d) => [d.totalCents, d.cancellationMark != null])).toEqual([
      [2200, true],
      [2100, true],
      [2000, false],
    ]);
    const stillCharged = await db().select().from(orderProducts).where(eq(orderProducts.orderId, orderId));
    expect(stillCharged.filter((p) => p.paymentStatus !== "CANCELLED").every((p) => p.orderSlipId === all[2].id)).toBe(true);

    // Taking off the last pieces leaves no slip standing and issues none.
    const rest = stillCharged.filter((p) => p.paymentStatus !== "CANCELLED").map((p) => p.id);
    expect((await api.post(`/api/feed/table/${table.id}/remove-products`, { orderProductIds: rest }, waiterToken)).status).toBe(
      200,
    );
    await outbox().drain({ dueBy: FAR });
    const last = await slips();
    expect(last).toHaveLength(3);
    expect(last.every((d) => d.cancellationMark != null)).toBe(true);
  });

  it("a cancellation whose answer was lost is found at AADE and recorded, not made twice", async () => {
    const perOrder = await buildBackOfficeVenue(db());
    const token = await api.login(perOrder.admin.login);
    const chosen = await api.post(
      "/api/crm/invoicing-details",
      form(true, { tin: afm("66677788"), orderSlipOnEveryOrder: true }),
      token,
    );
    expect(chosen.status).toBe(200);
    const { table, orderId } = await tableWithOrder(perOrder);
    await outbox().drain({ dueBy: FAR });
    const [water] = await db()
      .select()
      .from(orderProducts)
      .where(and(eq(orderProducts.orderId, orderId), eq(orderProducts.productId, perOrder.water.id)));
    const waiterToken = await api.login(perOrder.waiter.login);
    expect(
      (await api.post(`/api/feed/table/${table.id}/remove-products`, { orderProductIds: [water.id] }, waiterToken)).status,
    ).toBe(200);
    const [slip] = await db()
      .select()
      .from(documents)
      .where(eq(documents.id, water.orderSlipId as number));
    sandbox().setMode("LOSE_ANSWER");
    await outbox().runOnce({ dueBy: FAR });
    sandbox().setMode("ACCEPT");
    const [waiting] = await db().select().from(documents).where(eq(documents.id, slip.id));
    expect(waiting.cancellationMark).toBeNull();
    await outbox().drain({ dueBy: FAR });
    const [recorded] = await db().select().from(documents).where(eq(documents.id, slip.id));
    const held = (await sandbox().held()).find((h) => h.mark === slip.mark);
    expect(held?.cancelledByMark).toMatch(/^\d{15}$/);
    expect(recorded.cancellationMark).toBe(held?.cancelledByMark);
  });
});
