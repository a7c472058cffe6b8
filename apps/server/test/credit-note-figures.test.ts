import { STATS_QUEUE } from "@tableorder/domain/contracts/stats";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, payments, retailers } from "../src/db/schema.ts";
import { lastFinishedDay } from "../src/features/stats/stats-rollup-calendar.ts";
import { athensToday } from "../src/features/stats/stats-scope.ts";
import { buildBackOfficeVenue, buildProduct, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { orderAtNewTable } from "./support/orders.ts";
import { listen } from "./support/stomp-client.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * Issue 28 A2: a cancelled receipt is a fact that reverses its sale. The credit note (11.4) leaves
 * its payment method's total and shows under the cancellations in every figure the owner reads,
 * on the note's own day (stats-facts.ts): live and date-filtered stats, today's dashboard, the
 * payments CSV, and the daily roll-up.
 */

type Venue = Awaited<ReturnType<typeof buildBackOfficeVenue>>;

let server: TestServer;
let api: ReturnType<typeof apiClient>;
const db = () => server.database.db;
// 2 salads (9.50 €) and 3 waters (1 €): 22.00 €, all goods, so one receipt.
const BILL = 2200;
/** The bill's salads, the kitchen's part of it. */
const SALADS = 1900;

/** Consumption lines by product name, to compare without their order. */
const byName = (lines: { name: string; count: number; amount: number }[]) =>
  Object.fromEntries(lines.map((l) => [l.name, { count: l.count, amount: l.amount }]));

beforeAll(async () => {
  server = await startTestServer({ env: { FISCAL_OUTBOX_POLL_MS: "600000" } });
  api = apiClient(server.baseUrl);
}, 60_000);
afterAll(async () => server?.close());

/** A valid ΑΦΜ from 8 digits: the 9th is Σ dᵢ·2^(8−i) mod 11 mod 10. */
function afm(prefix: string): string {
  const sum = [...prefix].reduce((total, d, i) => total + Number(d) * 2 ** (8 - i), 0);
  return `${prefix}${(sum % 11) % 10}`;
}

async function invoicingVenue() {
  const venue = await buildBackOfficeVenue(db());
  await db()
    .update(retailers)
    .set({ invoicingEnabled: true, invoicing: { tin: afm("09416113"), name: "Ταβέρνα", taxOffice: "Α' ΑΘΗΝΩΝ" } })
    .where(eq(retailers.id, venue.venue.id));
  return {
    venue,
    admin: await api.login(venue.admin.login),
    desk: await api.login(venue.cashDesk.login),
  };
}

/** A fresh table's 22.00 € bill paid in cash at the till; answers the payment and its receipt. */
async function paidInCash(on: { venue: Venue; desk: string }) {
  const { table, orderId } = await orderAtNewTable(api, db(), on.venue);
  const paid = await api.post(
    `/api/feed/table/${table.id}/complete-orders?payAll=true`,
    { discountAmount: 0, cardAmount: 0, cashAmount: BILL, onCreditAmount: 0, isGift: false },
    on.desk,
  );
  expect(paid.status).toBe(200);
  const [receipt, ...more] = await db().select().from(documents).where(eq(documents.paymentId, paid.body.paymentId));
  expect(more).toEqual([]);
  expect(receipt).toMatchObject({ invoiceType: "11.1", totalCents: BILL });
  return { table, orderId, paymentId: paid.body.paymentId as number, receipt };
}

async function cancel(receiptId: number, admin: string) {
  const note = await api.del(`/api/admin/documents/cancel/${receiptId}`, admin);
  expect(note.status).toBe(200);
  return note.body as { id: number };
}

async function stats(admin: string, body: unknown = {}) {
  const answer = await api.post("/api/stats", body, admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe("a cancelled receipt reverses its sale", () => {
  it("leaves the cash total and counts as cancelled in live and date-filtered stats, the dashboard and the payments CSV", async () => {
    const on = await invoicingVenue();
    const kept = await paidInCash(on);
    const cancelled = await paidInCash(on);
    const today = { dateFilters: { startDate: athensToday(), endDate: athensToday() } };
    expect((await stats(on.admin)).cashTotal).toBe(2 * BILL);
    const glanceBefore = await api.get("/api/stats/today", on.admin);
    expect(glanceBefore.body.incomeTotal).toBe(2 * BILL);

    const kitchen = { prepAreaFilters: [on.venue.kitchen.id] };
    const kitchenBefore = await stats(on.admin, kitchen);
    expect([kitchenBefore.cashTotal, kitchenBefore.cancelledTotal]).toEqual([2 * SALADS, 0]);

    const note = await cancel(cancelled.receipt.id, on.admin);

    for (const body of [{}, today]) {
      const after = await stats(on.admin, body);
      expect([after.cashTotal, after.cancelledTotal], JSON.stringify(body)).toEqual([BILL, BILL]);
      // The cancelled receipt's pieces were not sold: the consumption is the kept bill's.
      expect(byName(after.productCount), JSON.stringify(body)).toEqual({
        Χωριάτικη: { count: 2, amount: SALADS },
        Νερό: { count: 3, amount: BILL - SALADS },
      });
      // The chart adds up to the totals: the reversal is in the hour of the note.
      const charted = after.chart.points.reduce((sum: number, p: { cash: number }) => sum + p.cash, 0);
      expect(charted).toBe(BILL);
      // Still two table services: a cancellation is no service of its own.
      expect(after.tablesTotal).toBe(2);
    }
    // Only the cancelled receipt's table: nothing left, all of it cancelled.
    const ofTable = await stats(on.admin, { tableFilters: [cancelled.table.id] });
    expect([ofTable.cashTotal, ofTable.cancelledTotal]).toEqual([0, BILL]);
    const ofOther = await stats(on.admin, { tableFilters: [kept.table.id] });
    expect([ofOther.cashTotal, ofOther.cancelledTotal]).toEqual([BILL, 0]);

    // The kitchen's share: its salads of the cancelled receipt leave the kitchen's cash and
    // consumption and count as cancelled there (the waters are of no area).
    for (const body of [kitchen, { ...kitchen, ...today }]) {
      const ofKitchen = await stats(on.admin, body);
      expect([ofKitchen.cashTotal, ofKitchen.cancelledTotal], JSON.stringify(body)).toEqual([SALADS, SALADS]);
      expect(byName(ofKitchen.productCount)).toEqual({ Χωριάτικη: { count: 2, amount: SALADS } });
    }

    const glance = await api.get("/api/stats/today", on.admin);
    expect(glance.body.incomeTotal).toBe(BILL);

    const consumption = await api.post("/api/stats/consumption.csv", today, on.admin, { "accept-language": "en" });
    expect(consumption.status).toBe(200);
    expect(
      String(consumption.body)
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/)
        .sort(),
    ).toEqual(["Product;Count;Amount (€)", "Νερό;3;3,00", "Χωριάτικη;2;19,00"].sort());

    const csv = await api.post("/api/stats/payments.csv", today, on.admin);
    expect(csv.status).toBe(200);
    const lines = String(csv.body).trim().split(/\r?\n/);
    // Header, two payments, one credit note taking back the cash.
    expect(lines).toHaveLength(4);
    const noteLine = lines.find((l) => l.includes("CREDIT_NOTE"));
    expect(noteLine, String(csv.body)).toBeDefined();
    expect(noteLine).toContain(String(cancelled.paymentId));
    expect(noteLine).toMatch(/-22[.,]00/);

    // The history shows the cancelled receipt's pieces as cancelled, naming the credit note; the
    // other table's stay paid.
    const history = await api.get("/api/admin/order-history", on.desk);
    expect(history.status).toBe(200);
    const ofOrder = (orderId: number) => history.body.find((t: { id: number }) => t.id === orderId).products;
    const [noteRow] = await db().select().from(documents).where(eq(documents.id, note.id));
    const noteName = `${noteRow.series}-${noteRow.number}`;
    expect(ofOrder(cancelled.orderId)).toEqual([
      expect.objectContaining({ quantity: 2, paymentStatus: "CANCELLED", creditNote: noteName }),
      expect.objectContaining({ quantity: 3, paymentStatus: "CANCELLED", creditNote: noteName }),
    ]);
    for (const product of ofOrder(kept.orderId)) {
      expect(product.paymentStatus).toBe("PAID");
      expect(product.creditNote).toBeUndefined();
    }
  });

  it("pushes the cancellation live: the owner's stats and the cash desk's history ticket", async () => {
    const on = await invoicingVenue();
    const paid = await paidInCash(on);
    const stats = await listen(server.wsUrl, on.admin, STATS_QUEUE);
    const history = await listen(server.wsUrl, on.desk, "/user/queue/admin/order-history");
    try {
      await cancel(paid.receipt.id, on.admin);
      const figures = await stats.next((m: any) => m.cancelledTotal === BILL);
      expect(figures.cashTotal).toBe(0);
      const ticket = await history.next(
        (m: any) => m.ticket?.ticketId === paid.orderId && m.ticket.products.every((p: any) => p.paymentStatus === "CANCELLED"),
      );
      expect(ticket.ticket.products[0].creditNote).toMatch(/-\d+$/);
    } finally {
      await Promise.all([stats.close(), history.close()]);
    }
  });

  it("counts on the credit note's day: a rolled-up day keeps the receipts it had, and holds the cancellations issued on it", async () => {
    const on = await invoicingVenue();
    const today = athensToday();
    // The last day the roll-up may hold: yesterday, except in the quarter hour after Athens midnight.
    const yesterday = lastFinishedDay(new Date());
    const noonYesterday = sql`((${yesterday}::date + time '12:00')::timestamp at time zone 'Europe/Athens')`;
    const early = await paidInCash(on);
    const late = await paidInCash(on);
    // Both sold yesterday; one of them cancelled yesterday too.
    for (const paid of [early, late]) {
      await db()
        .update(payments)
        .set({ completedAt: sql`${noonYesterday}` })
        .where(eq(payments.id, paid.paymentId));
    }
    const earlyNote = await cancel(early.receipt.id, on.admin);
    await db()
      .update(documents)
      .set({ issuedAt: sql`${noonYesterday} + interval '1 hour'` })
      .where(eq(documents.id, earlyNote.id));

    // A range over yesterday rolls yesterday up and reads today live.
    const range = { dateFilters: { startDate: yesterday, endDate: today } };
    const before = await stats(on.admin, range);
    expect([before.cashTotal, before.cancelledTotal]).toEqual([BILL, BILL]);
    const rolled = async () =>
      (
        (await db().execute(sql`select cash_cents, cancelled_cents from stats_daily_income
          where retailer_id = ${on.venue.venue.id} and day = ${yesterday}::date and area_id is null`)) as unknown as {
          rows: { cash_cents: number; cancelled_cents: number }[];
        }
      ).rows;
    expect(await rolled()).toEqual([{ cash_cents: BILL, cancelled_cents: BILL }]);

    // Today's cancellation of yesterday's receipt counts today: the rolled-up day is what the
    // live read of yesterday answers, and today shows the money taken back.
    await cancel(late.receipt.id, on.admin);
    expect(await rolled()).toEqual([{ cash_cents: BILL, cancelled_cents: BILL }]);
    const liveYesterday = await stats(on.admin, { dateFilters: { startDate: yesterday, endDate: yesterday } });
    expect([liveYesterday.cashTotal, liveYesterday.cancelledTotal]).toEqual([BILL, BILL]);
    const liveToday = await stats(on.admin, { dateFilters: { startDate: today, endDate: today } });
    expect([liveToday.cashTotal, liveToday.cancelledTotal]).toEqual([-BILL, BILL]);
    const after = await stats(on.admin, range);
    expect([after.cashTotal, after.cancelledTotal]).toEqual([0, 2 * BILL]);
    expect((await api.get("/api/stats/today", on.admin)).body.incomeTotal).toBe(-BILL);
  });

  it("takes a receipt of goods and services paid in cash and card with a discount back to the cent, by method and by area", async () => {
    const on = await invoicingVenue();
    const sale = await goodsAndServices(on);
    const today = { dateFilters: { startDate: athensToday(), endDate: athensToday() } };
    const check = async (expected: Record<Scope, Figures>) => {
      for (const period of [{}, today]) {
        for (const scope of SCOPES) {
          expect(await figures(on, scope, period), `${scope} ${JSON.stringify(period)}`).toEqual(expected[scope]);
        }
      }
    };
    await check({ all: SOLD.all, kitchen: SOLD.kitchen, bar: SOLD.bar });

    // The goods' receipt (the salad, in the kitchen) goes back with the cash it was paid in.
    await cancel(sale.goods.id, on.admin);
    await check({
      all: { ...NOTHING, cash: 100, pos: 800, discount: 51, cancelled: 900, products: { Μουσική: { count: 1, amount: 900 } } },
      kitchen: { ...NOTHING, cancelled: 900 },
      bar: SOLD.bar,
    });

    // Then the services' receipt: every method and the whole discount are back to nothing, in
    // every area too, and all the sale counts as cancelled.
    await cancel(sale.services.id, on.admin);
    await check({
      all: { ...NOTHING, cancelled: 1800 },
      kitchen: { ...NOTHING, cancelled: 900 },
      bar: { ...NOTHING, cancelled: 900 },
    });
  });

  it("two credit notes of one payment in one area take back exactly the area's share", async () => {
    const on = await invoicingVenue();
    // A coffee (goods) and a 3.50 € service, both at the bar: 3.51 € cash, 3.49 € by card. Each
    // receipt's half of the bar's cash is 1.755 €, so notes rounded one by one would take back 3.52 €.
    const tasting = await service(on, "Γευσιγνωσία", 350);
    const sale = await paidTogether(on, [on.venue.coffee.id, tasting.id], { discount: 0, card: 349, cash: 351 });
    expect(sale.receipts.map((r) => r.invoiceType)).toEqual(["11.1", "11.2"]);
    const bar = { prepAreaFilters: [on.venue.bar.id] };
    const ofBar = async () => {
      const s = await stats(on.admin, bar);
      return [s.cashTotal, s.posTotal, s.cancelledTotal];
    };
    expect(await ofBar()).toEqual([351, 349, 0]);
    await cancel(sale.receipts[0].id, on.admin);
    expect(await ofBar()).toEqual([175, 175, 350]);
    await cancel(sale.receipts[1].id, on.admin);
    expect(await ofBar()).toEqual([0, 0, 700]);
  });

  it("takes a register sale of goods and services back with the discount its sections were given", async () => {
    const on = await invoicingVenue();
    // 10.00 € of goods and 10.01 € of services, 1.01 € off (0.50 € and 0.51 €: 9.50 € each).
    const sold = await api.post(
      "/api/feed/issue-receipt",
      {
        discountAmount: 101,
        cardAmount: 900,
        cashAmount: 1000,
        source: "TAKE_AWAY",
        selectedTerminalId: null,
        sections: [
          { sectionVat: 24, sectionAmount: 1000, sectionType: "GOOD" },
          { sectionVat: 13, sectionAmount: 1001, sectionType: "SERVICE" },
        ],
      },
      on.desk,
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const receipts = await db()
      .select()
      .from(documents)
      .where(eq(documents.paymentId, sold.body.paymentId))
      .orderBy(documents.id);
    expect(receipts.map((r) => [r.invoiceType, r.totalCents])).toEqual([
      ["11.1", 950],
      ["11.2", 950],
    ]);
    const before = await stats(on.admin);
    expect([before.cashTotal, before.posTotal, before.discountsTotal, before.registerSalesTotal]).toEqual([1000, 900, 101, 1]);

    await cancel(receipts[0].id, on.admin);
    const half = await stats(on.admin);
    expect([half.cashTotal, half.posTotal, half.discountsTotal, half.cancelledTotal]).toEqual([50, 900, 51, 950]);
    await cancel(receipts[1].id, on.admin);
    const after = await stats(on.admin);
    expect([after.cashTotal, after.posTotal, after.discountsTotal, after.cancelledTotal, after.registerSalesTotal]).toEqual([
      0, 0, 0, 1900, 1,
    ]);
  });

  it("a rolled-up day with a credit note holds what the live read of it answers, by area too", async () => {
    const on = await invoicingVenue();
    const sale = await goodsAndServices(on);
    const today = athensToday();
    // The last day the roll-up may hold: yesterday, except in the quarter hour after Athens midnight.
    const yesterday = lastFinishedDay(new Date());
    const noonYesterday = sql`((${yesterday}::date + time '12:00')::timestamp at time zone 'Europe/Athens')`;
    // Sold yesterday, its goods cancelled yesterday, its services today.
    await db()
      .update(payments)
      .set({ completedAt: sql`${noonYesterday}` })
      .where(eq(payments.id, sale.paymentId));
    const goodsNote = await cancel(sale.goods.id, on.admin);
    await db()
      .update(documents)
      .set({ issuedAt: sql`${noonYesterday} + interval '1 hour'` })
      .where(eq(documents.id, goodsNote.id));
    await cancel(sale.services.id, on.admin);

    const days = {
      yesterday: { dateFilters: { startDate: yesterday, endDate: yesterday } },
      today: { dateFilters: { startDate: today, endDate: today } },
      both: { dateFilters: { startDate: yesterday, endDate: today } },
    };
    const expected: Record<Scope, Record<"yesterday" | "today", Figures>> = {
      all: {
        yesterday: {
          ...NOTHING,
          cash: 100,
          pos: 800,
          discount: 51,
          cancelled: 900,
          products: { Μουσική: { count: 1, amount: 900 } },
        },
        today: {
          ...NOTHING,
          cash: -100,
          pos: -800,
          discount: -51,
          cancelled: 900,
          products: { Μουσική: { count: -1, amount: -900 } },
        },
      },
      kitchen: { yesterday: { ...NOTHING, cancelled: 900 }, today: NOTHING },
      bar: {
        yesterday: SOLD.bar,
        today: {
          ...NOTHING,
          cash: -500,
          pos: -400,
          discount: -51,
          cancelled: 900,
          products: { Μουσική: { count: -1, amount: -900 } },
        },
      },
    };
    for (const scope of SCOPES) {
      // The range rolls yesterday up (a range of one area can be answered by the roll-up) and reads today live.
      expect(await figures(on, scope, days.both), scope).toEqual({ ...NOTHING, cancelled: scope === "all" ? 1800 : 900 });
      expect(await figures(on, scope, days.yesterday), `${scope} yesterday`).toEqual(expected[scope].yesterday);
      expect(await figures(on, scope, days.today), `${scope} today`).toEqual(expected[scope].today);
    }
    // The rolled-up day itself, per area: what the live read of yesterday answers.
    const rolled = (
      (await db().execute(sql`select area_id, cash_cents, pos_cents, discount_cents, cancelled_cents from stats_daily_income
        where retailer_id = ${on.venue.venue.id} and day = ${yesterday}::date order by area_id nulls first`)) as unknown as {
        rows: {
          area_id: number | null;
          cash_cents: number;
          pos_cents: number;
          discount_cents: number;
          cancelled_cents: number;
        }[];
      }
    ).rows.map((r) => [
      r.area_id,
      Number(r.cash_cents),
      Number(r.pos_cents),
      Number(r.discount_cents),
      Number(r.cancelled_cents),
    ]);
    expect(rolled).toEqual(
      [
        [null, 100, 800, 51, 900],
        [on.venue.kitchen.id, 0, 0, 0, 900],
        [on.venue.bar.id, 500, 400, 51, 0],
      ].sort((a, b) => (a[0] == null ? -1 : b[0] == null ? 1 : Number(a[0]) - Number(b[0]))),
    );
  });
});

type Scope = "all" | "kitchen" | "bar";
const SCOPES: Scope[] = ["all", "kitchen", "bar"];
interface Figures {
  cash: number;
  pos: number;
  online: number;
  onCredit: number;
  discount: number;
  cancelled: number;
  products: Record<string, { count: number; amount: number }>;
}
const NOTHING: Figures = { cash: 0, pos: 0, online: 0, onCredit: 0, discount: 0, cancelled: 0, products: {} };
/**
 * The sale of goodsAndServices before any cancellation: a 9.50 € salad (goods, kitchen) and a
 * 9.51 € music service (bar), 1.01 € off (0.50 € on the salad, 0.51 € on the music: 9.00 € each),
 * 10.00 € in cash and 8.00 € by card. Each area gets its share of the methods (cash 10/18, card
 * the rest).
 */
const SOLD: Record<Scope, Figures> = {
  all: {
    ...NOTHING,
    cash: 1000,
    pos: 800,
    discount: 101,
    products: { Χωριάτικη: { count: 1, amount: 900 }, Μουσική: { count: 1, amount: 900 } },
  },
  kitchen: { ...NOTHING, cash: 500, pos: 400, discount: 50, products: { Χωριάτικη: { count: 1, amount: 900 } } },
  bar: { ...NOTHING, cash: 500, pos: 400, discount: 51, products: { Μουσική: { count: 1, amount: 900 } } },
};

/**
 * A salad (goods, the kitchen) and a music service (the bar) paid with a discount in cash and by
 * card: two receipts, the goods' 9.00 € all in cash, the services' 9.00 € the rest of the cash
 * (1.00 €) and the card. The discount's halves (0.50 € and 0.51 €) are a rounding tie for a rule
 * that shares the discount out by each receipt's part of the total (1.01 € × 9/18 = 0.505 €).
 */
async function goodsAndServices(on: { venue: Venue; desk: string }) {
  const music = await service(on, "Μουσική", 951);
  const sale = await paidTogether(on, [on.venue.salad.id, music.id], { discount: 101, card: 800, cash: 1000 });
  expect(sale.receipts.map((r) => [r.invoiceType, r.totalCents, r.paymentMethods.map((m) => [m.method, m.amount])])).toEqual([
    ["11.1", 900, [["CASH", 900]]],
    [
      "11.2",
      900,
      [
        ["CASH", 100],
        ["CARD", 800],
      ],
    ],
  ]);
  return { paymentId: sale.paymentId, goods: sale.receipts[0], services: sale.receipts[1] };
}

/** A service (11.2 at 13 %) made at the bar. */
const service = (on: { venue: Venue }, name: string, priceCents: number) =>
  buildProduct(db(), on.venue.venue.id, {
    categoryId: on.venue.category.id,
    name,
    priceCents,
    type: "SERVICE",
    vatCategory: 2,
    preparationAreaId: on.venue.bar.id,
  });

/** One of each product ordered at a fresh table and paid at the till: the payment and its receipts, in their order. */
async function paidTogether(
  on: { venue: Venue; desk: string },
  productIds: number[],
  amounts: { discount: number; card: number; cash: number },
) {
  const table = await buildTable(db(), on.venue.venue.id);
  const guest = await api.seatedGuest(table.id);
  const sent = await api.post(
    `/api/orders/${table.id}`,
    productIds.map((id) => ({ id, quantity: 1 })),
    guest,
  );
  expect(sent.status).toBe(200);
  const paid = await api.post(
    `/api/feed/table/${table.id}/complete-orders?payAll=true`,
    { discountAmount: amounts.discount, cardAmount: amounts.card, cashAmount: amounts.cash, onCreditAmount: 0, isGift: false },
    on.desk,
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const receipts = await db().select().from(documents).where(eq(documents.paymentId, paid.body.paymentId)).orderBy(documents.id);
  return { paymentId: paid.body.paymentId as number, receipts };
}

/** The figures of a scope (all areas, the kitchen, the bar) for a period, as the owner reads them. */
async function figures(on: { venue: Venue; admin: string }, scope: Scope, period: Record<string, unknown>): Promise<Figures> {
  const areas = { all: [], kitchen: [on.venue.kitchen.id], bar: [on.venue.bar.id] }[scope];
  const s = await stats(on.admin, { ...period, ...(areas.length ? { prepAreaFilters: areas } : {}) });
  return {
    cash: s.cashTotal,
    pos: s.posTotal,
    online: s.onlineTotal,
    onCredit: s.onCreditTotal,
    discount: s.discountsTotal,
    cancelled: s.cancelledTotal,
    products: byName(s.productCount),
  };
}
