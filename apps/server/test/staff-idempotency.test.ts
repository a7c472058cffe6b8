import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderProducts, orders, payments, staffRequestKeys, tableSessions, waiterRequests } from "../src/db/schema.ts";
import { REPLAYED_HEADER, STAFF_IDEMPOTENT_ROUTES, sweepExpiredKeys } from "../src/lib/idempotent-requests.ts";
import type { DomainEvent } from "../src/realtime/types.ts";
import { buildBackOfficeVenue, buildRunningVenue, buildStaff, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let venue: Awaited<ReturnType<typeof buildBackOfficeVenue>>;
let other: Awaited<ReturnType<typeof buildRunningVenue>>;
let waiter: string;
let cook: string;
let desk: string;
let otherWaiter: string;
const published: DomainEvent[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.baseUrl);
  venue = await buildBackOfficeVenue(server.database.db);
  other = await buildRunningVenue(server.database.db);
  [waiter, cook, desk, otherWaiter] = await Promise.all([
    api.login(venue.waiter.login),
    api.login(venue.cook.login),
    api.login(venue.cashDesk.login),
    api.login(other.waiter.login),
  ]);
  server.events.subscribe((event) => {
    published.push(event);
  });
});
afterAll(async () => server?.close());

const db = () => server.database.db;
let keys = 0;
const newKey = () => `staff-key-${Date.now()}-${++keys}`;
const send = (request: KeyedRequest, key: string | null, token = request.token) =>
  api.call(request.method, request.path, { token, body: request.body, headers: key ? { "Idempotency-Key": key } : {} });
const rows = async (query: Promise<{ n: number }[]>) => (await query)[0].n;

/** A guest's order of salads (kitchen) and waters (served by the waiter) at a new table. */
async function guestOrder(salads = 1, waters = 1) {
  const table = await buildTable(db(), venue.venue.id);
  const guest = await api.seatedGuest(table.id);
  const lines = [
    { id: venue.salad.id, quantity: salads },
    { id: venue.water.id, quantity: waters },
  ].filter((line) => line.quantity > 0);
  const sent = await api.post(`/api/orders/${table.id}`, lines, guest);
  expect(sent.status).toBe(200);
  const units = await db().select().from(orderProducts).where(eq(orderProducts.tableId, table.id)).orderBy(orderProducts.id);
  return {
    table,
    guest,
    ticketId: sent.body.ticketIds[0] as number,
    salads: units.filter((u) => u.productId === venue.salad.id).map((u) => u.id),
    waters: units.filter((u) => u.productId === venue.water.id).map((u) => u.id),
  };
}

/** The same action with another body or on another path, for the reused-key refusal. */
interface KeyedRequest {
  method: "POST" | "PUT" | "DELETE";
  path: string;
  body?: unknown;
  token: string;
}

interface MutationCase {
  /** The route of STAFF_IDEMPOTENT_ROUTES the case covers. */
  route: string;
  prepare(): Promise<{ request: KeyedRequest; otherRequest: KeyedRequest; work(): Promise<number> }>;
}

const paymentsAt = (tableId: number) => rows(db().select({ n: count() }).from(payments).where(eq(payments.tableId, tableId)));
const unitsIn = (ids: number[], status: string) =>
  rows(
    db()
      .select({ n: count() })
      .from(orderProducts)
      .where(and(inArray(orderProducts.id, ids), eq(orderProducts.status, status))),
  );

/** A collection at a guest's table with `body`; the work is the payments written. */
function collection(body: Record<string, unknown>): MutationCase["prepare"] {
  return async () => {
    const { table } = await guestOrder();
    const path = `/api/feed/table/${table.id}/complete-orders`;
    return {
      request: { method: "POST", path, body: { payAll: true, ...body }, token: waiter },
      otherRequest: { method: "POST", path, body: { payAll: true, ...body, isGift: !body.isGift }, token: waiter },
      work: () => paymentsAt(table.id),
    };
  };
}

// Every listed staff mutation, each as its screen sends it; the work is what it writes.
const CASES: Record<string, MutationCase> = {
  "the waiter's order for a table": {
    route: "POST /api/orders/:tableId",
    prepare: async () => {
      const table = await buildTable(db(), venue.venue.id);
      const path = `/api/orders/${table.id}`;
      return {
        request: { method: "POST", path, body: [{ id: venue.salad.id, quantity: 1 }], token: waiter },
        otherRequest: { method: "POST", path, body: [{ id: venue.salad.id, quantity: 2 }], token: waiter },
        work: () => rows(db().select({ n: count() }).from(orders).where(eq(orders.tableId, table.id))),
      };
    },
  },
  "delivering (next status)": {
    route: "POST /api/feed/next-status",
    prepare: async () => {
      const { waters, salads } = await guestOrder();
      return {
        request: { method: "POST", path: "/api/feed/next-status", body: waters, token: waiter },
        otherRequest: { method: "POST", path: "/api/feed/next-status", body: [...waters, ...salads], token: waiter },
        // The water has no preparation area, so the waiter's one tap delivers it (decision 036).
        work: () => unitsIn(waters, "COMPLETE"),
      };
    },
  },
  "completing pieces": {
    route: "POST /api/feed/complete-orders",
    prepare: async () => {
      const { waters, salads } = await guestOrder();
      return {
        request: { method: "POST", path: "/api/feed/complete-orders", body: waters, token: waiter },
        otherRequest: { method: "POST", path: "/api/feed/complete-orders", body: salads, token: waiter },
        work: () => unitsIn(waters, "COMPLETE"),
      };
    },
  },
  "undoing a delivery": {
    route: "POST /api/feed/undo-status",
    prepare: async () => {
      const { waters, salads } = await guestOrder(1, 2);
      expect((await api.post("/api/feed/complete-orders", waters, waiter)).status).toBe(200);
      return {
        request: { method: "POST", path: "/api/feed/undo-status", body: { orderProductIds: waters }, token: waiter },
        otherRequest: { method: "POST", path: "/api/feed/undo-status", body: { orderProductIds: salads }, token: waiter },
        // Undoing a delivery of what the waiter serves straight takes it back to SENT (decision 036).
        work: () => unitsIn(waters, "SENT"),
      };
    },
  },
  "completing a task (a guest's call)": {
    route: "POST /api/feed/complete-request/:requestId",
    prepare: async () => {
      const { table, guest } = await guestOrder();
      const call = await api.post(`/api/cq-table/call-waiter/${table.id}`, {}, guest);
      expect(call.status).toBe(200);
      const done = () =>
        rows(
          db()
            .select({ n: count() })
            .from(waiterRequests)
            .where(and(eq(waiterRequests.id, call.body.id), eq(waiterRequests.status, "COMPLETED"))),
        );
      return {
        request: { method: "POST", path: `/api/feed/complete-request/${call.body.id}`, body: {}, token: waiter },
        otherRequest: { method: "POST", path: `/api/feed/complete-request/${call.body.id + 1}`, body: {}, token: waiter },
        work: done,
      };
    },
  },
  "cancelling a piece": {
    route: "POST /api/feed/table/:tableId/remove-products",
    prepare: async () => {
      const { table, waters, salads } = await guestOrder(1, 2);
      const path = `/api/feed/table/${table.id}/remove-products`;
      return {
        request: { method: "POST", path, body: { orderProductIds: [waters[0]] }, token: waiter },
        otherRequest: { method: "POST", path, body: { orderProductIds: salads }, token: waiter },
        work: () =>
          rows(
            db()
              .select({ n: count() })
              .from(orderProducts)
              .where(and(eq(orderProducts.tableId, table.id), eq(orderProducts.paymentStatus, "CANCELLED"))),
          ),
      };
    },
  },
  "collecting in cash": { route: "POST /api/feed/table/:id/complete-orders", prepare: collection({ cashAmount: 1050 }) },
  "a gift": { route: "POST /api/feed/table/:id/complete-orders", prepare: collection({ isGift: true }) },
  "a discount": {
    route: "POST /api/feed/table/:id/complete-orders",
    prepare: collection({ discountAmount: 100, cashAmount: 950 }),
  },
  "on credit": {
    route: "POST /api/feed/table/:id/complete-orders",
    prepare: collection({ onCreditAmount: 1050, creditDebtor: "Γιώργος" }),
  },
  "transferring a table": {
    route: "POST /api/feed/transfer-table",
    prepare: async () => {
      const { table } = await guestOrder();
      const target = await buildTable(db(), venue.venue.id);
      const elsewhere = await buildTable(db(), venue.venue.id);
      return {
        request: {
          method: "POST",
          path: "/api/feed/transfer-table",
          body: { tableId: table.id, targetTableId: target.id },
          token: waiter,
        },
        otherRequest: {
          method: "POST",
          path: "/api/feed/transfer-table",
          body: { tableId: table.id, targetTableId: elsewhere.id },
          token: waiter,
        },
        work: () => rows(db().select({ n: count() }).from(tableSessions).where(eq(tableSessions.tableId, target.id))),
      };
    },
  },
  "the kitchen preparing pieces": {
    route: "POST /api/feed/kitchen/ticket/:id/prepare-products",
    prepare: async () => {
      const { ticketId, salads } = await guestOrder(2, 0);
      const path = `/api/feed/kitchen/ticket/${ticketId}/prepare-products`;
      return {
        request: { method: "POST", path, body: { orderProductIds: [salads[0]] }, token: cook },
        otherRequest: { method: "POST", path, body: { orderProductIds: [salads[1]] }, token: cook },
        work: () => pickupsFor(salads),
      };
    },
  },
  "the kitchen bumping a ticket": {
    route: "POST /api/feed/kitchen/ticket/:id/prepare",
    prepare: async () => {
      const first = await guestOrder(1, 0);
      const second = await guestOrder(1, 0);
      return {
        request: { method: "POST", path: `/api/feed/kitchen/ticket/${first.ticketId}/prepare`, body: {}, token: cook },
        otherRequest: { method: "POST", path: `/api/feed/kitchen/ticket/${second.ticketId}/prepare`, body: {}, token: cook },
        work: () => pickupsFor(first.salads),
      };
    },
  },
  "the kitchen reverting pieces": {
    route: "POST /api/feed/kitchen/ticket/:id/undo",
    prepare: async () => {
      const { ticketId, salads } = await guestOrder(2, 0);
      const path = `/api/feed/kitchen/ticket/${ticketId}/prepare-products`;
      expect((await api.post(path, { orderProductIds: salads }, cook)).status).toBe(200);
      const undo = `/api/feed/kitchen/ticket/${ticketId}/undo`;
      return {
        request: { method: "POST", path: undo, body: { orderProductIds: [salads[0]] }, token: cook },
        otherRequest: { method: "POST", path: undo, body: { orderProductIds: [salads[1]] }, token: cook },
        work: () => unitsIn(salads, "SENT"),
      };
    },
  },
  "the kitchen recalling a ticket": {
    route: "POST /api/feed/kitchen/ticket/:id/undo",
    prepare: async () => {
      const { ticketId, salads } = await guestOrder(1, 0);
      expect((await api.post(`/api/feed/kitchen/ticket/${ticketId}/prepare`, {}, cook)).status).toBe(200);
      const undo = `/api/feed/kitchen/ticket/${ticketId}/undo`;
      return {
        request: { method: "POST", path: undo, body: {}, token: cook },
        otherRequest: { method: "POST", path: undo, body: { orderProductIds: salads }, token: cook },
        work: () => unitsIn(salads, "SENT"),
      };
    },
  },
  "the kitchen acknowledging a cancellation": {
    route: "POST /api/feed/kitchen/ticket/:id/acknowledge-cancellation",
    prepare: async () => {
      const [first, second] = [await guestOrder(2, 0), await guestOrder(2, 0)];
      for (const order of [first, second]) {
        const cancelled = await api.post(
          `/api/feed/table/${order.table.id}/remove-products`,
          { orderProductIds: [order.salads[0]] },
          waiter,
        );
        expect(cancelled.status).toBe(200);
      }
      const path = (ticketId: number) => `/api/feed/kitchen/ticket/${ticketId}/acknowledge-cancellation`;
      return {
        request: { method: "POST", path: path(first.ticketId), body: {}, token: cook },
        otherRequest: { method: "POST", path: path(second.ticketId), body: {}, token: cook },
        work: () =>
          rows(
            db()
              .select({ n: count() })
              .from(orderProducts)
              .where(and(eq(orderProducts.id, first.salads[0]), isNull(orderProducts.kitchenCancelPendingSince))),
          ),
      };
    },
  },
  "the waiter taking a piece off an order": {
    route: "DELETE /api/orders/:tableId/product/:orderProductId",
    prepare: async () => {
      const { table, waters } = await guestOrder(0, 2);
      const path = (unitId: number) => `/api/orders/${table.id}/product/${unitId}`;
      return {
        request: { method: "DELETE", path: path(waters[0]), token: waiter },
        otherRequest: { method: "DELETE", path: path(waters[1]), token: waiter },
        work: () =>
          rows(
            db()
              .select({ n: count() })
              .from(orderProducts)
              .where(and(eq(orderProducts.tableId, table.id), eq(orderProducts.paymentStatus, "CANCELLED"))),
          ),
      };
    },
  },
  "the till's bill": {
    route: "PUT /api/cash-desk/table/:id/bill",
    prepare: async () => {
      const { table } = await guestOrder();
      const otherTable = await guestOrder();
      return {
        request: { method: "PUT", path: `/api/cash-desk/table/${table.id}/bill`, body: {}, token: desk },
        otherRequest: { method: "PUT", path: `/api/cash-desk/table/${otherTable.table.id}/bill`, body: {}, token: desk },
        work: () =>
          rows(
            db()
              .select({ n: count() })
              .from(orderProducts)
              .where(and(eq(orderProducts.tableId, table.id), eq(orderProducts.billed, true))),
          ),
      };
    },
  },
  "a cash register sale in cash": {
    route: "POST /api/feed/issue-receipt",
    prepare: async () => {
      const sale = (amount: number) => ({
        source: "TAKE_AWAY",
        cashAmount: amount,
        sections: [{ sectionVat: 24, sectionAmount: amount, sectionType: "GOOD" }],
      });
      const since = await rows(db().select({ n: count() }).from(payments).where(eq(payments.retailerId, venue.venue.id)));
      return {
        request: { method: "POST", path: "/api/feed/issue-receipt", body: sale(730), token: desk },
        otherRequest: { method: "POST", path: "/api/feed/issue-receipt", body: sale(740), token: desk },
        work: async () =>
          (await rows(db().select({ n: count() }).from(payments).where(eq(payments.retailerId, venue.venue.id)))) - since,
      };
    },
  },
};

/** The pickup tasks that carry any of these pieces to the waiter. */
async function pickupsFor(unitIds: number[]): Promise<number> {
  const pickups = await db().select().from(waiterRequests).where(eq(waiterRequests.type, "PREPARATION_AREA_PICKUP"));
  return pickups.filter((p) => (p.items as { orderProductId: number }[]).some((item) => unitIds.includes(item.orderProductId)))
    .length;
}

describe("a staff mutation sent again with its Idempotency-Key", () => {
  it("every route of the list is covered here", () => {
    expect(new Set(Object.values(CASES).map((c) => c.route))).toEqual(new Set(Object.keys(STAFF_IDEMPOTENT_ROUTES)));
  });

  it.each(Object.entries(CASES))("%s: the replay answers the first answer and the work is done once", async (_name, mutation) => {
    const { request, work } = await mutation.prepare();
    const key = newKey();
    const first = await send(request, key);
    expect(first.status).toBe(200);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    const done = await work();
    expect(done).toBeGreaterThan(0);
    const eventsAfterFirst = published.length;

    const replay = await send(request, key);
    expect(replay.status).toBe(first.status);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(replay.headers.get("content-type")).toContain("application/json");
    expect(await work()).toBe(done);
    // No second event: nothing was done again, so no screen is told anything.
    expect(published.length).toBe(eventsAfterFirst);
  });

  it.each(Object.entries(CASES))("%s: the key with another body or path is a 422 and does nothing", async (_name, mutation) => {
    const { request, otherRequest, work } = await mutation.prepare();
    const key = newKey();
    expect((await send(request, key)).status).toBe(200);
    const done = await work();
    const eventsAfterFirst = published.length;
    const reused = await send(otherRequest, key);
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ message: "error.idempotency_key_reused", status: 422 });
    expect(await work()).toBe(done);
    expect(published.length).toBe(eventsAfterFirst);
  });
});

describe("the key's rules", () => {
  it("two collections with one key at the same moment pay once, and both taps get the first answer", async () => {
    const { request, work } = await collection({ cashAmount: 1050 })();
    const key = newKey();
    const answers = await Promise.all([send(request, key), send(request, key), send(request, key)]);
    expect(await work()).toBe(1);
    // A repeat that met the first still running waits for its answer (a double tap is not a 409).
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0].body);
    const replay = await send(request, key);
    expect(replay.body).toEqual(answers[0].body);
  });

  it("the waiter's order tapped twice at once orders once, and the repeat is answered the first answer as a replay", async () => {
    const { request, work } = await CASES["the waiter's order for a table"].prepare();
    const key = newKey();
    const answers = await Promise.all([send(request, key), send(request, key)]);
    expect(await work()).toBe(1);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1].body).toEqual(answers[0].body);
    // Whichever reached the order first is the first answer; the other says it is its replay.
    expect(answers.map((a) => a.headers.get(REPLAYED_HEADER) ?? "first").sort()).toEqual(["first", "true"]);
  });

  it("a key is the user's own: another waiter's request with it does its own work", async () => {
    const secondWaiter = await api.login((await buildStaff(db(), venue.venue.id, "WAITER")).login);
    const mine = await collection({ cashAmount: 1050 })();
    const theirs = await collection({ cashAmount: 1050 })();
    const key = newKey();
    const first = await send(mine.request, key);
    const second = await send(theirs.request, key, secondWaiter);
    expect(second.status).toBe(200);
    expect(second.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(second.body.paymentId).not.toBe(first.body.paymentId);
    expect(await theirs.work()).toBe(1);
  });

  it("another venue's waiter never reads a reply: the same key and body is their own request, refused", async () => {
    const { request } = await collection({ cashAmount: 1050 })();
    const key = newKey();
    const first = await send(request, key);
    expect(first.status).toBe(200);
    const foreign = await send(request, key, otherWaiter);
    expect([403, 404]).toContain(foreign.status);
    expect(foreign.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(JSON.stringify(foreign.body)).not.toContain(String(first.body.paymentId));
  });

  it("a key that is not 8-100 characters is a 400 and nothing is done", async () => {
    const { request, work } = await collection({ cashAmount: 1050 })();
    const answer = await send(request, "short");
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual([{ objectName: "headers", field: "idempotency-key", message: "Size" }]);
    expect(await work()).toBe(0);
  });

  it("without a key a request runs as before: a second tap finds the work done", async () => {
    const { request } = await CASES["completing pieces"].prepare();
    expect((await send(request, null)).status).toBe(200);
    const again = await send(request, null);
    expect(again.status).toBe(400);
    expect(again.headers.get("x-app-error")).toBe("error.request_already_handled");
  });

  it("a refused request stores nothing: the same key runs again once the refusal no longer holds", async () => {
    const { waters } = await guestOrder();
    const key = newKey();
    const undo = { method: "POST", path: "/api/feed/undo-status", body: { orderProductIds: waters }, token: waiter } as const;
    expect((await send(undo, key)).headers.get("x-app-error")).toBe("error.nothing_to_undo");
    expect((await api.post("/api/feed/complete-orders", waters, waiter)).status).toBe(200);
    const retried = await send(undo, key);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ orderProductIds: waters });
  });

  it("a key whose first request is still running is a 409 to come back; one whose answer was lost says so", async () => {
    const { request, work } = await collection({ cashAmount: 1050 })();
    const key = newKey();
    // The first request's row as its transaction left it: recorded, not yet answered.
    const first = await send(request, key);
    await db()
      .update(staffRequestKeys)
      .set({ replyStatus: null, replyBody: null, replyHeaders: null })
      .where(eq(staffRequestKeys.key, key));
    const running = await send(request, key);
    expect(running.status).toBe(409);
    expect(running.body.message).toBe("error.idempotency_request_in_progress");
    expect(running.headers.get("retry-after")).toBe("1");

    await db()
      .update(staffRequestKeys)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(staffRequestKeys.key, key));
    const lost = await send(request, key);
    expect(lost.status).toBe(409);
    expect(lost.body.message).toBe("error.idempotency_reply_lost");
    expect(await work()).toBe(1);
    expect(first.status).toBe(200);
  });

  it("a key expires after a day: it runs as new, and the sweep deletes expired keys", async () => {
    const { request: deliver } = await CASES["completing pieces"].prepare();
    const key = newKey();
    expect((await send(deliver, key)).status).toBe(200);
    const dayAgo = new Date(Date.now() - 24 * 3_600_000 - 1000);
    await db().update(staffRequestKeys).set({ createdAt: dayAgo }).where(eq(staffRequestKeys.key, key));
    // Run as new: the pieces are complete already, so it is refused, and not replayed.
    const again = await send(deliver, key);
    expect(again.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(again.headers.get("x-app-error")).toBe("error.request_already_handled");

    const stale = newKey();
    const { request: collect } = await collection({ cashAmount: 1050 })();
    expect((await send(collect, stale)).status).toBe(200);
    await db().update(staffRequestKeys).set({ createdAt: dayAgo }).where(eq(staffRequestKeys.key, stale));
    expect(await sweepExpiredKeys(db())).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(staffRequestKeys).where(eq(staffRequestKeys.key, stale))).toEqual([]);
  });

  it("the guest's order key works as before: a repeat answers the first order, whatever it carries", async () => {
    const table = await buildTable(db(), venue.venue.id);
    const guest = await api.seatedGuest(table.id);
    const key = { "idempotency-key": newKey() };
    const first = await api.post(`/api/orders/${table.id}`, [{ id: venue.salad.id, quantity: 1 }], guest, key);
    const again = await api.post(`/api/orders/${table.id}`, [{ id: venue.salad.id, quantity: 3 }], guest, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await rows(db().select({ n: count() }).from(orders).where(eq(orders.tableId, table.id)))).toBe(1);
    expect(
      await rows(db().select({ n: count() }).from(staffRequestKeys).where(eq(staffRequestKeys.key, key["idempotency-key"]))),
    ).toBe(0);
  });
});
