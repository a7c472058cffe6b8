import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderProducts, payments } from "../src/db/schema.ts";
import { buildBackOfficeVenue } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { orderAtNewTable } from "./support/orders.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * Issue 28 A9: a collection on credit records a debt, not money taken. It names who owes it, its
 * pieces read as on credit (not paid) wherever a piece's payment shows, and today's dashboard keeps
 * the owed amount apart from the income.
 */

type Venue = Awaited<ReturnType<typeof buildBackOfficeVenue>>;

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let venue: Venue;
let waiter: string;
let desk: string;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.baseUrl);
  venue = await buildBackOfficeVenue(db());
  waiter = await api.login(venue.waiter.login);
  desk = await api.login(venue.cashDesk.login);
}, 60_000);
afterAll(async () => server?.close());

const zero = { discountAmount: 0, cardAmount: 0, cashAmount: 0, onCreditAmount: 0, isGift: false };
const pay = (tableId: number, body: Record<string, unknown>, token = waiter) =>
  api.post(`/api/feed/table/${tableId}/complete-orders`, body, token);
const staffFeed = async (tableId: number) => (await api.get(`/api/feed/table/${tableId}/products`, waiter)).body;
const unpaidOf = async (tableId: number) =>
  (await db().select().from(orderProducts).where(eq(orderProducts.tableId, tableId))).filter((u) => u.paymentStatus === "UNPAID")
    .length;

describe("who owes a collection on credit", () => {
  it("is required when any part is on credit: missing or blank is credit_debtor_required, and nothing is paid", async () => {
    // 2 salads (9.50 €) and 3 waters (1 €): 22.00 €.
    const { table } = await orderAtNewTable(api, db(), venue);
    for (const creditDebtor of [undefined, null, "", "   "]) {
      const refused = await pay(table.id, { ...zero, payAll: true, cashAmount: 1000, onCreditAmount: 1200, creditDebtor });
      expect(refused.status, String(creditDebtor)).toBe(400);
      expect(refused.headers.get("x-app-error")).toBe("error.credit_debtor_required");
      expect(refused.body.message).toBe("error.credit_debtor_required");
    }
    const tooLong = await pay(table.id, { ...zero, payAll: true, onCreditAmount: 2200, creditDebtor: "Ν".repeat(121) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.headers.get("x-app-error")).toBe("error.validation");
    expect(await unpaidOf(table.id)).toBe(5);
  });

  it("is not asked without credit: a cash collection keeps no debtor, even one sent", async () => {
    const { table } = await orderAtNewTable(api, db(), venue);
    const paid = await pay(table.id, { ...zero, payAll: true, cashAmount: 2200, creditDebtor: "Νίκος" });
    expect(paid.status).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.id, paid.body.paymentId));
    expect(payment.creditDebtor).toBeNull();
  });

  it("is kept trimmed, and the pieces read as on credit with the debtor for staff, without it for guests", async () => {
    const { table, guest } = await orderAtNewTable(api, db(), venue);
    const salads = (await staffFeed(table.id)).unpaidTableFeed.find((i: any) => i.name === "Χωριάτικη");
    const paid = await pay(
      table.id,
      {
        ...zero,
        cashAmount: 500,
        onCreditAmount: 1400,
        creditDebtor: "  Νίκος (φίλος του Γιάννη)  ",
        itemsCount: [{ orderProductId: salads.orderProductIds[0], quantity: 2 }],
      },
      desk,
    );
    expect(paid.status).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.id, paid.body.paymentId));
    expect(payment).toMatchObject({ onCreditCents: 1400, creditDebtor: "Νίκος (φίλος του Γιάννη)" });

    const feed = await staffFeed(table.id);
    expect(feed.tableFeed.find((i: any) => i.name === "Χωριάτικη")).toMatchObject({
      quantity: 2,
      paymentStatus: "PAID",
      onCredit: true,
      creditDebtor: "Νίκος (φίλος του Γιάννη)",
    });
    expect(feed.tableFeed.find((i: any) => i.name === "Νερό")).toMatchObject({ onCredit: false, creditDebtor: null });
    // The guests' phones say the salads are owed, not whom the staff wrote down.
    const guestFeed = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
    expect(guestFeed.tableFeed.find((i: any) => i.name === "Χωριάτικη")).toMatchObject({ onCredit: true, creditDebtor: null });

    // The waters in cash close the table; the history keeps the salads on credit, the waters paid.
    expect((await pay(table.id, { ...zero, payAll: true, cashAmount: 300 })).status).toBe(200);
    const history = (await api.get("/api/admin/order-history", desk)).body;
    const ticket = history.find((t: any) => t.tableName === table.label);
    expect(ticket.products).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: "Χωριάτικη",
          paymentStatus: "PAID",
          onCredit: true,
          creditDebtor: "Νίκος (φίλος του Γιάννη)",
        }),
        expect.objectContaining({ name: "Νερό", paymentStatus: "PAID", onCredit: false, creditDebtor: null }),
      ]),
    );
  });
});

describe("today's dashboard", () => {
  it("counts money collected as income and the part on credit as owed, apart", async () => {
    const fresh = await buildBackOfficeVenue(db());
    const freshDesk = await api.login(fresh.cashDesk.login);
    const freshAdmin = await api.login(fresh.admin.login);
    const { table } = await orderAtNewTable(api, db(), fresh);
    const paid = await pay(
      table.id,
      { ...zero, payAll: true, cashAmount: 800, onCreditAmount: 1400, creditDebtor: "Νίκος" },
      freshDesk,
    );
    expect(paid.status).toBe(200);
    const glance = (await api.get("/api/stats/today", freshAdmin)).body;
    expect(glance).toMatchObject({ incomeTotal: 800, owedTotal: 1400 });
    // The income statistics keep on credit as its own figure of the total (spec 3 §9).
    const stats = (await api.post("/api/stats", { live: true }, freshAdmin)).body;
    expect(stats).toMatchObject({ cashTotal: 800, onCreditTotal: 1400 });
  });
});
