import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardTerminals, documents, payments, preparationAreas } from "../src/db/schema.ts";
import { buildRunningVenue } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { listen } from "./support/stomp-client.ts";
import { createTestDatabaseUrl, postgresUrl, startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * GET /metrics (issue 17): Prometheus text for the operator, behind METRICS_TOKEN. The values are
 * checked, not only the names: an order placed with a cook listening over STOMP shows up in the
 * request, order→kitchen, bus and statement histograms, and the queue depths count what waits.
 */

const METRICS_TOKEN = "metrics-test-token-0123456789";
/** The outbox and the terminal watcher stay idle, so what the test puts in their queues stays there. */
const QUIET_BACKGROUND = { FISCAL_OUTBOX_POLL_MS: "600000", CARD_TERMINAL_POLL_MS: "60000", STATS_ROLLUP_WORKER: "off" };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape in Prometheus's text format (comments left out). */
function samplesOf(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k, v]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The value of the one series of `name` with these labels (others may be on it too); undefined when none. */
function seriesValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value) && !("le" in s.labels),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} names ${found.length} series`);
  return found[0]?.value;
}

async function scrape(server: TestServer): Promise<Sample[]> {
  const answer = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(answer.status).toBe(200);
  return samplesOf(await answer.text());
}

describe("GET /metrics", () => {
  it("is off, not found, without METRICS_TOKEN", async () => {
    const server = await startTestServer();
    try {
      const answer = await apiClient(server.baseUrl).get("/metrics", undefined, { authorization: `Bearer ${METRICS_TOKEN}` });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ message: "error.not_found", status: 404 });
    } finally {
      await server.close();
    }
  });

  describe("with METRICS_TOKEN", () => {
    let server: TestServer;
    let api: ReturnType<typeof apiClient>;
    beforeAll(async () => {
      server = await startTestServer({ env: { METRICS_TOKEN, ...QUIET_BACKGROUND } });
      api = apiClient(server.baseUrl);
    });
    afterAll(async () => server?.close());

    it("answers 401 in the error format to no token, a wrong one, or an account's token", async () => {
      const venue = await buildRunningVenue(server.database.db);
      const admin = await api.login(venue.admin.login);
      for (const headers of [
        {} as Record<string, string>,
        { authorization: `Bearer ${METRICS_TOKEN}x` },
        { authorization: `Bearer ${METRICS_TOKEN.slice(1)}` },
        { authorization: METRICS_TOKEN },
        { authorization: `Bearer ${admin}` },
      ]) {
        const answer = await api.get("/metrics", undefined, headers);
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ message: "error.unauthorized", title: "unauthorized", status: 401 });
        expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      }
    });

    it("answers Prometheus text to the token, with the process's own metrics", async () => {
      const answer = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      const samples = samplesOf(await answer.text());
      expect(seriesValue(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
      expect(seriesValue(samples, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    });

    it("times an order from request to kitchen, counts sockets, statements and what waits in the queues", async () => {
      const venue = await buildRunningVenue(server.database.db);
      const db = server.database.db;
      // The kitchen prints by itself, so its new ticket waits to be printed.
      await db.update(preparationAreas).set({ autoPrint: true }).where(eq(preparationAreas.id, venue.kitchen.id));
      const cook = await api.login(venue.cook.login);
      const before = await scrape(server);
      const ordersBefore =
        seriesValue(before, "http_request_duration_seconds_count", { route: "/api/orders/:tableId", status_class: "2xx" }) ?? 0;
      const deliveriesBefore = seriesValue(before, "tableorder_order_to_kitchen_seconds_count") ?? 0;
      const statementsBefore = seriesValue(before, "tableorder_db_statement_duration_seconds_count") ?? 0;
      const busBefore = seriesValue(before, "tableorder_event_bus_lag_seconds_count", { publisher: "this" }) ?? 0;
      const ticketsWaitingBefore = seriesValue(before, "tableorder_print_jobs", { kind: "ticket", state: "waiting" }) ?? 0;

      const kitchen = await listen(server.wsUrl, cook, "/user/queue/kitchen");
      try {
        const guest = await api.seatedGuest(venue.table.id);
        const sent = await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.salad.id, quantity: 1 }], guest);
        expect(sent.status).toBe(200);
        const ticketId = sent.body.ticketIds[0];
        await kitchen.next((m: any) => m.type === "TICKET_UPSERT" && m.ticket.id === ticketId);

        const after = await scrape(server);
        const order = { method: "POST", route: "/api/orders/:tableId", status_class: "2xx" };
        expect(seriesValue(after, "http_request_duration_seconds_count", order)).toBe(ordersBefore + 1);
        expect(seriesValue(after, "http_request_duration_seconds_sum", order)).toBeGreaterThan(0);
        // Never the raw URL: the table's id makes no series of its own.
        expect(after.some((s) => s.labels.route?.includes(String(venue.table.id)))).toBe(false);
        expect(seriesValue(after, "tableorder_order_to_kitchen_seconds_count")).toBe(deliveriesBefore + 1);
        expect(seriesValue(after, "tableorder_order_to_kitchen_seconds_sum")).toBeLessThan(5);
        expect(seriesValue(after, "tableorder_event_bus_lag_seconds_count", { publisher: "this" })).toBeGreaterThanOrEqual(
          busBefore + 2,
        );
        expect(seriesValue(after, "tableorder_db_statement_duration_seconds_count")).toBeGreaterThan(statementsBefore);
        expect(seriesValue(after, "tableorder_db_statement_duration_seconds_sum")).toBeGreaterThan(0);
        expect(seriesValue(after, "tableorder_websocket_connections")).toBeGreaterThanOrEqual(1);
        expect(seriesValue(after, "tableorder_websocket_subscriptions")).toBeGreaterThanOrEqual(1);
        expect(seriesValue(after, "tableorder_db_pool_connections")).toBeGreaterThanOrEqual(1);
        expect(seriesValue(after, "tableorder_db_pool_idle_connections")).toBeGreaterThanOrEqual(0);
        expect(seriesValue(after, "tableorder_db_pool_waiting_requests")).toBeGreaterThanOrEqual(0);
        expect(seriesValue(after, "tableorder_print_jobs", { kind: "ticket", state: "waiting" })).toBe(ticketsWaitingBefore + 1);

        // A screen claims the ticket's print: it moves from waiting to claimed.
        const claim = await api.post(`/api/feed/kitchen/ticket/${ticketId}/print-claim`, { screenId: "screen-0001" }, cook);
        expect(claim.body).toEqual({ claimed: true });
        const claimed = await scrape(server);
        expect(seriesValue(claimed, "tableorder_print_jobs", { kind: "ticket", state: "waiting" })).toBe(ticketsWaitingBefore);
        expect(seriesValue(claimed, "tableorder_print_jobs", { kind: "ticket", state: "claimed" })).toBeGreaterThanOrEqual(1);
      } finally {
        await kitchen.close();
      }
    });

    it("counts the fiscal documents waiting for AADE, the documents to print and the sales waiting at terminals", async () => {
      const venue = await buildRunningVenue(server.database.db);
      const db = server.database.db;
      const before = await scrape(server);
      const depth = (samples: Sample[]) => ({
        toSend: seriesValue(samples, "tableorder_fiscal_outbox_pending", { work: "send" }),
        toCancel: seriesValue(samples, "tableorder_fiscal_outbox_pending", { work: "cancel" }),
        toPrint: seriesValue(samples, "tableorder_print_jobs", { kind: "document", state: "waiting" }),
        atTerminals: seriesValue(samples, "tableorder_terminal_sales_pending"),
      });
      const was = depth(before);
      for (const value of Object.values(was)) expect(value).toBeGreaterThanOrEqual(0);

      await db.insert(documents).values({
        retailerId: venue.venue.id,
        type: "RECEIPT",
        invoiceType: "11.1",
        series: "METRICS",
        number: 1,
        totalCents: 950,
      });
      const [terminal] = await db
        .insert(cardTerminals)
        .values({ retailerId: venue.venue.id, friendlyName: "Bar", tid: "16000001", type: "VIVA" })
        .returning();
      await db.insert(payments).values({
        retailerId: venue.venue.id,
        type: "CARD",
        channel: "TERMINAL",
        amountCents: 950,
        cardCents: 950,
        provider: "sandbox-terminal",
        cardTerminalId: terminal.id,
      });

      expect(depth(await scrape(server))).toEqual({
        toSend: (was.toSend ?? 0) + 1,
        toCancel: was.toCancel,
        toPrint: (was.toPrint ?? 0) + 1,
        atTerminals: (was.atTerminals ?? 0) + 1,
      });
    });
  });
});

// Two instances on one PostgreSQL: the bus's lag between them, and an order sent through A timed
// to a kitchen listening on B.
describe.skipIf(!postgresUrl)("GET /metrics across two instances", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const databaseUrl = await createTestDatabaseUrl();
    a = await startTestServer({ databaseUrl, env: { METRICS_TOKEN, ...QUIET_BACKGROUND } });
    b = await startTestServer({ databaseUrl, migrate: false, env: { METRICS_TOKEN, ...QUIET_BACKGROUND } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("times the bus between instances and the order→kitchen delivery on the kitchen's instance", async () => {
    const venue = await buildRunningVenue(a.database.db);
    const apiA = apiClient(a.baseUrl);
    const cook = await apiClient(b.baseUrl).login(venue.cook.login);
    const kitchenOnB = await listen(b.wsUrl, cook, "/user/queue/kitchen");
    try {
      const guest = await apiA.seatedGuest(venue.table.id);
      const sent = await apiA.post(`/api/orders/${venue.table.id}`, [{ id: venue.salad.id, quantity: 1 }], guest);
      expect(sent.status).toBe(200);
      await kitchenOnB.next((m: any) => m.type === "TICKET_UPSERT" && m.ticket.id === sent.body.ticketIds[0]);
      const onA = await scrape(a);
      const onB = await scrape(b);
      expect(seriesValue(onB, "tableorder_order_to_kitchen_seconds_count")).toBe(1);
      expect(seriesValue(onA, "tableorder_order_to_kitchen_seconds_count")).toBe(0);
      expect(seriesValue(onB, "tableorder_event_bus_lag_seconds_count", { publisher: "another" })).toBeGreaterThanOrEqual(2);
      expect(seriesValue(onB, "tableorder_event_bus_lag_seconds_sum", { publisher: "another" })).toBeLessThan(5);
      expect(seriesValue(onA, "tableorder_event_bus_lag_seconds_count", { publisher: "this" })).toBeGreaterThanOrEqual(2);
      expect(seriesValue(onB, "http_request_duration_seconds_count", { route: "/api/orders/:tableId" })).toBeUndefined();
    } finally {
      await kitchenOnB.close();
    }
  });
});
