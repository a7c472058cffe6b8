import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@stomp/stompjs";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { buildRunningVenue } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { createMigratedDurableDatabaseUrl, startTestServer } from "./support/test-app.ts";

describe("a restart mid-service", () => {
  it("loses no order, and a listening kitchen reconnects by itself and receives the next ticket", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tableorder-restart-"));
    const databaseUrl = await createMigratedDurableDatabaseUrl(dataDir);
    let server = await startTestServer({ databaseUrl, dataDir });
    const port = new URL(server.baseUrl).port;
    const venue = await buildRunningVenue(server.database.db);
    let api = apiClient(server.baseUrl);
    const guest = await api.seatedGuest(venue.table.id);
    const cookToken = await api.login(venue.cook.login);
    const before = await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.salad.id, quantity: 1 }], guest);
    expect(before.status).toBe(200);

    const received: any[] = [];
    let connections = 0;
    const kitchen = new Client({
      webSocketFactory: () => new WebSocket(`${server.wsUrl}?access_token=${cookToken}`, ["v12.stomp"]) as never,
      reconnectDelay: 200,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      onConnect: () => {
        connections += 1;
        kitchen.subscribe("/user/queue/kitchen", (m) => received.push(JSON.parse(m.body)));
      },
    });
    kitchen.activate();
    await waitFor(() => connections === 1);

    await server.close();
    server = await startTestServer({ databaseUrl, dataDir, migrate: true, port: Number(port) });
    api = apiClient(server.baseUrl);
    await waitFor(() => connections === 2, 10_000);

    const feed = await api.get(`/api/orders/${venue.table.id}/feed`, guest);
    expect(feed.status).toBe(200);
    expect(feed.body.tableFeed.flatMap((i: any) => i.orderProductIds)).toHaveLength(1);
    const kitchenFeed = await api.get("/api/feed/kitchen", cookToken);
    expect(kitchenFeed.body.tickets.map((t: any) => t.id)).toEqual(before.body.ticketIds);

    const after = await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.souvlaki.id, quantity: 1 }], guest);
    await waitFor(() => received.some((m) => m.ticket?.id === after.body.ticketIds[0]));
    await kitchen.deactivate();
    await server.close();
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
