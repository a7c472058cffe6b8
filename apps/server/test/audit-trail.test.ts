import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, cardTerminals, documents, orderProducts, payments, retailers, users } from "../src/db/schema.ts";
import { buildBackOfficeVenue, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { orderAtNewTable } from "./support/orders.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * The audit trail of staff actions (issue 16) over real HTTP: each kind is written by its action,
 * in the action's transaction, naming the actor, the table, what was touched and the amounts; the
 * owner reads it by day, staff member and kind, and as CSV; nobody else does, and nothing changes
 * or deletes an entry (no route, and the database refuses).
 */

type Venue = Awaited<ReturnType<typeof buildBackOfficeVenue>>;

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let venue: Venue;
let other: Venue;
let admin: string;
let waiter: string;
let desk: string;
let otherAdmin: string;

const db = () => server.database.db;
const zero = { discountAmount: 0, cardAmount: 0, cashAmount: 0, onCreditAmount: 0, isGift: false };

/** The venue's newest entry of a kind, as the database holds it. */
async function latest(kind: string, retailerId = venue.venue.id) {
  const [entry] = await db()
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.retailerId, retailerId), eq(auditEntries.kind, kind)))
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return entry;
}

/** A fresh table whose guest ordered 2 salads (9.50 €) and 3 waters (1 €); its units by product. */
async function orderedTable() {
  const { table } = await orderAtNewTable(api, db(), venue);
  const units = await db().select().from(orderProducts).where(eq(orderProducts.tableId, table.id));
  return {
    table,
    salads: units.filter((u) => u.productId === venue.salad.id).map((u) => u.id),
    waters: units.filter((u) => u.productId === venue.water.id).map((u) => u.id),
  };
}

beforeAll(async () => {
  server = await startTestServer({ env: { CARD_TERMINAL_POLL_MS: "50" } });
  api = apiClient(server.baseUrl);
  venue = await buildBackOfficeVenue(db());
  other = await buildBackOfficeVenue(db());
  await db().update(users).set({ firstName: "Νίκος", lastName: "Παππάς" }).where(eq(users.id, venue.waiter.id));
  admin = await api.login(venue.admin.login);
  waiter = await api.login(venue.waiter.login);
  desk = await api.login(venue.cashDesk.login);
  otherAdmin = await api.login(other.admin.login);
});
afterAll(async () => server?.close());

describe("each staff action writes its entry", () => {
  it("a gift: the waiter, the table, the pieces and their price given away", async () => {
    const { table, waters } = await orderedTable();
    const given = await api.post(
      `/api/feed/table/${table.id}/complete-orders`,
      { ...zero, isGift: true, itemsCount: [{ orderProductId: waters[0], quantity: 2 }] },
      waiter,
    );
    expect(given.status).toBe(200);
    expect(await latest("GIFT")).toMatchObject({
      actorUserId: venue.waiter.id,
      actorName: "Νίκος Παππάς",
      actorRole: "WAITER",
      tableId: table.id,
      tableLabel: table.label,
      subject: "2× Νερό",
      amountBeforeCents: 200,
      amountAfterCents: 0,
    });
  });

  it("a discount: the price before and what was charged; a refused discount leaves no entry", async () => {
    const { table, salads } = await orderedTable();
    const before = await latest("DISCOUNT");
    const tooLarge = await api.post(
      `/api/feed/table/${table.id}/complete-orders`,
      { ...zero, discountAmount: 1900, itemsCount: [{ orderProductId: salads[0], quantity: 2 }] },
      waiter,
    );
    expect(tooLarge.status).toBe(400);
    expect((await latest("DISCOUNT"))?.id).toBe(before?.id);
    const paid = await api.post(
      `/api/feed/table/${table.id}/complete-orders`,
      { ...zero, discountAmount: 300, cashAmount: 1600, itemsCount: [{ orderProductId: salads[0], quantity: 2 }] },
      waiter,
    );
    expect(paid.status).toBe(200);
    expect(await latest("DISCOUNT")).toMatchObject({
      actorUserId: venue.waiter.id,
      tableId: table.id,
      subject: "2× Χωριάτικη",
      amountBeforeCents: 1900,
      amountAfterCents: 1600,
    });
  });

  it("a payment on credit: what was due and the part left on credit", async () => {
    const { table } = await orderedTable();
    const paid = await api.post(
      `/api/feed/table/${table.id}/complete-orders?payAll=true`,
      { ...zero, cashAmount: 1000, onCreditAmount: 1200, creditDebtor: "Νίκος" },
      desk,
    );
    expect(paid.status).toBe(200);
    expect(await latest("PAYMENT_ON_CREDIT")).toMatchObject({
      actorUserId: venue.cashDesk.id,
      actorRole: "CASH_DESK",
      tableId: table.id,
      subject: "2× Χωριάτικη, 3× Νερό",
      amountBeforeCents: 2200,
      amountAfterCents: 1200,
      details: expect.objectContaining({ creditDebtor: "Νίκος" }),
    });
  });

  it("a discount collected through a card terminal is recorded when the terminal approves, not before", async () => {
    const [terminal] = await db()
      .insert(cardTerminals)
      .values({ retailerId: venue.venue.id, friendlyName: "POS 1", tid: "12345678", mid: "1234567", type: "Viva" })
      .returning();
    const { table } = await orderedTable();
    const started = await api.post(
      `/api/feed/table/${table.id}/complete-orders?payAll=true`,
      { ...zero, discountAmount: 200, cashAmount: 1000, cardAmount: 1000, selectedTerminalId: terminal.id },
      waiter,
    );
    expect(started.body.status).toBe("PENDING");
    expect((await latest("DISCOUNT")).tableId).not.toBe(table.id);
    const [pending] = await db().select().from(payments).where(eq(payments.id, started.body.paymentId));
    const approved = await fetch(`${server.baseUrl}/sandbox/card-terminal/approve?session=${pending.providerOrderCode}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(approved.status).toBe(303);
    await expect.poll(async () => (await latest("DISCOUNT")).tableId, { timeout: 10_000 }).toBe(table.id);
    expect(await latest("DISCOUNT")).toMatchObject({
      actorUserId: venue.waiter.id,
      actorRole: "WAITER",
      tableLabel: table.label,
      amountBeforeCents: 2200,
      amountAfterCents: 2000,
    });
  });

  it("cancelled pieces: their price, taken off", async () => {
    const { table, salads, waters } = await orderedTable();
    const removed = await api.post(
      `/api/feed/table/${table.id}/remove-products`,
      { orderProductIds: [salads[0], waters[0]] },
      waiter,
    );
    expect(removed.status).toBe(200);
    expect(await latest("ITEM_CANCELLED")).toMatchObject({
      actorUserId: venue.waiter.id,
      tableId: table.id,
      subject: "1× Χωριάτικη, 1× Νερό",
      amountBeforeCents: 1050,
      amountAfterCents: 0,
    });
  });

  it("a table transfer: from which table to which, with the unpaid amount moved", async () => {
    const { table } = await orderedTable();
    const target = await buildTable(db(), venue.venue.id);
    const moved = await api.post("/api/feed/transfer-table", { tableId: table.id, targetTableId: target.id }, waiter);
    expect(moved.status).toBe(200);
    expect(await latest("TABLE_TRANSFERRED")).toMatchObject({
      actorUserId: venue.waiter.id,
      tableId: table.id,
      tableLabel: table.label,
      subject: target.label,
      amountBeforeCents: 2200,
      details: expect.objectContaining({ targetTableId: target.id }),
    });
  });

  it("a price change: the old and the new price of the service that changed", async () => {
    const product = (await api.get(`/api/crm/product/${venue.coffee.id}`, admin)).body;
    const form = {
      name: product.name,
      nameEng: product.nameEng,
      type: product.type,
      description: product.description,
      descriptionEng: product.descriptionEng,
      hasDineInPrice: true,
      price: 400,
      hasTakeAwayPrice: false,
      takeAwayPrice: null,
      vatCategory: product.vatCategory,
      categoryId: venue.category.id,
      preparationAreaId: venue.bar.id,
      allergens: [],
      preparationWays: [],
      basicIngredients: [],
      extraIngredients: [],
    };
    const saved = await api.put(`/api/crm/product/${venue.coffee.id}`, form, admin);
    expect(saved.status).toBe(200);
    expect(await latest("PRICE_CHANGED")).toMatchObject({
      actorUserId: venue.admin.id,
      actorRole: "ADMIN",
      subject: "Freddo",
      amountBeforeCents: 350,
      amountAfterCents: 400,
      details: expect.objectContaining({ productId: venue.coffee.id, serviceMode: "DINE_IN" }),
    });
    // Saving the same price again changes nothing and records nothing.
    const count = (await db().select().from(auditEntries).where(eq(auditEntries.kind, "PRICE_CHANGED"))).length;
    expect((await api.put(`/api/crm/product/${venue.coffee.id}`, form, admin)).status).toBe(200);
    expect((await db().select().from(auditEntries).where(eq(auditEntries.kind, "PRICE_CHANGED"))).length).toBe(count);
  });

  it("an availability switch by a waiter", async () => {
    const off = await api.post(`/api/feed/product/${venue.water.id}/set-active`, { active: false }, waiter);
    expect(off.status).toBe(200);
    expect(await latest("AVAILABILITY_CHANGED")).toMatchObject({
      actorUserId: venue.waiter.id,
      subject: "Νερό",
      details: { productId: venue.water.id, serviceMode: "DINE_IN", active: false },
    });
    expect((await api.post(`/api/feed/product/${venue.water.id}/set-active`, { active: true }, waiter)).status).toBe(200);
  });

  it("a cancelled receipt: its number and total", async () => {
    await db()
      .update(retailers)
      .set({ invoicingEnabled: true, invoicing: { tin: "094014201", name: "Ταβέρνα", taxOffice: "Α' ΑΘΗΝΩΝ" } })
      .where(eq(retailers.id, venue.venue.id));
    const { table } = await orderedTable();
    const paid = await api.post(`/api/feed/table/${table.id}/complete-orders?payAll=true`, { ...zero, cardAmount: 2200 }, desk);
    expect(paid.status).toBe(200);
    const [receipt] = await db().select().from(documents).where(eq(documents.paymentId, paid.body.paymentId));
    expect((await api.del(`/api/admin/documents/cancel/${receipt.id}`, admin)).status).toBe(200);
    expect(await latest("DOCUMENT_CANCELLED")).toMatchObject({
      actorUserId: venue.admin.id,
      tableId: table.id,
      subject: `${receipt.invoiceType} ${receipt.series}-${receipt.number}`,
      amountBeforeCents: 2200,
      amountAfterCents: 0,
    });
    await db().update(retailers).set({ invoicingEnabled: false }).where(eq(retailers.id, venue.venue.id));
  });

  it("a staff sign-in, and never a guest's", async () => {
    const before = await latest("STAFF_SIGNED_IN");
    await api.seatedGuest(venue.table.id);
    expect((await latest("STAFF_SIGNED_IN"))?.id).toBe(before?.id);
    await api.login(venue.cook.login);
    expect(await latest("STAFF_SIGNED_IN")).toMatchObject({ actorUserId: venue.cook.id, actorRole: "COOK" });
  });

  it("staff accounts created, edited and deleted, without their passwords", async () => {
    const userName = `waiter-${Date.now().toString(36)}`;
    const form = { firstName: "Άννα", lastName: "Λ.", userName, tableIds: [], password: "a-secret-pass" };
    const created = await api.post("/api/crm/waiter", form, admin);
    expect(created.status).toBe(200);
    expect(await latest("STAFF_CHANGED")).toMatchObject({
      actorUserId: venue.admin.id,
      subject: userName,
      details: { change: "CREATED", userId: created.body.id, role: "WAITER" },
    });
    expect((await api.del(`/api/crm/waiter/${created.body.id}`, admin)).status).toBe(204);
    const deleted = await latest("STAFF_CHANGED");
    expect(deleted.details).toMatchObject({ change: "DELETED", userId: created.body.id });
    expect(JSON.stringify(deleted)).not.toContain("a-secret-pass");

    const area = await api.post(
      "/api/crm/preparation-area",
      { name: `Ψησταριά ${Date.now()}`, username: `grill-${Date.now().toString(36)}`, password: "grill-secret", printerIp: null },
      admin,
    );
    expect(area.status).toBe(200);
    expect((await latest("STAFF_CHANGED")).details).toMatchObject({ change: "CREATED", role: "COOK" });
  });

  it("settings changed: which ones, before and after", async () => {
    const saved = await api.post(
      "/api/crm/retailer",
      {
        name: "Το Νέο Στέκι",
        nameEng: "The New Spot",
        type: "RESTAURANT",
        mainCuisine: "SEAFOOD",
        secondaryCuisine: [1],
        translationsActive: false,
        printerIp: "192.168.1.80",
        autoPrintActive: false,
        printServiceUrl: "ws://192.168.1.81:9180",
        firstName: "Μαρία",
        lastName: "Κ.",
        username: venue.admin.login,
        password: "a-new-admin-pass",
      },
      admin,
    );
    expect(saved.status).toBe(200);
    const entry = await latest("SETTINGS_CHANGED");
    expect(entry).toMatchObject({ actorUserId: venue.admin.id, subject: "shop" });
    expect((entry.details as any).changed.name).toEqual({ before: venue.venue.name, after: "Το Νέο Στέκι" });
    expect((entry.details as any).changed).not.toHaveProperty("login");
    expect((entry.details as any).passwordChanged).toBe(true);
    expect(JSON.stringify(entry)).not.toContain("a-new-admin-pass");
  });
});

describe("reading the trail", () => {
  it("the owner reads today's entries, newest first, filtered by staff member and kind", async () => {
    const all = await api.get("/api/crm/audit", admin);
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(10);
    const times = all.body.entries.map((e: any) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const gifts = await api.get("/api/crm/audit?kind=GIFT", admin);
    expect(gifts.body.entries.length).toBeGreaterThan(0);
    expect(gifts.body.entries.every((e: any) => e.kind === "GIFT")).toBe(true);

    const byWaiter = await api.get(`/api/crm/audit?actorUserId=${venue.waiter.id}`, admin);
    expect(byWaiter.body.entries.length).toBeGreaterThan(0);
    expect(byWaiter.body.entries.every((e: any) => e.actorUserId === venue.waiter.id)).toBe(true);
    const kinds = new Set(byWaiter.body.entries.map((e: any) => e.kind));
    expect(kinds).toEqual(
      new Set(["GIFT", "DISCOUNT", "ITEM_CANCELLED", "TABLE_TRANSFERRED", "AVAILABILITY_CHANGED", "STAFF_SIGNED_IN"]),
    );

    const staff = await api.get("/api/crm/audit/staff", admin);
    expect(staff.status).toBe(200);
    expect(staff.body).toContainEqual({ id: venue.waiter.id, name: "Νίκος Παππάς", role: "WAITER", deleted: false });
    expect(staff.body.some((s: any) => s.id === other.waiter.id)).toBe(false);
  });

  it("days are Athens days, and a range reads every day in it", async () => {
    // 22:30 UTC on 10 January is 00:30 on the 11th in Athens.
    await db()
      .insert(auditEntries)
      .values([
        {
          retailerId: venue.venue.id,
          kind: "GIFT",
          actorUserId: venue.waiter.id,
          actorName: "Νίκος Παππάς",
          actorRole: "WAITER",
          createdAt: new Date("2026-01-10T22:30:00Z"),
          subject: "1× Νερό",
          amountBeforeCents: 100,
          amountAfterCents: 0,
        },
      ]);
    const tenth = await api.get("/api/crm/audit?from=2026-01-10&to=2026-01-10", admin);
    expect(tenth.body.total).toBe(0);
    const eleventh = await api.get("/api/crm/audit?from=2026-01-11", admin);
    expect(eleventh.body).toMatchObject({ total: 1, from: "2026-01-11", to: "2026-01-11" });
    const range = await api.get("/api/crm/audit?from=2026-01-05&to=2026-01-15&kind=GIFT", admin);
    expect(range.body.total).toBe(1);
    expect((await api.get("/api/crm/audit", admin)).body.entries.some((e: any) => e.createdAt.startsWith("2026-01-10"))).toBe(
      false,
    );
  });

  it("pages hold 50 entries", async () => {
    await db()
      .insert(auditEntries)
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          retailerId: venue.venue.id,
          kind: "STAFF_SIGNED_IN",
          actorUserId: venue.cook.id,
          actorName: "cook",
          actorRole: "COOK",
          createdAt: new Date(Date.UTC(2026, 1, 3, 10, i)),
        })),
      );
    const first = await api.get("/api/crm/audit?from=2026-02-03", admin);
    expect(first.body).toMatchObject({ total: 55, page: 0, pageSize: 50 });
    expect(first.body.entries).toHaveLength(50);
    const second = await api.get("/api/crm/audit?from=2026-02-03&page=1", admin);
    expect(second.body.entries).toHaveLength(5);
    expect(second.body.entries[4].createdAt).toBe("2026-02-03T10:00:00.000Z");
  });

  it("bad filters are keyed 400s", async () => {
    const errorOf = (answer: { headers: Headers }) => answer.headers.get("x-app-error");
    const backwards = await api.get("/api/crm/audit?from=2026-02-03&to=2026-02-01", admin);
    expect(backwards.status).toBe(400);
    expect(errorOf(backwards)).toBe("error.invalid_date_range");
    expect((await api.get("/api/crm/audit?from=2025-01-01&to=2026-02-01", admin)).status).toBe(400);
    expect((await api.get("/api/crm/audit?kind=BRIBE", admin)).status).toBe(400);
    expect((await api.get("/api/crm/audit?from=yesterday", admin)).status).toBe(400);
    expect((await api.get("/api/crm/audit?actorUserId=-3", admin)).status).toBe(400);
    expect((await api.get("/api/crm/audit.csv?page=x", admin)).status).toBe(400);
  });

  it("exports the filtered entries as CSV, in the caller's language", async () => {
    const csv = await fetch(`${server.baseUrl}/api/crm/audit.csv?kind=GIFT`, { headers: { authorization: `Bearer ${admin}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(header).toBe("Α/Α;Ημερομηνία;Ώρα;Προσωπικό;Ρόλος;Ενέργεια;Τραπέζι;Αφορά;Πριν (€);Μετά (€);Λεπτομέρειες");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.includes(";Κέρασμα;"))).toBe(true);
    expect(rows.some((row) => row.includes("Νίκος Παππάς;WAITER;Κέρασμα;") && row.includes(";2× Νερό;2,00;0,00;"))).toBe(true);

    const english = await api.get("/api/crm/audit.csv?kind=DISCOUNT", admin, { "accept-language": "en" });
    expect(String(english.body)).toContain(";Discount;");
    expect(String(english.body)).toContain(";19,00;16,00;");
  });
});

describe("who may read it", () => {
  it("another venue's admin sees none of it, even naming this venue's staff", async () => {
    const theirs = await api.get("/api/crm/audit", otherAdmin);
    expect(theirs.status).toBe(200);
    expect(theirs.body.entries.every((e: any) => e.actorUserId !== venue.waiter.id)).toBe(true);
    const named = await api.get(`/api/crm/audit?actorUserId=${venue.waiter.id}`, otherAdmin);
    const unknown = await api.get("/api/crm/audit?actorUserId=2147483000", otherAdmin);
    expect(named.status).toBe(200);
    expect(named.body).toEqual(unknown.body);
    expect(named.body.total).toBe(0);
    const csv = await api.call("GET", `/api/crm/audit.csv?actorUserId=${venue.waiter.id}`, { token: otherAdmin });
    expect(String(csv.body)).not.toContain("Νίκος");
  });

  it("waiters, cooks, the cash desk and guests are refused; no token is a 401", async () => {
    const cook = await api.login(venue.cook.login);
    const guest = await api.seatedGuest(venue.table.id);
    for (const path of ["/api/crm/audit", "/api/crm/audit.csv", "/api/crm/audit/staff"]) {
      for (const token of [waiter, cook, desk, guest]) expect((await api.get(path, token)).status).toBe(403);
      expect((await api.get(path)).status).toBe(401);
    }
  });
});

describe("append-only", () => {
  it("no route changes or deletes an entry", async () => {
    const entry = await latest("GIFT");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/api/crm/audit", `/api/crm/audit/${entry.id}`]) {
        const answer = await api.call(method, path, { token: admin, body: { kind: "DISCOUNT" } });
        expect(answer.status).toBe(404);
      }
    }
    const [still] = await db().select().from(auditEntries).where(eq(auditEntries.id, entry.id));
    expect(still).toEqual(entry);
  });

  it("the database refuses an UPDATE or a DELETE", async () => {
    const entry = await latest("GIFT");
    await expect(db().update(auditEntries).set({ amountBeforeCents: 1 }).where(eq(auditEntries.id, entry.id))).rejects.toThrow();
    await expect(db().delete(auditEntries).where(eq(auditEntries.id, entry.id))).rejects.toThrow();
    const [still] = await db().select().from(auditEntries).where(eq(auditEntries.id, entry.id));
    expect(still.amountBeforeCents).toBe(entry.amountBeforeCents);
  });
});
