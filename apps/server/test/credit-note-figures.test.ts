import { STATS_QUEUE } from "@tableorder/domain/contracts/stats";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, payments, retailers } from "../src/db/schema.ts";
import { athensToday } from "../src/features/stats/stats-scope.ts";
import { buildBackOfficeVenue } from "./support/factories.ts";
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

    const note = await cancel(cancelled.receipt.id, on.admin);

    for (const body of [{}, today]) {
      const after = await stats(on.admin, body);
      expect([after.cashTotal, after.cancelledTotal], JSON.stringify(body)).toEqual([BILL, BILL]);
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

    const glance = await api.get("/api/stats/today", on.admin);
    expect(glance.body.incomeTotal).toBe(BILL);

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
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 24 * 3600_000).toISOString().slice(0, 10);
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
});
