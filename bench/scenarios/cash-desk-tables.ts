import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { expectOk, HttpClient } from "../lib/http-client.ts";
import { loadAverage } from "../lib/machine.ts";
import type { BenchContext, Scenario, ScenarioResult } from "../lib/scenario.ts";
import { seededRandom } from "../lib/scenario.ts";
import { formatSummary, Samples } from "../lib/stats.ts";
import { signIn } from "../lib/venue.ts";

const TABLES = 100;
const UNITS = 2_000;
const PIECES_PER_ORDER = 5;
const WARMUP_READS = 30;
const READS = 300;
const CONCURRENT_READERS = 4;

/**
 * The cash desk's table cards on a full venue: 100 tables with 2,000 open pieces between them
 * (ordered by the venue's admin, a few collected, the rest unpaid), then GET api/cash-desk/tables
 * read one at a time and by four tills at once, as the Tables tab and its resyncs read it.
 */
export const cashDeskTables: Scenario = {
  name: "cash-desk-tables",
  description:
    `a venue of ${TABLES} tables with ${UNITS} open pieces; GET api/cash-desk/tables (and the status and prep-area cards) ` +
    `read ${READS} times one at a time and by ${CONCURRENT_READERS} tills at once (uses --seed)`,
  budgetSec: () => 300,
  async run({ server, options, log }: BenchContext): Promise<ScenarioResult> {
    const http = new HttpClient(server.baseUrl, { maxSockets: 16 });
    const random = seededRandom(options.seed);
    const tag = `c${Math.random().toString(36).slice(2, 6)}`;
    const warnings: string[] = [];

    // --- venue: 100 tables, 2,000 open pieces ----------------------------------------------
    const setupStart = performance.now();
    const admin = await signIn(http, "admin", "demo1234");
    const cashier = await signIn(http, "cashdesk", "demo1234");
    const existing = (expectOk(await http.get("/api/crm/tables", admin), "table list").body as { id: number }[]).map((t) => t.id);
    const tableIds = existing.slice(0, TABLES);
    for (let i = tableIds.length; i < TABLES; i++) {
      const created = expectOk(
        await http.post(
          "/api/crm/tables",
          { label: `Desk ${tag} ${i + 1}`, code: `${tag}-t${i + 1}`, waiterIds: [], onService: true },
          admin,
        ),
        "table creation",
      ).body as { id: number };
      tableIds.push(created.id);
    }
    const menu = expectOk(await http.get("/api/feed/menu", admin), "menu").body as { products: { id: number }[] }[];
    const productIds = menu.flatMap((category) => category.products.map((p) => p.id));
    if (!productIds.length) throw new Error("the venue's menu is empty");
    const ordersPerTable = Math.ceil(UNITS / TABLES / PIECES_PER_ORDER);
    let units = 0;
    for (const tableId of tableIds) {
      for (let o = 0; o < ordersPerTable; o++) {
        const lines = Array.from({ length: PIECES_PER_ORDER }, () => ({
          id: productIds[Math.floor(random() * productIds.length)],
          quantity: 1,
        }));
        expectOk(
          await http.request("POST", `/api/orders/${tableId}`, {
            token: admin,
            body: lines,
            headers: { "idempotency-key": randomUUID() },
          }),
          `order for table ${tableId}`,
        );
        units += lines.length;
      }
    }
    log(`${tableIds.length} tables, ${units} open pieces in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

    // --- reads ---------------------------------------------------------------------------
    const timed = async (path: string, samples: Samples) => {
      const started = performance.now();
      const response = expectOk(await http.get(path, cashier), path);
      samples.add(performance.now() - started);
      return response;
    };
    const warm = new Samples();
    for (let i = 0; i < WARMUP_READS; i++) await timed("/api/cash-desk/tables", warm);
    const sequential = new Samples();
    let bytes = 0;
    let cards = 0;
    for (let i = 0; i < READS; i++) {
      const response = await timed("/api/cash-desk/tables", sequential);
      cards = (response.body as unknown[]).length;
      bytes = JSON.stringify(response.body).length;
    }
    const concurrent = new Samples();
    await Promise.all(
      Array.from({ length: CONCURRENT_READERS }, async () => {
        for (let i = 0; i < READS / CONCURRENT_READERS; i++) await timed("/api/cash-desk/tables", concurrent);
      }),
    );
    const status = new Samples();
    const areas = new Samples();
    for (let i = 0; i < 100; i++) {
      await timed("/api/cash-desk/cash-desk-status", status);
      await timed("/api/cash-desk/prep-areas", areas);
    }
    if (cards < TABLES) warnings.push(`only ${cards} table cards came back for ${TABLES} tables`);
    const serverProblems = server.logProblems();
    if (serverProblems.length)
      warnings.push(`server logged ${serverProblems.length} warnings/errors, first: ${serverProblems[0].slice(0, 300)}`);

    const sequentialSummary = sequential.summary();
    return {
      title: `cash-desk-tables · ${cards} tables · ${units} open pieces · ${server.database} database`,
      sections: [
        {
          heading: "GET api/cash-desk/tables",
          rows: [
            ["one till", formatSummary(sequentialSummary)],
            [`${CONCURRENT_READERS} tills at once`, formatSummary(concurrent.summary())],
            ["answer", `${cards} cards, ${(bytes / 1024).toFixed(1)} KB of JSON`],
          ],
        },
        {
          heading: "other cash-desk reads (one till)",
          rows: [
            ["GET api/cash-desk/cash-desk-status", formatSummary(status.summary())],
            ["GET api/cash-desk/prep-areas", formatSummary(areas.summary())],
          ],
        },
        { heading: "machine", rows: [["load average after", loadAverage()]] },
      ],
      warnings,
      data: {
        scenario: "cash-desk-tables",
        database: server.database,
        tables: cards,
        units,
        tablesMs: sequentialSummary,
        tablesConcurrentMs: concurrent.summary(),
        statusMs: status.summary(),
        prepAreasMs: areas.summary(),
      },
    };
  },
};
