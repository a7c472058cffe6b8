import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedHistory } from "../src/seed/seed-history.ts";
import { buildBackOfficeVenue } from "./support/factories.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type BackOfficeVenue, startVenueServer } from "./support/venue-server.ts";

/**
 * `npm run seed:history` on a small scale, read back through POST api/stats: the generated past
 * reconciles to the cent with its own rows, and its pieces and payments land where the stats look.
 */
let server: TestServer, api: ApiClient, venue: BackOfficeVenue, admin: string;

beforeAll(async () => {
  [server, api, venue, admin] = await startVenueServer(buildBackOfficeVenue, ["admin"]);
}, 30_000);
afterAll(async () => server?.close());

describe("seed:history", () => {
  it("writes days of closed services that the stats read back to the cent", async () => {
    const summary = await seedHistory(server.database.db, { retailerId: venue.venue.id, days: 3, ordersPerDay: 60 });
    expect(summary.orders).toBe(180);
    expect(summary.units).toBeGreaterThan(180);
    const answer = await api.post(
      "/api/stats",
      { dateFilters: { startDate: summary.startDate, endDate: summary.endDate } },
      admin,
    );
    expect(answer.status).toBe(200);
    const stats = answer.body;
    const rows = (await server.database.db.execute(
      `select coalesce(sum(amount_cents), 0)::int as amount, coalesce(sum(discount_cents), 0)::int as discount,
         coalesce(sum(amount_cents) filter (where order_id is not null), 0)::int as register, count(*)::int as n
       from payments where retailer_id = ${venue.venue.id} and status = 'COMPLETED'` as never,
    )) as unknown as { rows: { amount: number; discount: number; register: number; n: number }[] };
    const facts = rows.rows[0];
    expect(facts.n).toBe(summary.payments);
    const income = stats.cashTotal + stats.posTotal + stats.onlineTotal + stats.onCreditTotal;
    expect(income).toBe(Number(facts.amount));
    expect(stats.discountsTotal).toBe(Number(facts.discount));
    const consumed = stats.productCount.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0);
    expect(consumed + Number(facts.register)).toBe(income);
    expect(stats.cashTotal).toBeGreaterThan(0);
    expect(stats.posTotal).toBeGreaterThan(0);
    expect(stats.chart.points).toHaveLength(3);
    expect(stats.cancelledTotal).toBeGreaterThan(0);
  });
});
