import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import { listen } from "./support/stomp-client.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

// Issue 28 A9: a piece cancelled while the kitchen has it stays on its ticket as a cancellation the
// screen shows until a cook acknowledges it, instead of the ticket silently losing it.

let server: TestServer, api: ApiClient, venue: RunningVenue, cook: string, waiter: string;
let other: Awaited<ReturnType<typeof buildRunningVenue>>;

beforeAll(async () => {
  [server, api, venue, cook, waiter] = await startVenueServer(buildRunningVenue, ["cook", "waiter"]);
  other = await buildRunningVenue(server.database.db);
});
afterAll(async () => server?.close());

/** A waiter's order of 2 salads and a souvlaki at a table of its own; the kitchen ticket as the cook reads it. */
async function orderAtNewTable() {
  const table = await buildTable(server.database.db, venue.venue.id);
  const sent = await api.post(
    `/api/orders/${table.id}`,
    [
      { id: venue.salad.id, quantity: 2, notes: "χωρίς αλάτι" },
      { id: venue.souvlaki.id, quantity: 1 },
    ],
    waiter,
  );
  expect(sent.status).toBe(200);
  const ticket = (await api.get(`/api/feed/kitchen/ticket/${sent.body.ticketIds[0]}`, cook)).body;
  const salads: number[] = ticket.products.find((p: any) => p.name === "Χωριάτικη").orderProductIds;
  const souvlaki: number[] = ticket.products.find((p: any) => p.name === "Σουβλάκι").orderProductIds;
  return { table, ticket, salads, souvlaki };
}

// Some of these pieces are already prepared, which the waiter cancels only with a reason.
const cancel = (tableId: number, orderProductIds: number[]) =>
  api.post(`/api/feed/table/${tableId}/remove-products`, { orderProductIds, reason: "MISTAKE" }, waiter);
const acknowledge = (ticketId: number, token = cook) =>
  api.post(`/api/feed/kitchen/ticket/${ticketId}/acknowledge-cancellation`, {}, token);
const feedTicket = async (ticketId: number) =>
  (await api.get(`/api/feed/kitchen?id=${venue.kitchen.id}`, cook)).body.tickets.find((t: any) => t.id === ticketId);

describe("a piece cancelled while the kitchen has it", () => {
  it("stays on the ticket as a cancellation, pushed to the area's cooks, until a cook acknowledges it", async () => {
    const { table, ticket, salads } = await orderAtNewTable();
    expect(ticket.cancelledUnacknowledged).toEqual([]);
    const kitchen = await listen(server.wsUrl, cook, "/user/queue/kitchen");
    const bar = await listen(server.wsUrl, await api.login(venue.barman.login), "/user/queue/kitchen");
    try {
      expect((await cancel(table.id, [salads[0]])).status).toBe(200);
      const pushed = await kitchen.next(
        (m: any) => m.type === "TICKET_UPSERT" && m.ticket.id === ticket.id && m.ticket.cancelledUnacknowledged.length > 0,
      );
      const read = await feedTicket(ticket.id);
      expect(pushed.ticket).toEqual(read);
      expect(read.products.map((p: any) => [p.name, p.quantity])).toEqual([
        ["Χωριάτικη", 1],
        ["Σουβλάκι", 1],
      ]);
      expect(read.cancelledUnacknowledged).toHaveLength(1);
      expect(read.cancelledUnacknowledged[0]).toMatchObject({
        name: "Χωριάτικη",
        quantity: 1,
        status: "SENT",
        notes: "χωρίς αλάτι",
        orderProductIds: [salads[0]],
      });
      expect(Date.parse(read.cancelledUnacknowledged[0].cancelledAt)).toBeGreaterThan(Date.parse(ticket.timestamp) - 1);

      const acknowledged = await acknowledge(ticket.id);
      expect(acknowledged.status).toBe(200);
      expect(acknowledged.body).toEqual({ acknowledgedIds: [salads[0]], ticketCompleted: false });
      await kitchen.next(
        (m: any) => m.type === "TICKET_UPSERT" && m.ticket.id === ticket.id && m.ticket.cancelledUnacknowledged.length === 0,
      );
      const after = await feedTicket(ticket.id);
      expect(after.cancelledUnacknowledged).toEqual([]);
      expect(after.products.map((p: any) => p.quantity)).toEqual([1, 1]);
      // A double tap is fine: nothing left to clear.
      expect((await acknowledge(ticket.id)).body).toEqual({ acknowledgedIds: [], ticketCompleted: false });
      // The ticket is the Kitchen's: the Bar's cook heard nothing of it.
      expect(bar.messages.some((m: any) => m.ticket?.id === ticket.id || m.ticketId === ticket.id)).toBe(false);
    } finally {
      await kitchen.close();
      await bar.close();
    }
  });

  it("a prepared dish not yet picked up counts too: it stands on the pass, and the notice says it was ready", async () => {
    const { table, ticket, salads, souvlaki } = await orderAtNewTable();
    await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare-products`, { orderProductIds: souvlaki }, cook);
    expect((await cancel(table.id, souvlaki)).status).toBe(200);
    const read = await feedTicket(ticket.id);
    expect(read.cancelledUnacknowledged.map((l: any) => [l.name, l.status])).toEqual([["Σουβλάκι", "PREPARED"]]);
    expect(read.products.flatMap((p: any) => p.orderProductIds)).toEqual(salads);
  });

  it("a ticket whose every piece was cancelled shows only the cancellation, and leaves the screens once acknowledged", async () => {
    const { table, ticket, salads, souvlaki } = await orderAtNewTable();
    const kitchen = await listen(server.wsUrl, cook, "/user/queue/kitchen");
    try {
      expect((await cancel(table.id, [...salads, ...souvlaki])).status).toBe(200);
      const notice = await feedTicket(ticket.id);
      expect(notice.products).toEqual([]);
      expect(notice.cancelledUnacknowledged.map((l: any) => [l.name, l.quantity])).toEqual([
        ["Χωριάτικη", 2],
        ["Σουβλάκι", 1],
      ]);
      // 'All ready' has nothing to prepare and leaves the notice in place.
      const bumped = await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare`, {}, cook);
      expect(bumped.body).toEqual({ preparedIds: [], ticketCompleted: false });
      expect(await feedTicket(ticket.id)).toBeDefined();

      const acknowledged = await acknowledge(ticket.id);
      expect(acknowledged.body).toEqual({
        acknowledgedIds: [...salads, ...souvlaki].sort((a, b) => a - b),
        ticketCompleted: true,
      });
      await kitchen.next((m: any) => m.type === "TICKET_REMOVED" && m.ticketId === ticket.id);
      expect(await feedTicket(ticket.id)).toBeUndefined();
      expect((await acknowledge(ticket.id)).body).toEqual({ acknowledgedIds: [], ticketCompleted: true });
    } finally {
      await kitchen.close();
    }
  });

  it("a guest taking back a piece the kitchen has not started is told to the kitchen the same way", async () => {
    const table = await buildTable(server.database.db, venue.venue.id);
    const guest = await api.seatedGuest(table.id);
    const sent = await api.post(`/api/orders/${table.id}`, [{ id: venue.salad.id, quantity: 1 }], guest);
    const ticketId = sent.body.ticketIds[0];
    const [pieceId] = (await api.get(`/api/feed/kitchen/ticket/${ticketId}`, cook)).body.products[0].orderProductIds;
    expect((await api.call("DELETE", `/api/orders/${table.id}/product/${pieceId}`, { token: guest })).status).toBe(200);
    const notice = await feedTicket(ticketId);
    expect(notice.products).toEqual([]);
    expect(notice.cancelledUnacknowledged.map((l: any) => l.orderProductIds)).toEqual([[pieceId]]);
  });

  it("a delivered dish, or one on a completed ticket, is no news to the kitchen", async () => {
    const { table, ticket, salads, souvlaki } = await orderAtNewTable();
    await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare-products`, { orderProductIds: souvlaki }, cook);
    expect((await api.post("/api/feed/next-status", souvlaki, waiter)).status).toBe(200);
    expect((await cancel(table.id, souvlaki)).status).toBe(200);
    expect((await feedTicket(ticket.id)).cancelledUnacknowledged).toEqual([]);

    expect((await api.post(`/api/feed/kitchen/ticket/${ticket.id}/prepare`, {}, cook)).body.ticketCompleted).toBe(true);
    expect((await cancel(table.id, [salads[0]])).status).toBe(200);
    expect(await feedTicket(ticket.id)).toBeUndefined();
    expect((await api.get(`/api/feed/kitchen/ticket/${ticket.id}`, cook)).body.cancelledUnacknowledged).toEqual([]);
  });

  it("only the area's own venue acknowledges: another venue's cook is refused (403), its desk does not see it (404)", async () => {
    const { table, ticket, salads } = await orderAtNewTable();
    await cancel(table.id, [salads[0]]);
    expect((await acknowledge(ticket.id, await api.login(other.cook.login))).status).toBe(403);
    expect((await acknowledge(ticket.id, await api.login(other.admin.login))).status).toBe(404);
    expect((await acknowledge(ticket.id, await api.login(venue.barman.login))).status).toBe(403);
    expect((await acknowledge(ticket.id, waiter)).status).toBe(403);
    expect((await acknowledge(999_999)).status).toBe(404);
    expect((await feedTicket(ticket.id)).cancelledUnacknowledged).toHaveLength(1);
    // The venue's own administrator may, as for the other kitchen actions.
    expect((await acknowledge(ticket.id, await api.login(venue.admin.login))).body.acknowledgedIds).toEqual([salads[0]]);
  });
});
