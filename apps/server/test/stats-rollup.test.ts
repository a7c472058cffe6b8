import type { StatsRequest } from "@tableorder/domain/contracts/stats";
import { daysBetween } from "@tableorder/domain/stats/stats-period";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.ts";
import { cardTerminals, diningTables, payments } from "../src/db/schema.ts";
import { loadIncomeStats } from "../src/features/stats/load-income-stats.ts";
import { athensMidnight, lastFinishedDay, nextDayFinishedAt } from "../src/features/stats/stats-rollup-calendar.ts";
import { StatsRollupWorker } from "../src/features/stats/stats-rollup-worker.ts";
import { athensToday, resolveStatsScope, type StatsScope } from "../src/features/stats/stats-scope.ts";
import { buildBackOfficeVenue, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * The statistics' daily roll-up (issue 14) answers exactly what the live read answers: a venue's
 * past days of varied payments made through the API (cash, keyed card, card terminal, online, on
 * credit, mixed, gifts, discounts, cancellations, take-aways, register sales, a transfer, bills
 * paid over midnight and one still open), read for many filter combinations both ways; two cold
 * reads at once fill each day once; a past day whose facts change is read again. The background
 * worker rolls up every finished day from the venue's first, a day once it is finished, and two
 * workers at once share the days and write what one writes.
 */

type Venue = Awaited<ReturnType<typeof buildBackOfficeVenue>>;

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let venue: Venue;
let waiter: string;
let desk: string;
let terminalId: number;
const db = (): Db => server.database.db;
const zero = { discountAmount: 0, cardAmount: 0, cashAmount: 0, onCreditAmount: 0, isGift: false };
const today = athensToday();
const daysAgo = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Puts a payment's completion at an Athens wall-clock moment of a day. */
const completeAt = (paymentId: number, day: string, time: string) =>
  db().execute(
    `update payments set completed_at = ('${day}'::date + '${time}'::time) at time zone 'Europe/Athens' where id = ${paymentId}` as never,
  );
/** Puts a table's cancellations at an Athens wall-clock moment of a day. */
const cancelledAt = (tableId: number, day: string, time: string) =>
  db().execute(
    `update order_products set status_changed_at = ('${day}'::date + '${time}'::time) at time zone 'Europe/Athens'
     where table_id = ${tableId} and payment_status = 'CANCELLED'` as never,
  );

async function tableWithOrder(items: { id: number; quantity: number }[]) {
  const table = await buildTable(db(), venue.venue.id);
  const guest = await api.seatedGuest(table.id);
  const sent = await api.post(`/api/orders/${table.id}`, items, guest);
  expect(sent.status).toBe(200);
  const feed = async () => (await api.get(`/api/feed/table/${table.id}/products`, waiter)).body;
  const idsOf = async (name: string): Promise<number[]> =>
    (await feed()).unpaidTableFeed.find((i: { name: string }) => i.name === name).orderProductIds;
  return { table, guest, idsOf };
}
const collect = async (tableId: number, body: Record<string, unknown>): Promise<number> => {
  const answer = await api.post(`/api/feed/table/${tableId}/complete-orders`, { ...zero, ...body }, waiter);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.paymentId;
};
const sale = async (source: string, amount: number, pay: Record<string, number>): Promise<number> => {
  const answer = await api.post(
    "/api/feed/issue-receipt",
    { source, ...zero, ...pay, sections: [{ sectionVat: 24, sectionAmount: amount, sectionType: "GOOD" }] },
    desk,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.paymentId;
};

async function payOnline(tableId: number, guest: string, itemsCount: unknown[]): Promise<number> {
  const started = await api.post(`/api/orders/${tableId}/pay`, { itemsCount }, guest);
  expect(started.status).toBe(200);
  const ref = new URL(String(started.headers.get("location")), server.baseUrl).searchParams.get("ref") as string;
  const back = await fetch(`${server.baseUrl}/sandbox/card-checkout/approve?ref=${ref}`, { method: "POST", redirect: "manual" });
  const returned = new URL(String(back.headers.get("location")), server.baseUrl);
  const s = returned.searchParams.get("s") as string;
  const t = returned.searchParams.get("t") as string;
  expect(
    (await api.get(`/api/orders/complete-payment?s=${encodeURIComponent(s)}&t=${encodeURIComponent(t)}`, guest)).status,
  ).toBe(200);
  const [paid] = await db().select().from(payments).where(eq(payments.tableId, tableId));
  return paid.id;
}

async function payAtTerminal(tableId: number, cardAmount: number): Promise<number> {
  const paymentId = await collect(tableId, { payAll: true, cardAmount, selectedTerminalId: terminalId });
  const [pending] = await db().select().from(payments).where(eq(payments.id, paymentId));
  const answer = await fetch(`${server.baseUrl}/sandbox/card-terminal/approve?session=${pending.providerOrderCode}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  expect(answer.status).toBe(303);
  for (let i = 0; i < 100; i++) {
    const [now] = await db().select().from(payments).where(eq(payments.id, paymentId));
    if (now.status === "COMPLETED") return paymentId;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the terminal payment never completed");
}

/** A day of the venue's services, every way of paying, then moved to that day's hours. */
async function serveDay(day: string, variant: number) {
  const a = await tableWithOrder([
    { id: venue.salad.id, quantity: 2 },
    { id: venue.water.id, quantity: 3 },
  ]);
  await completeAt(await collect(a.table.id, { payAll: true, cashAmount: 2200 }), day, "12:30");

  const b = await tableWithOrder([
    { id: venue.souvlaki.id, quantity: 2 },
    { id: venue.coffee.id, quantity: 1 },
  ]);
  await completeAt(
    await collect(b.table.id, { payAll: true, discountAmount: 450 + variant, cardAmount: 2100 - variant }),
    day,
    "13:10",
  );

  // A gift, a cancellation, the rest on credit.
  const c = await tableWithOrder([
    { id: venue.coffee.id, quantity: 1 },
    { id: venue.water.id, quantity: 1 },
    { id: venue.salad.id, quantity: 1 },
  ]);
  const water = await c.idsOf("Νερό");
  expect((await api.post(`/api/feed/table/${c.table.id}/remove-products`, { orderProductIds: water }, waiter)).status).toBe(200);
  await cancelledAt(c.table.id, day, "19:50");
  const freddo = await c.idsOf("Freddo");
  await completeAt(
    await collect(c.table.id, { isGift: true, itemsCount: [{ orderProductId: freddo[0], quantity: 1 }] }),
    day,
    "20:00",
  );
  await completeAt(await collect(c.table.id, { payAll: true, onCreditAmount: 950, creditDebtor: "Νίκος" }), day, "20:05");

  const d = await tableWithOrder([{ id: venue.coffee.id, quantity: 2 }]);
  const dFreddo = await d.idsOf("Freddo");
  await completeAt(await payOnline(d.table.id, d.guest, [{ orderProductId: dFreddo[0], quantity: 2 }]), day, "21:00");

  const e = await tableWithOrder([{ id: venue.salad.id, quantity: 1 }]);
  await completeAt(await payAtTerminal(e.table.id, 950), day, "22:00");

  // Mixed methods: a salad, a freddo and a water (14,00 €), 3,33 € off, in cash, card and on credit,
  // so a payment's share of one area is rounded.
  const m = await tableWithOrder([
    { id: venue.salad.id, quantity: 1 },
    { id: venue.coffee.id, quantity: 1 },
    { id: venue.water.id, quantity: 1 },
  ]);
  await completeAt(
    await collect(m.table.id, {
      payAll: true,
      discountAmount: 333,
      cashAmount: 501,
      cardAmount: 333 + variant,
      onCreditAmount: 233 - variant,
      creditDebtor: "Νίκος",
    }),
    day,
    "14:45",
  );

  // A take-away (its table one), with a cancelled piece.
  const t = await tableWithOrder([
    { id: venue.souvlaki.id, quantity: 1 },
    { id: venue.water.id, quantity: 2 },
  ]);
  await db().update(diningTables).set({ kind: "TAKE_AWAY" }).where(eq(diningTables.id, t.table.id));
  const tWater = await t.idsOf("Νερό");
  await api.post(`/api/feed/table/${t.table.id}/remove-products`, { orderProductIds: [tWater[0]] }, waiter);
  await cancelledAt(t.table.id, day, "18:00");
  await completeAt(await collect(t.table.id, { payAll: true, cashAmount: 1200 }), day, "18:05");

  // Moved to another table after a first payment; paid there.
  const f = await tableWithOrder([
    { id: venue.water.id, quantity: 2 },
    { id: venue.salad.id, quantity: 1 },
  ]);
  const fWater = await f.idsOf("Νερό");
  await completeAt(
    await collect(f.table.id, { itemsCount: [{ orderProductId: fWater[0], quantity: 1 }], cashAmount: 100 }),
    day,
    "15:00",
  );
  const g = await buildTable(db(), venue.venue.id);
  expect((await api.post("/api/feed/transfer-table", { tableId: f.table.id, targetTableId: g.id }, waiter)).status).toBe(200);
  await completeAt(await collect(g.id, { payAll: true, cardAmount: 1050 }), day, "15:30");

  await completeAt(await sale("TAKE_AWAY", 500 + variant, { cashAmount: 500 + variant }), day, "11:00");
  await completeAt(await sale("DELIVERY", 1300, { cardAmount: 1200, discountAmount: 100 }), day, "11:30");
}

/** A bill paid in part before midnight and the rest after: one table service over two days. */
async function overMidnight(first: string, second: string) {
  const o = await tableWithOrder([
    { id: venue.salad.id, quantity: 1 },
    { id: venue.coffee.id, quantity: 2 },
  ]);
  const salad = await o.idsOf("Χωριάτικη");
  await completeAt(
    await collect(o.table.id, { itemsCount: [{ orderProductId: salad[0], quantity: 1 }], cashAmount: 950 }),
    first,
    "23:50",
  );
  // The rest is paid ten minutes after midnight.
  await completeAt(await collect(o.table.id, { payAll: true, cardAmount: 700 }), second, "00:10");
}

const ranges: [string, string][] = [
  [daysAgo(4), today],
  [daysAgo(4), daysAgo(1)],
  [daysAgo(3), daysAgo(2)],
  [daysAgo(2), daysAgo(2)],
  [daysAgo(1), today],
  [daysAgo(9), daysAgo(3)],
  [daysAgo(30), today],
];
const times = [undefined, { startTime: "00:00", endTime: "23:59" }, { startTime: "12:00", endTime: "20:59" }];
const sourceSets: NonNullable<StatsRequest["orderSourceFilters"]>[] = [
  [],
  ["DINE_IN"],
  ["TAKE_AWAY"],
  ["DELIVERY"],
  ["TAKE_AWAY", "DELIVERY"],
  ["DINE_IN", "TAKE_AWAY", "DELIVERY"],
];

/** The answer read from the rows alone: as of the period's first morning nothing of it was finished. */
const liveAnswer = (scope: StatsScope) => loadIncomeStats(db(), scope, new Date(Date.parse(`${scope.startDate}T00:00:00Z`)));
/**
 * The roll-up's reads and workers run at a fixed moment of today, the first at which yesterday is
 * finished, so what they may roll up does not depend on the hour the suite runs (in the quarter
 * hour after midnight yesterday is still read live).
 */
const readAt = nextDayFinishedAt(athensMidnight(today));
const readIncome = (scope: StatsScope) => loadIncomeStats(db(), scope, readAt);
const scopeOf = (request: StatsRequest) => resolveStatsScope(db(), venue.venue.id, request, readAt);
const rolledDays = async () =>
  (
    (await db().execute(
      `select day::text as day from stats_rollup_days where retailer_id = ${venue.venue.id} order by day` as never,
    )) as unknown as { rows: { day: string }[] }
  ).rows.map((r) => r.day);

beforeAll(async () => {
  // The app's own worker is off: these tests count which days are rolled up, and when.
  server = await startTestServer({ env: { CARD_TERMINAL_POLL_MS: "50", STATS_ROLLUP_WORKER: "off" } });
  api = apiClient(server.baseUrl);
  venue = await buildBackOfficeVenue(db());
  waiter = await api.login(venue.waiter.login);
  desk = await api.login(venue.cashDesk.login);
  [{ id: terminalId }] = await db()
    .insert(cardTerminals)
    .values({ retailerId: venue.venue.id, friendlyName: "POS 1", tid: "12345678", mid: "1234567", type: "Viva" })
    .returning();
  for (const n of [4, 3, 2, 1]) await serveDay(daysAgo(n), n);
  await overMidnight(daysAgo(3), daysAgo(2));
  await overMidnight(daysAgo(1), today);
  // Still open: paid in part yesterday, the rest not yet.
  const open = await tableWithOrder([{ id: venue.souvlaki.id, quantity: 2 }]);
  const souvlaki = await open.idsOf("Σουβλάκι");
  await completeAt(
    await collect(open.table.id, { itemsCount: [{ orderProductId: souvlaki[0], quantity: 1 }], cashAmount: 1100 }),
    daysAgo(1),
    "22:30",
  );
  // And today, live.
  await serveDay(today, 0);
}, 240_000);
afterAll(async () => server?.close());

describe("the daily roll-up", () => {
  it("answers every filter combination exactly as the live read", async () => {
    const areaSets = [[], [venue.kitchen.id], [venue.bar.id], [venue.kitchen.id, venue.bar.id]];
    let compared = 0;
    for (const [startDate, endDate] of ranges) {
      for (const timeFilters of times) {
        for (const orderSourceFilters of sourceSets) {
          for (const prepAreaFilters of areaSets) {
            const request = { dateFilters: { startDate, endDate }, timeFilters, orderSourceFilters, prepAreaFilters };
            const scope = await scopeOf(request);
            expect(await readIncome(scope), JSON.stringify(request)).toEqual(await liveAnswer(scope));
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(ranges.length * times.length * sourceSets.length * areaSets.length);
    // The finished days of the ranges from the venue's first sale on were rolled up (the days
    // before have nothing to roll up); today never is.
    expect(await rolledDays()).toEqual(daysBetween(daysAgo(4), daysAgo(1)));
  }, 240_000);

  it("with a table filter (read live), and its figures are what was paid", async () => {
    const [table] = await db().select().from(diningTables).where(eq(diningTables.retailerId, venue.venue.id)).limit(1);
    const scope = await scopeOf({ dateFilters: { startDate: daysAgo(4), endDate: today }, tableFilters: [table.id] });
    expect(await readIncome(scope)).toEqual(await liveAnswer(scope));
    // Seven table services a day (F's moved bill is one), the two bills over midnight once each, the open one.
    const all = await readIncome(await scopeOf({ dateFilters: { startDate: daysAgo(4), endDate: today } }));
    expect(all.tablesTotal).toBe(5 * 7 + 2 + 1);
    expect(all.takeAwaysTotal).toBe(5);
    expect(all.registerSalesTotal).toBe(10);
  });

  it("two cold reads at once fill each day once", async () => {
    await db().execute(`delete from stats_rollup_days where retailer_id = ${venue.venue.id}` as never);
    const scope = await scopeOf({ dateFilters: { startDate: daysAgo(6), endDate: today }, prepAreaFilters: [venue.kitchen.id] });
    const answers = await Promise.all([1, 2, 3, 4].map(() => readIncome(scope)));
    const live = await liveAnswer(scope);
    for (const answer of answers) expect(answer).toEqual(live);
    const twice = (await db().execute(
      `select day, source, area_id from stats_daily_income where retailer_id = ${venue.venue.id}
       group by day, source, area_id having count(*) > 1` as never,
    )) as unknown as { rows: unknown[] };
    expect(twice.rows).toEqual([]);
    expect(await rolledDays()).toEqual(daysBetween(daysAgo(4), daysAgo(1)));
  });

  it("forgets a past day whose facts change, in the same transaction", async () => {
    const scope = await scopeOf({ dateFilters: { startDate: daysAgo(4), endDate: daysAgo(1) }, orderSourceFilters: ["DINE_IN"] });
    const before = await readIncome(scope);
    expect(await rolledDays()).toContain(daysAgo(2));
    // A fix by hand to a completed payment of two days ago.
    await db().execute(
      `update payments set cash_cents = cash_cents + 100, amount_cents = amount_cents + 100
       where id = (select id from payments where retailer_id = ${venue.venue.id} and status = 'COMPLETED' and cash_cents > 0
         and (completed_at at time zone 'Europe/Athens')::date = '${daysAgo(2)}' order by id limit 1)` as never,
    );
    expect(await rolledDays()).not.toContain(daysAgo(2));
    const after = await readIncome(scope);
    expect(after.cashTotal).toBe(before.cashTotal + 100);
    expect(after).toEqual(await liveAnswer(scope));
  });

  it("a take-away's bill moved to a table after midnight moves its cancellations of yesterday", async () => {
    const t = await tableWithOrder([
      { id: venue.salad.id, quantity: 1 },
      { id: venue.water.id, quantity: 1 },
    ]);
    await db().update(diningTables).set({ kind: "TAKE_AWAY" }).where(eq(diningTables.id, t.table.id));
    const water = await t.idsOf("Νερό");
    expect((await api.post(`/api/feed/table/${t.table.id}/remove-products`, { orderProductIds: water }, waiter)).status).toBe(
      200,
    );
    await cancelledAt(t.table.id, daysAgo(1), "23:40");
    const scope = await scopeOf({ dateFilters: { startDate: daysAgo(2), endDate: today }, orderSourceFilters: ["TAKE_AWAY"] });
    const before = await readIncome(scope);
    expect(before).toEqual(await liveAnswer(scope));
    expect(await rolledDays()).toContain(daysAgo(1));
    const target = await buildTable(db(), venue.venue.id);
    expect((await api.post("/api/feed/transfer-table", { tableId: t.table.id, targetTableId: target.id }, waiter)).status).toBe(
      200,
    );
    expect(await rolledDays()).not.toContain(daysAgo(1));
    const after = await readIncome(scope);
    expect(after.cancelledTotal).toBe(before.cancelledTotal - 100);
    expect(after).toEqual(await liveAnswer(scope));
  });
});

describe("the background roll-up", () => {
  const firstDay = daysAgo(40);
  const failures: object[] = [];
  const log = { info: () => {}, error: (failure: object) => failures.push(failure) };
  const worker = (now = () => readAt) => new StatsRollupWorker({ db: db(), startDelayMs: 0, nightlyDelayMs: 0, log, now });
  const forgetAll = () => db().execute(`delete from stats_rollup_days where retailer_id = ${venue.venue.id}` as never);
  const finishedDays = () => daysBetween(firstDay, lastFinishedDay(readAt));
  const rows = async (query: string) => ((await db().execute(query as never)) as unknown as { rows: unknown[] }).rows;
  /** Every rolled-up row of the venue, in a fixed order. */
  const rolledRows = async () => ({
    income: await rows(`select day::text, source, area_id, cash_cents, pos_cents, online_cents, on_credit_cents,
      discount_cents, cancelled_cents, register_sales, sessions, shared_sessions::text
      from stats_daily_income where retailer_id = ${venue.venue.id} order by day, source, area_id nulls first`),
    products: await rows(`select day::text, source, area_id, product_name, count, amount_cents, gifts_cents
      from stats_daily_products where retailer_id = ${venue.venue.id} order by day, source, area_id nulls first, product_name`),
  });
  const claims = () =>
    rows(`select day::text, created_at::text from stats_rollup_days where retailer_id = ${venue.venue.id} order by day`);
  /** A moment of an Athens day, `minutes` after its midnight. */
  const athensAt = (day: string, minutes: number) => new Date(athensMidnight(day).getTime() + minutes * 60_000);

  beforeAll(async () => {
    // The venue's first sale, weeks before the rest: the worker rolls up from its day on, in several fills.
    await completeAt(await sale("DELIVERY", 700, { cashAmount: 700 }), firstDay, "13:00");
  });
  afterEach(() => expect(failures).toEqual([]));

  it("rolls up every finished day from the venue's first, so a year's read then rolls up nothing", async () => {
    await forgetAll();
    const run = await worker().runOnce();
    expect(await rolledDays()).toEqual(finishedDays());
    expect(run.days).toBe(finishedDays().length);
    expect(run.fills).toBeGreaterThan(1);
    const claimed = await claims();
    const scope = await scopeOf({ dateFilters: { startDate: daysAgo(365), endDate: daysAgo(1) } });
    expect(await readIncome(scope)).toEqual(await liveAnswer(scope));
    expect(await claims()).toEqual(claimed);
    expect((await worker().runOnce()).days).toBe(0);
  });

  it("rolls up a day at the first run after it is finished, not before", async () => {
    await forgetAll();
    let now = athensAt(daysAgo(2), 40);
    const nightly = worker(() => now);
    await nightly.runOnce();
    expect(await rolledDays()).toEqual(daysBetween(firstDay, daysAgo(3)));
    // Ten minutes after midnight the day before may still change: it waits.
    now = athensAt(daysAgo(1), 10);
    expect((await nightly.runOnce()).days).toBe(0);
    now = nextDayFinishedAt(now);
    expect(now).toEqual(athensAt(daysAgo(1), 15));
    expect((await nightly.runOnce()).days).toBe(1);
    expect(await rolledDays()).toEqual(daysBetween(firstDay, daysAgo(2)));
    const scope = await scopeOf({ dateFilters: { startDate: daysAgo(4), endDate: daysAgo(2) } });
    expect(await loadIncomeStats(db(), scope, now)).toEqual(await liveAnswer(scope));
  });

  it("two workers at once share the days and write what one worker writes", async () => {
    await forgetAll();
    await worker().runOnce();
    const byOne = await rolledRows();
    expect(byOne.income.length).toBeGreaterThan(0);
    await forgetAll();
    const runs = await Promise.all([worker().runOnce(), worker().runOnce()]);
    expect(runs[0].days + runs[1].days).toBe(finishedDays().length);
    // Each rests after its fill, so the other claims the next days meanwhile.
    expect(runs.map((run) => run.days > 0)).toEqual([true, true]);
    expect(await rolledRows()).toEqual(byOne);
    expect(await rolledDays()).toEqual(finishedDays());
  });

  it("runs soon after it is started, and stops when asked", async () => {
    await forgetAll();
    const started = worker();
    started.start();
    for (let i = 0; i < 300 && (await rolledDays()).length < finishedDays().length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await started.stop();
    expect(await rolledDays()).toEqual(finishedDays());
  });
});
