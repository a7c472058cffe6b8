import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { kitchenTickets, passwordSetLinks, preparationAreas, products, retailers, users } from "../src/db/schema.ts";
import { ensureOperator } from "../src/features/operator/create-operator.ts";
import {
  buildArea,
  buildCategory,
  buildOperator,
  buildProduct,
  buildRunningVenue,
  buildStaff,
  buildTable,
  TEST_PASSWORD,
} from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { runOperationsCommand } from "./support/operations-command.ts";
import { trySubscribe } from "./support/stomp-client.ts";
import { createTestDatabaseUrl, postgresUrl, startTestServer, type TestServer } from "./support/test-app.ts";

/**
 * Onboarding a venue (issue 18): the platform operator's console turns a contact-form request into
 * a venue with its first administrator, whose one-time set-password link works once and expires;
 * a venue can be disabled and re-enabled; `npm run venue:create` and `operator:create` do the same
 * from a shell, through the running server or on the database itself. Runs on both databases.
 */

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let operatorToken: string;
const directories: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.baseUrl);
  const operator = await buildOperator(server.database.db);
  operatorToken = await api.login(operator.login);
});
afterAll(async () => {
  await server?.close();
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

/** A venue made through the console, with its administrator's password set through the link. */
async function venueThroughConsole(adminUsername: string) {
  const created = await api.post(
    "/api/operator/venues",
    { name: `Καφέ ${adminUsername}`, type: "CAFE", adminUsername, adminFirstName: "Μαρία" },
    operatorToken,
  );
  expect(created.status).toBe(200);
  const token = tokenOf(created.body.link.url);
  expect((await api.post(`/api/set-password/${token}`, { password: "new-password" })).status).toBe(200);
  return { venueId: created.body.venue.id as number, adminToken: await api.login(adminUsername, "new-password") };
}

describe("the operator's console", () => {
  it("creates a venue from a contact-form request, and its administrator sets a password once", async () => {
    const form = { name: "Νίκος Π.", companyName: "Καφέ Λιμάνι", phone: "2101234567", email: "nikos@example.com" };
    expect((await api.post("/api/contact-form", form)).status).toBe(201);
    const requests = await api.get("/api/operator/contact-requests", operatorToken);
    expect(requests.status).toBe(200);
    const request = requests.body.find((r: { email: string }) => r.email === form.email);
    expect(request).toMatchObject({ status: "NEW", companyName: "Καφέ Λιμάνι", retailerId: null });

    const contacted = await api.put(
      `/api/operator/contact-requests/${request.id}/status`,
      { status: "CONTACTED" },
      operatorToken,
    );
    expect(contacted.body.status).toBe("CONTACTED");

    const created = await api.post(
      "/api/operator/venues",
      { name: "Καφέ Λιμάνι", type: "CAFE", adminUsername: "Limani.Admin", contactRequestId: request.id },
      operatorToken,
    );
    expect(created.status).toBe(200);
    const { venue, link } = created.body;
    expect(venue).toMatchObject({
      name: "Καφέ Λιμάνι",
      type: "CAFE",
      disabled: false,
      adminUsername: "limani.admin",
      adminHasPassword: false,
      lastOrderAt: null,
      tablesOpenedToday: 0,
    });
    expect(link.url).toMatch(/\/service\/set-password\/[\w-]{43}$/);
    const hours = (Date.parse(link.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    // The request now reads "became a venue", and cannot make a second one.
    const after = (await api.get("/api/operator/contact-requests", operatorToken)).body.find(
      (r: { id: number }) => r.id === request.id,
    );
    expect(after).toMatchObject({ status: "VENUE_CREATED", retailerId: venue.id });
    const again = await api.post(
      "/api/operator/venues",
      { name: "Δεύτερο", type: "CAFE", adminUsername: "second-admin", contactRequestId: request.id },
      operatorToken,
    );
    expect(again.headers.get("x-app-error")).toBe("error.contact_request_became_venue");
    expect((await api.put(`/api/operator/contact-requests/${request.id}/status`, { status: "NEW" }, operatorToken)).status).toBe(
      400,
    );

    // Only a hash of the link's token is kept.
    const token = tokenOf(link.url);
    const stored = await server.database.db.select().from(passwordSetLinks);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);

    // The administrator has no password until the link sets one.
    expect((await api.post("/api/authenticate", { username: "limani.admin", password: "", rememberMe: false })).status).toBe(400);
    const target = await api.get(`/api/set-password/${token}`);
    expect(target.body).toMatchObject({ username: "limani.admin", venueName: "Καφέ Λιμάνι" });
    const set = await api.post(`/api/set-password/${token}`, { password: "kafe-limani" });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ username: "limani.admin" });

    // Once only.
    const twice = await api.post(`/api/set-password/${token}`, { password: "someone-else" });
    expect(twice.status).toBe(400);
    expect(twice.headers.get("x-app-error")).toBe("error.set_password_link_invalid");
    expect((await api.get(`/api/set-password/${token}`)).headers.get("x-app-error")).toBe("error.set_password_link_invalid");

    const adminToken = await api.login("limani.admin", "kafe-limani");
    const account = await api.get("/api/account", adminToken);
    expect(account.body).toMatchObject({ authorities: ["ROLE_ADMIN"], retailerId: venue.id });
    // The new venue's first-run checklist: nothing done yet.
    const checklist = await api.get("/api/crm/setup-checklist", adminToken);
    expect(checklist.body).toEqual({
      shopDetails: false,
      categoryAndProduct: false,
      preparationArea: false,
      tablesAndQrSheet: false,
      waiter: false,
      invoicing: false,
    });
    const listed = (await api.get("/api/operator/venues", operatorToken)).body.find((v: { id: number }) => v.id === venue.id);
    expect(listed.adminHasPassword).toBe(true);
  });

  it("refuses a link that expired, and a new link replaces the old one", async () => {
    const created = await api.post(
      "/api/operator/venues",
      { name: "Ταβέρνα Αργή", type: "RESTAURANT", adminUsername: "slow-admin" },
      operatorToken,
    );
    const first = tokenOf(created.body.link.url);
    const reissued = await api.post(`/api/operator/venues/${created.body.venue.id}/admin-link`, {}, operatorToken);
    expect(reissued.status).toBe(200);
    // The first link stopped working when the second was issued.
    expect((await api.get(`/api/set-password/${first}`)).status).toBe(400);
    const second = tokenOf(reissued.body.url);
    expect((await api.get(`/api/set-password/${second}`)).status).toBe(200);

    // Expired: as if the 72 hours had passed.
    await server.database.db
      .update(passwordSetLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordSetLinks.userId, (await adminOf(created.body.venue.id)).id));
    const late = await api.post(`/api/set-password/${second}`, { password: "too-late" });
    expect(late.status).toBe(400);
    expect(late.headers.get("x-app-error")).toBe("error.set_password_link_invalid");
    expect((await adminOf(created.body.venue.id)).passwordHash).toBeNull();
  });

  it("refuses a username that is taken and a form that is incomplete", async () => {
    const taken = await api.post(
      "/api/operator/venues",
      { name: "Άλλο", type: "CAFE", adminUsername: "limani.admin" },
      operatorToken,
    );
    expect(taken.headers.get("x-app-error")).toBe("error.username_exists");
    const incomplete = await api.post("/api/operator/venues", { name: "", type: "SPACESHIP" }, operatorToken);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(["adminUsername", "name", "type"]);
  });
});

async function adminOf(retailerId: number) {
  const [admin] = await server.database.db.select().from(users).where(eq(users.retailerId, retailerId));
  return admin;
}

describe("the first-run checklist", () => {
  it("ticks each step as the venue's data shows it done", async () => {
    const { db } = server.database;
    const { venueId, adminToken } = await venueThroughConsole("checklist-admin");
    const checklist = async () => (await api.get("/api/crm/setup-checklist", adminToken)).body;
    await db.update(retailers).set({ mainCuisine: "GREEK" }).where(eq(retailers.id, venueId));
    const area = await buildArea(db, venueId);
    // A product without a category is not yet a menu.
    await db
      .insert(products)
      .values({ retailerId: venueId, name: "Χωρίς κατηγορία", priceCents: 300, preparationAreaId: area.id });
    expect(await checklist()).toMatchObject({ shopDetails: true, preparationArea: true, categoryAndProduct: false });
    const category = await buildCategory(db, venueId);
    await buildProduct(db, venueId, { name: "Φρέντο", categoryId: category.id, preparationAreaId: area.id });
    // A table is half the step; opening the QR sheet to print finishes it.
    await buildTable(db, venueId);
    expect(await checklist()).toMatchObject({ categoryAndProduct: true, tablesAndQrSheet: false });
    expect((await api.get("/api/crm/tables/qr-sheet", adminToken)).status).toBe(200);
    await buildStaff(db, venueId, "WAITER");
    expect(await checklist()).toEqual({
      shopDetails: true,
      categoryAndProduct: true,
      preparationArea: true,
      tablesAndQrSheet: true,
      waiter: true,
      invoicing: false,
    });
    await db
      .update(retailers)
      .set({ invoicing: { tin: "094019245" } })
      .where(eq(retailers.id, venueId));
    expect((await checklist()).invoicing).toBe(true);
  });
});

describe("the signs of life", () => {
  it("are each venue's own: its last order, tables today, and a print that waits", async () => {
    const { db } = server.database;
    const busy = await buildRunningVenue(db);
    const quiet = await buildRunningVenue(db);
    await db.update(preparationAreas).set({ autoPrint: true }).where(eq(preparationAreas.id, busy.kitchen.id));
    const guest = await api.seatedGuest(busy.table.id);
    expect((await api.post(`/api/orders/${busy.table.id}`, [{ id: busy.salad.id, quantity: 1 }], guest)).status).toBe(200);
    const venueOf = async (id: number) =>
      (await api.get("/api/operator/venues", operatorToken)).body.find((v: { id: number }) => v.id === id);
    // A ticket just sent is not stuck yet; ten minutes unprinted, its printer does not answer.
    expect(await venueOf(busy.venue.id)).toMatchObject({ tablesOpenedToday: 1, printsWaiting: 0 });
    await db
      .update(kitchenTickets)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(kitchenTickets.retailerId, busy.venue.id));
    const seen = await venueOf(busy.venue.id);
    expect(seen).toMatchObject({
      tablesOpenedToday: 1,
      printsWaiting: 1,
      terminalSalesFailedToday: 0,
      fiscalDocumentsWaiting: 0,
    });
    expect(Date.now() - Date.parse(seen.lastOrderAt)).toBeLessThan(60_000);
    expect(await venueOf(quiet.venue.id)).toMatchObject({ lastOrderAt: null, tablesOpenedToday: 0, printsWaiting: 0 });
  });
});

describe("a disabled venue", () => {
  it("signs its staff out, refuses their sign-in and its tables' guests; re-enabled, all works again", async () => {
    const { db } = server.database;
    const venue = await buildRunningVenue(db);
    const adminToken = await api.login(venue.admin.login);
    const seated = await api.seatedGuest(venue.table.id);
    const order = [{ id: venue.salad.id, quantity: 1 }];
    expect((await api.post(`/api/orders/${venue.table.id}`, order, seated)).status).toBe(200);
    expect((await api.get("/api/crm/tables", adminToken)).status).toBe(200);

    const disabled = await api.put(`/api/operator/venues/${venue.venue.id}/status`, { disabled: true }, operatorToken);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ disabled: true, tablesOpenedToday: 1 });
    expect(disabled.body.lastOrderAt).not.toBeNull();
    // Nothing is deleted.
    expect((await db.select().from(retailers).where(eq(retailers.id, venue.venue.id))).length).toBe(1);

    // Staff: the token stops at the next request, and signing in says why.
    expect((await api.get("/api/crm/tables", adminToken)).status).toBe(401);
    const signIn = await api.post("/api/authenticate", {
      username: venue.admin.login,
      password: TEST_PASSWORD,
      rememberMe: false,
    });
    expect(signIn.status).toBe(400);
    expect(signIn.headers.get("x-app-error")).toBe("error.venue_disabled");
    // A wrong password learns nothing about the venue.
    const wrong = await api.post("/api/authenticate", { username: venue.admin.login, password: "wrong", rememberMe: false });
    expect(wrong.status).toBe(401);

    // Guests: the table's code, a check-in and an order are refused with the venue's reason.
    const lookup = await api.get(`/api/cq-table/code/${venue.table.code}`);
    expect(lookup.status).toBe(400);
    expect(lookup.headers.get("x-app-error")).toBe("error.venue_not_accepting_guests");
    const newGuest = await api.guest();
    const checkIn = await api.post(`/api/cq-table/check-in/${venue.otherTable.id}`, {}, newGuest);
    expect(checkIn.headers.get("x-app-error")).toBe("error.venue_not_accepting_guests");
    const refusedOrder = await api.post(`/api/orders/${venue.table.id}`, order, seated);
    expect(refusedOrder.headers.get("x-app-error")).toBe("error.venue_not_accepting_guests");

    expect((await api.put(`/api/operator/venues/${venue.venue.id}/status`, { disabled: false }, operatorToken)).status).toBe(200);
    const backToken = await api.login(venue.admin.login);
    expect((await api.get("/api/crm/tables", backToken)).status).toBe(200);
    expect((await api.get(`/api/cq-table/code/${venue.table.code}`)).status).toBe(200);
    expect((await api.post(`/api/orders/${venue.table.id}`, order, seated)).status).toBe(200);

    // The owner reads in the venue's own trail that the platform operator switched it off and on, and a new link.
    expect((await api.post(`/api/operator/venues/${venue.venue.id}/admin-link`, {}, operatorToken)).status).toBe(200);
    const trail = await api.get("/api/crm/audit", backToken);
    expect(trail.status).toBe(200);
    const byOperator = trail.body.entries
      .filter((entry: { actorRole: string }) => entry.actorRole === "OPERATOR")
      .map((entry: { kind: string; subject: string; details: unknown }) => [entry.kind, entry.subject, entry.details]);
    expect(byOperator).toEqual([
      ["ADMIN_LINK_ISSUED", venue.admin.login, {}],
      ["VENUE_STATUS_CHANGED", venue.venue.name, { disabled: false }],
      ["VENUE_STATUS_CHANGED", venue.venue.name, { disabled: true }],
    ]);
  });
});

describe("isolation", () => {
  it("refuses the operator every venue route and destination, and a venue's admin the console", async () => {
    const { venueId, adminToken } = await venueThroughConsole("isolated-admin");
    for (const [method, route] of [
      ["GET", "/api/operator/venues"],
      ["GET", "/api/operator/contact-requests"],
      ["PUT", `/api/operator/venues/${venueId}/status`],
      ["POST", `/api/operator/venues/${venueId}/admin-link`],
    ]) {
      const body = method === "GET" ? undefined : { disabled: true };
      expect((await api.call(method, route, { token: adminToken, body })).status, route).toBe(403);
    }
    const venue = await buildRunningVenue(server.database.db);
    for (const route of [
      "/api/crm/tables",
      "/api/stats/today",
      "/api/feed/get-employee-feed",
      `/api/orders/${venue.table.id}/feed`,
    ]) {
      expect((await api.get(route, operatorToken)).status, route).toBe(403);
    }
    for (const destination of [
      `/topic/customer/el/${venue.table.id}`,
      `/topic/kitchen/${venue.kitchen.id}`,
      "/user/queue/waiter",
    ]) {
      expect(await trySubscribe(server.wsUrl, operatorToken, destination), destination).not.toBe("subscribed");
    }
    // The operator's own account is the one thing it shares with staff.
    expect((await api.get("/api/account", operatorToken)).body.authorities).toEqual(["ROLE_MANAGER"]);
    // The server's command routes take no account's token.
    expect((await api.post("/operations/venues", {}, operatorToken)).status).toBe(401);
  });
});

describe("the first operator from OPERATOR_USERNAME", () => {
  it("is made without a password on start, with a new link at each start until one is set", async () => {
    const { db } = server.database;
    const links = { baseUrl: "https://orders.example.com", validHours: 72 };
    const first = await ensureOperator({ db, username: "first-ops", ...links });
    expect(first?.created).toBe(true);
    expect(first?.link.url).toMatch(/^https:\/\/orders\.example\.com\/service\/set-password\//);
    const [account] = await db.select().from(users).where(eq(users.login, "first-ops"));
    expect(account).toMatchObject({ role: "OPERATOR", retailerId: null, passwordHash: null });
    // A restart before the link was used: a new link, and the old one stops working.
    const second = await ensureOperator({ db, username: "first-ops", ...links });
    expect(second?.created).toBe(false);
    expect((await api.get(`/api/set-password/${tokenOf(first?.link.url ?? "")}`)).status).toBe(400);
    // The operator's password is held to 12 characters; a shorter one spends nothing.
    const short = await api.post(`/api/set-password/${tokenOf(second?.link.url ?? "")}`, { password: "ops-pass" });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual([
      expect.objectContaining({ field: "password", message: "password.tooShortForOperator" }),
    ]);
    expect((await api.post(`/api/set-password/${tokenOf(second?.link.url ?? "")}`, { password: "ops-pass-twelve" })).status).toBe(
      200,
    );
    expect(await ensureOperator({ db, username: "first-ops", ...links })).toBeNull();
    const token = await api.login("first-ops", "ops-pass-twelve");
    expect((await api.get("/api/operator/venues", token)).status).toBe(200);
    // A venue's account cannot be made the operator by naming it.
    const venue = await buildRunningVenue(db);
    await expect(ensureOperator({ db, username: venue.admin.login, ...links })).rejects.toThrow(/venue's account/);
    expect(() => loadConfig({ DATABASE_URL: "pglite://memory://", OPERATOR_USERNAME: "two words" })).toThrow(ConfigError);
  });
});

/** `npm run venue:create` / `operator:create`, quiet. */
const runCommand = (
  script: "venue-create-cli.ts" | "operator-create-cli.ts",
  args: string[],
  env: Record<string, string | undefined>,
) => runOperationsCommand(script, args, { LOG_LEVEL: "silent", ...env });

const linkIn = (stdout: string) => /(\S+\/service\/set-password\/[\w-]+)/.exec(stdout)?.[1] ?? "";

describe("the commands", () => {
  it("create a venue and an operator on the database itself, with links that work", async () => {
    // The embedded database in a directory no server runs on, or PostgreSQL: the command opens it.
    const dataDir = mkdtempSync(path.join(tmpdir(), "tableorder-onboarding-"));
    directories.push(dataDir);
    const databaseUrl = postgresUrl ? await createTestDatabaseUrl() : undefined;
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: "test-secret-test-secret-test-secret-0123",
      PORT: "8123",
    };

    const venue = await runCommand("venue-create-cli.ts", ["--name", "Ψητοπωλείο", "--admin", "psito", "--type", "POPULAR"], env);
    expect(venue.stderr).toBe("");
    expect(venue.code).toBe(0);
    expect(venue.stdout).toContain('Venue "Ψητοπωλείο" created');
    expect(linkIn(venue.stdout)).toMatch(/^http:\/\/localhost:8123\/service\/set-password\//);
    const operator = await runCommand("operator-create-cli.ts", ["--username", "ops"], env);
    expect(operator.code).toBe(0);
    const refused = await runCommand("venue-create-cli.ts", ["--name", "Άλλο", "--admin", "psito"], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("The username is already in use.");
    const invalid = await runCommand("venue-create-cli.ts", ["--admin", "x y"], env);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain("Invalid input");

    // A server on that database: both links set a password once, and both accounts sign in.
    const onIt = await startTestServer({ databaseUrl: databaseUrl ?? `pglite://${path.join(dataDir, "db")}`, dataDir });
    try {
      const there = apiClient(onIt.baseUrl);
      for (const [stdout, username] of [
        [venue.stdout, "psito"],
        [operator.stdout, "ops"],
      ]) {
        const token = tokenOf(linkIn(stdout));
        expect((await there.post(`/api/set-password/${token}`, { password: "chosen-password" })).status).toBe(200);
        expect((await there.post(`/api/set-password/${token}`, { password: "chosen-password" })).status).toBe(400);
        await there.login(username, "chosen-password");
      }
      const opsToken = await there.login("ops", "chosen-password");
      const venues = await there.get("/api/operator/venues", opsToken);
      expect(venues.body.map((v: { name: string }) => v.name)).toContain("Ψητοπωλείο");

      if (!databaseUrl) {
        // The embedded database while a server runs on it: the command asks that server.
        const through = await runCommand("venue-create-cli.ts", ["--name", "Μέσω διακομιστή", "--admin", "through"], env);
        expect(through.stderr).toBe("");
        expect(through.code).toBe(0);
        // Where that server listens, since it made the link.
        expect(linkIn(through.stdout).startsWith(`${onIt.baseUrl}/service/set-password/`)).toBe(true);
        const listed = await there.get("/api/operator/venues", opsToken);
        expect(listed.body.map((v: { name: string }) => v.name)).toContain("Μέσω διακομιστή");
        const busy = await runCommand("operator-create-cli.ts", ["--username", "ops"], env);
        expect(busy.stderr).toContain("The username is already in use.");
      }
    } finally {
      await onIt.close();
    }
    // The server withdrew its endpoint: the command opens the directory itself again.
    if (!databaseUrl) {
      const database = await openDatabase(`pglite://${path.join(dataDir, "db")}`);
      const rows = await database.db.select({ name: retailers.name }).from(retailers);
      await database.close();
      expect(rows.map((r) => r.name).sort()).toEqual(["Μέσω διακομιστή", "Ψητοπωλείο"]);
    }
  }, 120_000);
});
