import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@stomp/stompjs";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { openDatabase } from "../src/db/client.ts";
import { orders } from "../src/db/schema.ts";
import { SHUTDOWN_MESSAGE } from "../src/realtime/stomp-hub.ts";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { freePort, ServerChild, testServerEnv } from "./support/server-child.ts";
import { createMigratedDurableDatabaseUrl, startTestServer } from "./support/test-app.ts";

const JWT_SECRET = "health-test-secret-health-test-secret-01";
const GUESTS = 4;
/** Orders answered before the SIGTERM, so the stop lands in the middle of the load. */
const ORDERS_BEFORE_STOP = 24;

const children: ServerChild[] = [];
afterAll(async () => {
  for (const child of children) await child.kill();
});

describe("the health probes", () => {
  it("say the process is live, and ready once its database answers with every migration applied", async () => {
    const server = await startTestServer();
    const api = apiClient(server.baseUrl);
    expect(await api.get("/health/live")).toMatchObject({ status: 200, body: { status: "UP" } });
    const ready = await api.get("/health/ready");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "UP", database: "UP", migrations: "UP", stopping: false });
    await server.close();
  });

  // Runs every migration on an empty database, which takes longer than a test's usual 30 s on a busy machine.
  it("say not ready while the migrations have not run, and ready once they have", { timeout: 90_000 }, async () => {
    const server = await startTestServer({ migrate: false, env: { STATS_ROLLUP_WORKER: "off" } });
    const api = apiClient(server.baseUrl);
    const before = await api.get("/health/ready");
    expect(before.status).toBe(503);
    expect(before.body).toMatchObject({ status: "DOWN", database: "UP", migrations: "PENDING" });
    await server.database.migrate();
    expect(await api.get("/health/ready")).toMatchObject({ status: 200, body: { migrations: "UP" } });
    await server.close();
  });

  it("say not ready from the moment a stop begins, while the process still answers", async () => {
    const server = await startTestServer();
    const api = apiClient(server.baseUrl);
    server.readiness.markStopping();
    const ready = await api.get("/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: "DOWN", database: "UP", migrations: "UP", stopping: true });
    expect((await api.get("/health/live")).status).toBe(200);
    await server.close();
  });

  it("say not ready when the database does not answer", async () => {
    const server = await startTestServer();
    await server.database.close();
    const ready = await apiClient(server.baseUrl).get("/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: "DOWN", database: "DOWN" });
    await server.app.close();
    await server.events.close();
  });
});

describe("a graceful stop on SIGTERM", () => {
  it("turns readiness away first, keeps every answered order exactly once, tells STOMP clients to reconnect and exits 0", {
    timeout: 180_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tableorder-sigterm-"));
    const databaseUrl = await createMigratedDurableDatabaseUrl(dataDir);
    // The venue is made before the child starts: the child then holds the embedded database alone.
    const seeding = await openDatabase(databaseUrl);
    await seeding.migrate();
    const venue = await buildRunningVenue(seeding.db);
    const tables = [venue.table];
    for (let i = 1; i < GUESTS; i++) tables.push(await buildTable(seeding.db, venue.venue.id));
    await seeding.close();

    const port = await freePort();
    const child = new ServerChild({
      port,
      env: testServerEnv(port, dataDir, {
        DATABASE_URL: databaseUrl,
        JWT_SECRET,
        // Long enough to see readiness turned away while orders are still taken.
        SHUTDOWN_DRAIN_MS: "1500",
      }),
    });
    children.push(child);
    await child.start();
    const api = apiClient(child.baseUrl);
    const guests = await Promise.all(tables.map((table) => api.seatedGuest(table.id)));

    // A kitchen screen listening: it must be told why the socket closes, and come back.
    const cookToken = await api.login(venue.cook.login);
    const stompErrors: string[] = [];
    const ticketsLive = new Set<number>();
    let connections = 0;
    const kitchen = new Client({
      webSocketFactory: () =>
        new WebSocket(`ws://127.0.0.1:${port}/websocket/feed?access_token=${cookToken}`, ["v12.stomp"]) as never,
      reconnectDelay: 200,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      onConnect: () => {
        connections += 1;
        kitchen.subscribe("/user/queue/kitchen", (frame) => {
          const message = JSON.parse(frame.body);
          if (message.type === "TICKET_UPSERT") ticketsLive.add(message.ticket.id);
        });
      },
      onStompError: (frame) => stompErrors.push(frame.headers.message ?? ""),
    });
    kitchen.activate();
    await waitFor(() => connections === 1);

    // Guests order in a loop until the server stops answering them.
    const answered = new Set<number>();
    const answeredTickets = new Set<number>();
    const statuses = new Set<number>();
    let sending = true;
    const loops = tables.map(async (table, i) => {
      while (sending) {
        try {
          const sent = await api.post(`/api/orders/${table.id}`, [{ id: venue.salad.id, quantity: 1 }], guests[i]);
          statuses.add(sent.status);
          if (sent.status === 200) {
            answered.add(sent.body.orderId);
            for (const ticketId of sent.body.ticketIds) answeredTickets.add(ticketId);
          } else if (sent.status !== 503) throw new Error(`an order was refused: ${sent.status} ${JSON.stringify(sent.body)}`);
        } catch (error) {
          if (error instanceof Error && error.message.startsWith("an order was refused")) throw error;
          // No answer: the server has stopped listening.
          if (!child.up) return;
        }
      }
    });
    await waitFor(() => answered.size >= ORDERS_BEFORE_STOP, 60_000);

    // Twice, as an impatient supervisor might: the second must not run the stop again.
    const stopped = child.stop(2);
    let turnedAway: { status: number; body: any } | null = null;
    while (!turnedAway) {
      const ready = await api.get("/health/ready");
      if (ready.status === 503) turnedAway = ready;
    }
    expect(turnedAway.body).toMatchObject({ status: "DOWN", stopping: true });
    expect((await api.get("/health/live")).status).toBe(200);
    const answeredWhenTurnedAway = answered.size;
    await stopped;
    sending = false;
    await Promise.all(loops);

    expect(child.lastExit).toEqual({ code: 0, signal: null });
    expect(child.problems).toEqual([]);
    // Orders kept coming in while readiness already said 503: the drain let them finish.
    expect(answered.size).toBeGreaterThan(answeredWhenTurnedAway);
    expect(stompErrors).toContain(SHUTDOWN_MESSAGE);

    await child.start();
    await waitFor(() => connections === 2, 20_000);
    // The kitchen catches up: its feed, read again after the reconnect as the screen does, holds the
    // ticket of every answered order, and a new order reaches it live on the new connection.
    const cookAgain = await api.login(venue.cook.login);
    const feedAfter = await api.get("/api/feed/kitchen", cookAgain);
    const feedTickets = new Set<number>(feedAfter.body.tickets.map((ticket: { id: number }) => ticket.id));
    expect([...answeredTickets].filter((id) => !feedTickets.has(id))).toEqual([]);
    const after = await api.post(`/api/orders/${tables[0].id}`, [{ id: venue.salad.id, quantity: 1 }], guests[0]);
    expect(after.status).toBe(200);
    answered.add(after.body.orderId);
    await waitFor(() => after.body.ticketIds.every((id: number) => ticketsLive.has(id)), 10_000);
    const feeds = await Promise.all(tables.map((table, i) => api.get(`/api/orders/${table.id}/feed`, guests[i])));
    const ordered = feeds.reduce((sum, feed) => sum + feed.body.tableFeed.flatMap((item: any) => item.orderProductIds).length, 0);
    await kitchen.deactivate();
    await child.stop();

    // Every order answered 2xx is there once, and no order is there that was not answered.
    const check = await openDatabase(databaseUrl);
    const stored = await check.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.tableId,
          tables.map((table) => table.id),
        ),
      );
    await check.close();
    expect(stored.map((order) => order.id).sort((a, b) => a - b)).toEqual([...answered].sort((a, b) => a - b));
    expect(ordered).toBe(answered.size);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
