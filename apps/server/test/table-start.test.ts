import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableGuests, users } from "../src/db/schema.ts";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

// Issue 29 item 2: a guest's table starts in one round trip (GET …/code/{code}/start), and an
// anonymous sign-in that names its table checks the guest in with it.

let server: TestServer, api: ApiClient, venue: RunningVenue;
let elsewhere: Awaited<ReturnType<typeof buildRunningVenue>>;

beforeAll(async () => {
  [server, api, venue] = await startVenueServer(buildRunningVenue);
  elsewhere = await buildRunningVenue(server.database.db);
});
afterAll(async () => server?.close());

const startOf = (code: string, token?: string, lang = "el") =>
  api.get(`/api/cq-table/code/${encodeURIComponent(code)}/start`, token, { "accept-language": lang });

/** A fresh table of the venue, a guest checked in there who called the waiter and asked to pay. */
async function tableWithRequests() {
  const table = await buildTable(server.database.db, venue.venue.id);
  const guest = await api.seatedGuest(table.id);
  await api.post(`/api/orders/${table.id}`, [{ id: venue.coffee.id, quantity: 1 }], guest);
  const call = (await api.post(`/api/cq-table/call-waiter/${table.id}`, {}, guest)).body.id as number;
  const feed = (await api.get(`/api/orders/${table.id}/feed`, guest)).body;
  const itemsCount = feed.unpaidTableFeed.map((i: any) => ({ orderProductId: i.orderProductIds[0], quantity: i.quantity }));
  const payment = (await api.post(`/api/cq-table/payment-request/${table.id}`, { itemsCount, pos: false }, guest)).body
    .id as number;
  return { table, guest, call, payment };
}

describe("GET api/cq-table/code/{code}/start", () => {
  it("answers anyone what the separate calls answer: the table, the venue, the menu and the closed areas", async () => {
    const { table, guest } = await tableWithRequests();
    const start = await startOf(table.code);
    expect(start.status).toBe(200);
    expect(start.body.table).toEqual((await api.get(`/api/cq-table/code/${table.code}`)).body);
    expect(start.body.retailerInfo).toEqual((await api.get(`/api/cq-table/${table.id}/retailer-info`, guest)).body);
    expect(start.body.menu).toEqual((await api.get(`/api/cq-table/${table.id}/menu`)).body);
    expect(start.body.closedAreas).toEqual((await api.get(`/api/cq-table/${table.id}/closed-areas`)).body);
    // Nobody signed in: nothing only the table's guests may read.
    expect(start.body).toMatchObject({ reservationId: null, callWaiterRequestId: null, activePaymentRequestId: null });
  });

  it("tells a guest checked in at this table their reservation and the table's open requests", async () => {
    const { table, guest, call, payment } = await tableWithRequests();
    const reservation = (await api.post(`/api/cq-table/check-in/${table.id}`, {}, guest)).body.id;
    const start = await startOf(table.code, guest);
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ reservationId: reservation, callWaiterRequestId: call, activePaymentRequestId: payment });
    // Another guest of the same table sees the same requests, under their own reservation.
    const other = await api.seatedGuest(table.id);
    const theirs = (await startOf(table.code, other)).body;
    expect(theirs).toMatchObject({ callWaiterRequestId: call, activePaymentRequestId: payment });
    expect(theirs.reservationId).not.toBe(reservation);
  });

  it("never shows a guest of another table this table's requests: they get the public parts, to check in here", async () => {
    const { table } = await tableWithRequests();
    const otherTableGuest = await api.seatedGuest(venue.otherTable.id);
    const otherVenueGuest = await api.seatedGuest(elsewhere.table.id);
    const notSeated = await api.guest();
    for (const token of [otherTableGuest, otherVenueGuest, notSeated]) {
      const start = await startOf(table.code, token);
      expect(start.status).toBe(200);
      expect(start.body.table.tableId).toBe(table.id);
      expect(start.body).toMatchObject({ reservationId: null, callWaiterRequestId: null, activePaymentRequestId: null });
    }
  });

  it("answers staff, of this venue or another, what anyone reads and nothing of the table's guests", async () => {
    const { table } = await tableWithRequests();
    for (const login of [elsewhere.waiter.login, elsewhere.admin.login, venue.waiter.login]) {
      const start = await startOf(table.code, await api.login(login));
      expect(start.status).toBe(200);
      expect(start.body).toMatchObject({ reservationId: null, callWaiterRequestId: null, activePaymentRequestId: null });
    }
  });

  it("an unknown code is a 404, a refused token a 401", async () => {
    expect((await startOf("no-such-table")).status).toBe(404);
    expect((await startOf(venue.table.code, "not-a-token")).status).toBe(401);
  });

  it("answers the menu and the venue in the language asked for", async () => {
    const greek = (await startOf(venue.table.code, undefined, "el")).body;
    const english = (await startOf(venue.table.code, undefined, "en")).body;
    const names = (start: any) => start.menu.flatMap((c: any) => c.products.map((p: any) => p.name));
    expect(names(greek)).toContain("Χωριάτικη");
    expect(names(english)).toContain("Greek salad");
    expect(english.menu).toEqual(
      (await api.get(`/api/cq-table/${venue.table.id}/menu`, undefined, { "accept-language": "en" })).body,
    );
    expect((await api.get(`/api/cq-table/code/${venue.table.code}/start?lang=en`)).body.menu).toEqual(english.menu);
  });

  it("answers a German, French or Italian phone in English, marked untranslated, the venue having no translation of its own", async () => {
    const names = (menu: any[]) => menu.flatMap((c: any) => c.products.map((p: any) => [p.name, p.untranslated]));
    const english = (await startOf(venue.table.code, undefined, "en")).body.menu;
    const asFallback = names(english).map(([name]) => [name, true]);
    for (const lang of ["de-DE,de;q=0.9,en;q=0.8", "fr-FR", "it"]) {
      expect(names((await startOf(venue.table.code, undefined, lang)).body.menu)).toEqual(asFallback);
    }
    expect(names((await api.get(`/api/cq-table/code/${venue.table.code}/start?lang=de`)).body.menu)).toEqual(asFallback);
    // A language the guest side does not speak stays Greek, as before.
    const greek = (await startOf(venue.table.code, undefined, "el")).body.menu;
    expect((await startOf(venue.table.code, undefined, "nl-NL")).body.menu).toEqual(greek);
  });
});

describe("POST api/authenticate-anonymous with a table code", () => {
  const signIn = (body: unknown) => api.post("/api/authenticate-anonymous", body);
  const openReservations = (userId: number) =>
    server.database.db
      .select()
      .from(tableGuests)
      .where(and(eq(tableGuests.userId, userId), isNull(tableGuests.checkedOutAt)));

  it("signs the guest in and checks them in at that table in one request", async () => {
    const table = await buildTable(server.database.db, venue.venue.id);
    const answer = await signIn({ langKey: "en", tableCode: table.code });
    expect(answer.status).toBe(200);
    const token = String(answer.headers.get("authorization")).replace(/^Bearer /, "");
    expect(answer.body.id_token).toBe(token);
    expect(answer.body.account).toMatchObject({ anonymous: true, langKey: "en" });
    expect(answer.body.reservation).toEqual({ id: expect.any(Number), tableId: table.id });
    // The token reaches the table at once: its feed, and its start with the reservation.
    expect((await api.get(`/api/orders/${table.id}/feed`, token)).status).toBe(200);
    expect((await startOf(table.code, token)).body.reservationId).toBe(answer.body.reservation.id);
    // Checking in again (the client's own check-in, a replay) keeps the one reservation.
    const again = await api.post(`/api/cq-table/check-in/${table.id}`, {}, token);
    expect(again.body).toEqual({ id: answer.body.reservation.id });
    expect(await openReservations(answer.body.account.id)).toHaveLength(1);
  });

  it("without a table code it signs in as before, checking in nowhere", async () => {
    for (const body of [{}, { langKey: "el" }]) {
      const answer = await api.call("POST", "/api/authenticate-anonymous", { body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.reservation).toBeUndefined();
      expect(await openReservations(answer.body.account.id)).toHaveLength(0);
    }
  });

  it("an unknown code is a 404 that leaves no account behind", async () => {
    const before = (await server.database.db.select({ id: users.id }).from(users)).length;
    expect((await signIn({ tableCode: "no-such-table" })).status).toBe(404);
    expect((await server.database.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it("a table out of service signs the guest in unseated; their check-in then says why", async () => {
    const closed = await buildTable(server.database.db, venue.venue.id, { onService: false });
    const answer = await signIn({ tableCode: closed.code });
    expect(answer.status).toBe(200);
    expect(answer.body.reservation).toBeUndefined();
    expect(await openReservations(answer.body.account.id)).toHaveLength(0);
    const checkIn = await api.post(`/api/cq-table/check-in/${closed.id}`, {}, answer.body.id_token);
    expect(checkIn.status).toBe(400);
    expect(checkIn.headers.get("x-app-error")).toBe("error.table_not_in_service");
  });

  it("validates the code with keyed field messages", async () => {
    const cases: Array<[unknown, string]> = [
      ["", "table.code.required"],
      ["   ", "table.code.required"],
      [42, "table.code.required"],
      ["x".repeat(65), "text.tooLong"],
      ["a b/c", "table.code.invalid"],
    ];
    for (const [tableCode, message] of cases) {
      const answer = await signIn({ tableCode });
      expect(answer.status, String(tableCode)).toBe(400);
      expect(answer.body.fieldErrors).toEqual([{ objectName: "body", field: "tableCode", message }]);
    }
  });
});
