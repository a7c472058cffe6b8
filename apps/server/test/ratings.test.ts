import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionRatings, users } from "../src/db/schema.ts";
import { buildRunningVenue, buildStaff, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let venue: Awaited<ReturnType<typeof buildRunningVenue>>;
let other: Awaited<ReturnType<typeof buildRunningVenue>>;
let admin: string;
let otherAdmin: string;
let waiter: string;

const GOOGLE = "https://g.page/r/venue-test/review";

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.baseUrl);
  venue = await buildRunningVenue(server.database.db);
  other = await buildRunningVenue(server.database.db);
  admin = await api.login(venue.admin.login);
  otherAdmin = await api.login(other.admin.login);
  waiter = await api.login(venue.waiter.login);
});
afterAll(async () => server?.close());

const rating = (tableId: number) => `/api/cq-table/${tableId}/rating`;
const errorOf = (answer: { headers: Headers }) => answer.headers.get("x-app-error");

/**
 * A fresh table of `at` where a seated guest (and `companions` more at the table) ordered a salad
 * and the waiter collected it in cash.
 */
async function paidVisit(at = venue, waiterToken = waiter, companions = 0) {
  const table = await buildTable(server.database.db, at.venue.id);
  const guest = await api.seatedGuest(table.id);
  const party: string[] = [];
  for (let i = 0; i < companions; i++) party.push(await api.seatedGuest(table.id));
  expect((await api.post(`/api/orders/${table.id}`, [{ id: at.salad.id, quantity: 1 }], guest)).status).toBe(200);
  const paid = await api.post(
    `/api/feed/table/${table.id}/complete-orders?payAll=true`,
    { discountAmount: 0, cardAmount: 0, cashAmount: 950, onCreditAmount: 0, isGift: false },
    waiterToken,
  );
  expect(paid.status).toBe(200);
  return { table, guest, party };
}

async function report(query: string, token = admin) {
  const answer = await api.get(`/api/crm/ratings${query}`, token);
  expect(answer.status).toBe(200);
  return answer.body;
}

describe("a guest rates the visit they paid in", () => {
  it("nothing to rate before a payment: the page does not ask, and a rating is refused", async () => {
    const table = await buildTable(server.database.db, venue.venue.id);
    const guest = await api.seatedGuest(table.id);
    await api.post(`/api/orders/${table.id}`, [{ id: venue.salad.id, quantity: 1 }], guest);
    expect((await api.get(rating(table.id), guest)).body).toEqual({ rateable: false, rating: null, googleReviewUrl: null });
    const refused = await api.post(rating(table.id), { stars: 4 }, guest);
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toBe("error.nothing_to_rate");
  });

  it("validates the body with keyed field messages in the request's language", async () => {
    const { table, guest } = await paidVisit();
    for (const body of [{}, { stars: 0 }, { stars: 6 }, { stars: 4.5 }, { stars: "5" }]) {
      const answer = await api.post(rating(table.id), body, guest);
      expect(answer.status).toBe(400);
      expect(answer.body.fieldErrors).toEqual([expect.objectContaining({ field: "stars", message: "rating.stars.invalid" })]);
    }
    const long = await api.post(rating(table.id), { stars: 3, comment: "α".repeat(501) }, guest, { "accept-language": "en" });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toEqual([expect.objectContaining({ field: "comment", message: "rating.comment.tooLong" })]);
    // Nothing was kept by the refusals: the visit is still to rate.
    expect((await api.get(rating(table.id), guest)).body).toEqual({ rateable: true, rating: null, googleReviewUrl: null });
    expect((await api.post(rating(table.id), { stars: 3, comment: "α".repeat(500) }, guest)).status).toBe(200);
  });

  it("one rating per guest and session: a later tap or comment changes it, two at once make one", async () => {
    const { table, guest, party } = await paidVisit(venue, waiter, 1);
    const first = await api.post(rating(table.id), { stars: 2 }, guest);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ rateable: true, rating: { stars: 2, comment: null }, googleReviewUrl: null });
    const [a, b] = await Promise.all([
      api.post(rating(table.id), { stars: 3, comment: "  Άργησε το φαγητό  " }, guest),
      api.post(rating(table.id), { stars: 3, comment: "  Άργησε το φαγητό  " }, guest),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await api.get(rating(table.id), guest)).body.rating).toEqual({ stars: 3, comment: "Άργησε το φαγητό" });
    // Another guest of the same party rates the same visit on their own.
    expect((await api.post(rating(table.id), { stars: 4 }, party[0])).status).toBe(200);
    const rows = await server.database.db.select().from(sessionRatings).where(eq(sessionRatings.tableId, table.id));
    expect(rows.map((r) => r.stars).sort()).toEqual([3, 4]);
  });

  it("a guest who sat down after the party paid has nothing of theirs to rate", async () => {
    const { table } = await paidVisit();
    const next = await api.seatedGuest(table.id);
    expect((await api.get(rating(table.id), next)).body.rateable).toBe(false);
    expect(errorOf(await api.post(rating(table.id), { stars: 5 }, next))).toBe("error.nothing_to_rate");
  });

  it("403 for another table's visit, and for staff, who never rate in a guest's name", async () => {
    const { table } = await paidVisit();
    const stranger = await api.seatedGuest(venue.otherTable.id);
    expect((await api.get(rating(table.id), stranger)).status).toBe(403);
    const refused = await api.post(rating(table.id), { stars: 1 }, stranger);
    expect(refused.status).toBe(403);
    expect((await api.post(rating(table.id), { stars: 1 }, waiter)).status).toBe(403);
    expect((await api.post(rating(table.id), { stars: 1 }, admin)).status).toBe(403);
    expect((await api.post(rating(table.id), { stars: 1 })).status).toBe(401);
  });

  it("offers the venue's Google review link after 5 stars only, never before", async () => {
    await server.database.db.execute(sql`update retailers set google_review_url = ${GOOGLE} where id = ${venue.venue.id}`);
    const happy = await paidVisit();
    expect((await api.get(rating(happy.table.id), happy.guest)).body.googleReviewUrl).toBeNull();
    const five = await api.post(rating(happy.table.id), { stars: 5, comment: "Τέλεια!" }, happy.guest);
    expect(five.body.googleReviewUrl).toBe(GOOGLE);
    expect((await api.get(rating(happy.table.id), happy.guest)).body.googleReviewUrl).toBe(GOOGLE);

    const content = await paidVisit();
    const four = await api.post(rating(content.table.id), { stars: 4 }, content.guest);
    expect(four.body).toEqual({ rateable: true, rating: { stars: 4, comment: null }, googleReviewUrl: null });
    expect((await api.get(rating(content.table.id), content.guest)).body.googleReviewUrl).toBeNull();
    // Changed to 5 stars, the link is offered; back to 4, it is not.
    expect((await api.post(rating(content.table.id), { stars: 5 }, content.guest)).body.googleReviewUrl).toBe(GOOGLE);
    expect((await api.post(rating(content.table.id), { stars: 4 }, content.guest)).body.googleReviewUrl).toBeNull();
  });
});

describe("the administrator reads the venue's ratings", () => {
  it("averages per Athens day and per waiter who had the table, the list narrowed by stars, without the guest", async () => {
    const anna = await buildStaff(server.database.db, other.venue.id, "WAITER", { firstName: "Άννα", lastName: "Π." });
    const nikos = await buildStaff(server.database.db, other.venue.id, "WAITER", { firstName: "Νίκος", lastName: "Κ." });
    const annaToken = await api.login(anna.login);
    const nikosToken = await api.login(nikos.login);
    const visits = [];
    // Anna has the first two tables, Nikos the third, both the fourth.
    for (const who of [[annaToken], [annaToken], [nikosToken], [annaToken, nikosToken]]) {
      const visit = await paidVisit(other, annaToken);
      for (const token of who) await api.post(`/api/feed/${visit.table.id}/assign-me`, { active: true }, token);
      visits.push(visit);
    }
    const stars = [5, 4, 2, 3];
    for (const [i, visit] of visits.entries()) {
      await server.database.db
        .update(users)
        .set({ firstName: `Guest${i}`, lastName: "Private", email: `guest${i}@example.com` })
        .where(eq(users.login, (await api.get("/api/account", visit.guest)).body.login));
      expect((await api.post(rating(visit.table.id), { stars: stars[i], comment: `σχόλιο ${i}` }, visit.guest)).status).toBe(200);
    }
    // Two ratings on 1 November (one at 23:30 Athens, still that day), two on the 2nd.
    const at = ["2026-11-01T08:00:00Z", "2026-11-01T21:30:00Z", "2026-11-02T10:00:00Z", "2026-11-02T11:00:00Z"];
    const ids = (await server.database.db.select().from(sessionRatings).where(eq(sessionRatings.retailerId, other.venue.id)))
      .sort((a, b) => a.id - b.id)
      .map((r) => r.id);
    for (const [i, id] of ids.entries())
      await server.database.db
        .update(sessionRatings)
        .set({ createdAt: new Date(at[i]) })
        .where(eq(sessionRatings.id, id));

    const all = await report("?from=2026-11-01&to=2026-11-02", otherAdmin);
    expect(all.overall).toEqual({ count: 4, average: 3.5 });
    expect(all.days).toEqual([
      { day: "2026-11-02", count: 2, average: 2.5 },
      { day: "2026-11-01", count: 2, average: 4.5 },
    ]);
    expect(all.waiters).toEqual([
      { waiterId: anna.id, name: "Άννα Π.", count: 3, average: 4 },
      { waiterId: nikos.id, name: "Νίκος Κ.", count: 2, average: 2.5 },
    ]);
    expect(all.ratings.map((r: any) => r.stars)).toEqual([3, 2, 4, 5]);
    expect(all.ratings[0]).toMatchObject({
      comment: "σχόλιο 3",
      tableLabel: visits[3].table.label,
      waiters: ["Άννα Π.", "Νίκος Κ."],
    });
    expect(all.listTruncated).toBe(false);
    // Anonymous: nothing of the guests travels to staff.
    const text = JSON.stringify(all);
    for (const secret of ["Guest", "Private", "example.com", "userId", "email", "login"]) expect(text).not.toContain(secret);

    const fives = await report("?from=2026-11-01&to=2026-11-02&stars=5", otherAdmin);
    expect(fives.ratings.map((r: any) => r.comment)).toEqual(["σχόλιο 0"]);
    // The stars narrow the list, not the averages.
    expect(fives.overall).toEqual(all.overall);
    const oneDay = await report("?from=2026-11-02", otherAdmin);
    expect(oneDay.ratings).toHaveLength(2);
    expect(oneDay.days).toEqual([{ day: "2026-11-02", count: 2, average: 2.5 }]);
  });

  it("staff of one venue never see another's ratings, and only the administrator reads them", async () => {
    const { table, guest } = await paidVisit();
    await api.post(rating(table.id), { stars: 1, comment: "μόνο για το κατάστημα" }, guest);
    const today = (await report("", admin)).ratings.map((r: any) => r.comment);
    expect(today).toContain("μόνο για το κατάστημα");
    const elsewhere = await report("", otherAdmin);
    expect(JSON.stringify(elsewhere)).not.toContain("μόνο για το κατάστημα");
    expect((await api.get("/api/crm/ratings", waiter)).status).toBe(403);
    expect((await api.get("/api/crm/ratings", guest)).status).toBe(403);
  });

  it("refuses a range that ends before it starts or is longer than 92 days", async () => {
    for (const query of ["?from=2026-11-02&to=2026-11-01", "?from=2026-01-01&to=2026-12-31"]) {
      const answer = await api.get(`/api/crm/ratings${query}`, admin);
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toBe("error.invalid_date_range");
    }
    expect((await api.get("/api/crm/ratings?stars=7", admin)).status).toBe(400);
  });
});

describe("the venue's Google review link in the shop settings", () => {
  it("is optional and must be an https address", async () => {
    const settings = (await api.get("/api/crm/retailer", admin)).body;
    const { id: _id, ...saved } = settings;
    const form = { ...saved, mainCuisine: saved.mainCuisine ?? "GREEK", lastName: saved.lastName ?? "Admin" };
    const save = (googleReviewUrl: unknown) => api.post("/api/crm/retailer", { ...form, googleReviewUrl }, admin);
    for (const bad of ["http://g.page/r/x", "javascript:alert(1)", "not a link"]) {
      const answer = await save(bad);
      expect(answer.status).toBe(400);
      expect(answer.body.fieldErrors).toEqual([
        expect.objectContaining({ field: "googleReviewUrl", message: "googleReviewUrl.invalid" }),
      ]);
    }
    expect((await save(` ${GOOGLE} `)).body.googleReviewUrl).toBe(GOOGLE);
    expect((await api.get("/api/crm/retailer", admin)).body.googleReviewUrl).toBe(GOOGLE);
    expect((await save("")).body.googleReviewUrl).toBeNull();
  });
});
