import { expectOk, HttpClient } from "../lib/http-client.ts";
import { loadAverage } from "../lib/machine.ts";
import type { BenchContext, Scenario, ScenarioResult } from "../lib/scenario.ts";
import { formatSummary, Samples } from "../lib/stats.ts";
import { signIn } from "../lib/venue.ts";

const WARMUP = 3;
const READS = 30;
/** A year of history is what `npm run seed:history` writes; fewer orders than this means it was not run. */
const MIN_YEAR_ORDERS = 1_000;

const athensDay = (date: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Athens" }).format(date);

/**
 * The owner's statistics on a venue with a year behind it (issue 14): POST api/stats for a day, a
 * month and a year, each read READS times one at a time, plus today's live figures and the landing
 * page's glance. The history is written beforehand by `npm run seed:history` on the database the
 * server runs on; drive that server with --url (embedded) or start it here with --database-url.
 * The first read of each period is reported apart: on a freshly seeded database it is the one that
 * rolls up the finished days not yet rolled up (the month's 30, then the rest of the year's).
 */
export const statsScenario: Scenario = {
  name: "stats",
  description:
    `POST api/stats p50/p95 for a day, a month and a year (${READS} reads each) on a venue with a year of history; ` +
    "run `npm run seed:history` on the server's database first",
  budgetSec: () => 600,
  async run({ server, log }: BenchContext): Promise<ScenarioResult> {
    const http = new HttpClient(server.baseUrl, { maxSockets: 4 });
    const admin = await signIn(http, "admin", "demo1234");
    const warnings: string[] = [];
    const now = Date.now();
    const areas = expectOk(await http.get("/api/stats/prep-areas", admin), "prep areas").body as { id: number }[];
    const tables = expectOk(await http.get("/api/stats/active-tables", admin), "tables").body as { id: number }[];
    const yesterday = athensDay(new Date(now - 86_400_000));
    const periods: [string, Record<string, unknown>][] = [
      ["today (live)", { live: true }],
      ["a day", { dateFilters: { startDate: yesterday } }],
      ["a month", { dateFilters: { startDate: athensDay(new Date(now - 30 * 86_400_000)), endDate: yesterday } }],
      ["a year", { dateFilters: { startDate: athensDay(new Date(now - 365 * 86_400_000)), endDate: yesterday } }],
      [
        "a year, dine-in, one area",
        {
          dateFilters: { startDate: athensDay(new Date(now - 365 * 86_400_000)), endDate: yesterday },
          orderSourceFilters: ["DINE_IN"],
          prepAreaFilters: areas.slice(0, 1).map((a) => a.id),
        },
      ],
      // The roll-up has no rows per table: a table filter is read live.
      [
        "a year, one table",
        {
          dateFilters: { startDate: athensDay(new Date(now - 365 * 86_400_000)), endDate: yesterday },
          tableFilters: [tables[0].id],
        },
      ],
    ];

    const rows: [string, string][] = [];
    const data: Record<string, unknown> = { scenario: "stats", database: server.database };
    for (const [label, body] of periods) {
      const samples = new Samples();
      let income = 0;
      let lines = 0;
      let first = 0;
      for (let i = 0; i < WARMUP + READS; i++) {
        const started = performance.now();
        const answer = expectOk(await http.post("/api/stats", body, admin), `stats ${label}`).body as Record<string, number> & {
          productCount: unknown[];
        };
        if (i === 0) first = performance.now() - started;
        if (i >= WARMUP) samples.add(performance.now() - started);
        income = answer.cashTotal + answer.posTotal + answer.onlineTotal + answer.onCreditTotal;
        lines = answer.productCount.length;
        if (label === "a year" && i === 0 && answer.tablesTotal < MIN_YEAR_ORDERS) {
          warnings.push(
            `only ${answer.tablesTotal} table services in the year: run \`npm run seed:history\` on this server's database`,
          );
        }
      }
      const summary = samples.summary();
      log(`${label}: first read ${first.toFixed(1)} ms, then ${formatSummary(summary)}`);
      rows.push([
        `POST api/stats · ${label}`,
        `first read ${first.toFixed(1)} ms · then ${formatSummary(summary)} · ${(income / 100).toFixed(2)} € · ${lines} products`,
      ]);
      data[label] = { first, ...summary };
    }
    const glance = new Samples();
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      expectOk(await http.get("/api/stats/today", admin), "today");
      glance.add(performance.now() - started);
    }
    rows.push(["GET api/stats/today", formatSummary(glance.summary())]);
    data.today = glance.summary();
    const problems = server.logProblems();
    if (problems.length) warnings.push(`server logged ${problems.length} warnings/errors, first: ${problems[0].slice(0, 300)}`);
    return {
      title: `stats · ${server.database} database`,
      sections: [
        { heading: "statistics reads (one owner at a time)", rows },
        { heading: "machine", rows: [["load average after", loadAverage()]] },
      ],
      warnings,
      data,
    };
  },
};
