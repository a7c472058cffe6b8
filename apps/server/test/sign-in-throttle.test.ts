import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFailures } from "../src/db/schema.ts";
import { LOGIN_AT_ADDRESS } from "../src/features/auth/sign-in-throttle-rule.ts";
import { GUEST_RATE_LIMITS } from "../src/lib/rate-limits.ts";
import { buildRunningVenue, TEST_PASSWORD } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import {
  createMigratedDurableDatabaseUrl,
  postgresUrl,
  startTestServer,
  startTwoInstances,
  type TestServer,
} from "./support/test-app.ts";

/** Behind one proxy, so each request can come from the address the test names. */
const BEHIND_PROXY = { TRUST_PROXY: "1", GUEST_RATE_LIMIT_FACTOR: "1" };
const from = (address: string) => ({ "x-forwarded-for": address });

function signIn(api: ReturnType<typeof apiClient>, username: string, password: string, address?: string) {
  return api.post("/api/authenticate", { username, password, rememberMe: false }, undefined, address ? from(address) : undefined);
}

describe("staff sign-in throttle", () => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let venue: Awaited<ReturnType<typeof buildRunningVenue>>;

  beforeAll(async () => {
    server = await startTestServer({ env: BEHIND_PROXY });
    api = apiClient(server.baseUrl);
    venue = await buildRunningVenue(server.database.db);
  });
  afterAll(async () => server?.close());

  it("answers 401 to the first wrong passwords, then 429 with Retry-After, before looking at the password", async () => {
    const attacker = "203.0.113.7";
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof signIn>> | null = null;
    for (let i = 0; i < 30; i++) {
      const response = await signIn(api, venue.admin.login, `wrong-${i}`, attacker);
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
    }
    expect(statuses.slice(0, LOGIN_AT_ADDRESS.freeFailures)).toEqual(Array(LOGIN_AT_ADDRESS.freeFailures).fill(401));
    expect(new Set(statuses.slice(LOGIN_AT_ADDRESS.freeFailures))).toEqual(new Set([429]));

    const retryAfter = Number(refused?.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_AT_ADDRESS.firstLockSeconds);
    expect(refused?.body).toMatchObject({
      message: "error.too_many_sign_in_attempts",
      status: 429,
      params: { retryAfterSeconds: retryAfter },
    });

    // The right password from the locked address is refused too, with no token.
    const right = await signIn(api, venue.admin.login, TEST_PASSWORD, attacker);
    expect(right.status).toBe(429);
    expect(right.headers.get("authorization")).toBeNull();

    // Refused attempts are not failures: only the ones whose password was checked are counted.
    const rows = await server.database.db
      .select()
      .from(signInFailures)
      .where(and(eq(signInFailures.login, venue.admin.login.toLowerCase()), eq(signInFailures.address, attacker)));
    expect(rows).toHaveLength(LOGIN_AT_ADDRESS.freeFailures);
  });

  it("lets the right password in from another address while the attacker's is locked", async () => {
    const attacker = "203.0.113.8";
    for (let i = 0; i <= LOGIN_AT_ADDRESS.freeFailures; i++) await signIn(api, venue.waiter.login, "wrong", attacker);
    expect((await signIn(api, venue.waiter.login, TEST_PASSWORD, attacker)).status).toBe(429);
    const atTheTill = await signIn(api, venue.waiter.login, TEST_PASSWORD, "198.51.100.20");
    expect(atTheTill.status).toBe(200);
    expect(atTheTill.body.account.login).toBe(venue.waiter.login);
  });

  it("counts unknown logins and a login's case alike", async () => {
    const address = "203.0.113.9";
    for (let i = 0; i < LOGIN_AT_ADDRESS.freeFailures; i++) {
      expect((await signIn(api, i % 2 ? "Nobody" : "nobody", "x", address)).status).toBe(401);
    }
    expect((await signIn(api, "NOBODY", "x", address)).status).toBe(429);
  });

  it("forgets a login's failures from an address once it signs in there", async () => {
    const address = "203.0.113.10";
    for (let i = 0; i < LOGIN_AT_ADDRESS.freeFailures - 1; i++) await signIn(api, venue.cook.login, "wrong", address);
    expect((await signIn(api, venue.cook.login, TEST_PASSWORD, address)).status).toBe(200);
    for (let i = 0; i < LOGIN_AT_ADDRESS.freeFailures - 1; i++) {
      expect((await signIn(api, venue.cook.login, "wrong", address)).status).toBe(401);
    }
  });

  it("locks an address that tries many logins, though each login stays below its own bound", async () => {
    const address = "203.0.113.11";
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await signIn(api, `guess-${i}`, "x", address)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(new Set(statuses.slice(30))).toEqual(new Set([429]));
    expect((await signIn(api, venue.barman.login, TEST_PASSWORD, address)).status).toBe(429);
    expect((await signIn(api, venue.barman.login, TEST_PASSWORD, "198.51.100.21")).status).toBe(200);
  });

  it("counts a burst of parallel guesses against itself", async () => {
    const address = "203.0.113.12";
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(api, venue.admin.login, `burst-${i}`, address).then((r) => r.status)),
    );
    // Checked-then-recorded counting would let nearly all of them reach the password check.
    expect(statuses.filter((s) => s === 401).length).toBeLessThan(10);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
  });
});

describe("the staff sign-in lock is in the database", () => {
  // Two starts of an on-disk database (PGlite opens and migrates it each time) take a while.
  it("survives a restart", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tableorder-throttle-"));
    const databaseUrl = await createMigratedDurableDatabaseUrl(dataDir);
    let server = await startTestServer({ databaseUrl, dataDir, env: BEHIND_PROXY });
    try {
      const venue = await buildRunningVenue(server.database.db);
      const attacker = "203.0.113.20";
      const before = apiClient(server.baseUrl);
      for (let i = 0; i < LOGIN_AT_ADDRESS.freeFailures; i++) await signIn(before, venue.admin.login, "wrong", attacker);
      expect((await signIn(before, venue.admin.login, TEST_PASSWORD, attacker)).status).toBe(429);
      // Five more failures lock for the whole window, longer than any restart takes.
      const more = Array.from({ length: 5 }, () => ({ login: venue.admin.login.toLowerCase(), address: attacker }));
      await server.database.db.insert(signInFailures).values(more);
      await server.close();
      server = await startTestServer({ databaseUrl, dataDir, env: BEHIND_PROXY });
      const api = apiClient(server.baseUrl);
      expect((await signIn(api, venue.admin.login, TEST_PASSWORD, attacker)).status).toBe(429);
      expect((await signIn(api, venue.admin.login, TEST_PASSWORD, "198.51.100.30")).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it.skipIf(!postgresUrl)("holds across two instances on one PostgreSQL", async () => {
    const [a, b] = await startTwoInstances();
    try {
      const venue = await buildRunningVenue(a.database.db);
      // Without a trusted proxy both see the test's own loopback address.
      for (let i = 0; i < LOGIN_AT_ADDRESS.freeFailures; i++) {
        expect((await signIn(apiClient(a.baseUrl), venue.admin.login, "wrong")).status).toBe(401);
      }
      const onB = await signIn(apiClient(b.baseUrl), venue.admin.login, TEST_PASSWORD);
      expect(onB.status).toBe(429);
      expect(Number(onB.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("guest rate limits", () => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let venue: Awaited<ReturnType<typeof buildRunningVenue>>;

  beforeAll(async () => {
    server = await startTestServer({ env: BEHIND_PROXY });
    api = apiClient(server.baseUrl);
    venue = await buildRunningVenue(server.database.db);
  });
  afterAll(async () => server?.close());

  const guestFrom = async (address: Record<string, string>) => {
    const signedIn = await api.post("/api/authenticate-anonymous", {}, undefined, address);
    return String(signedIn.body.id_token);
  };

  const expectTooMany = (response: Awaited<ReturnType<typeof api.post>>) => {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(response.body).toMatchObject({
      message: "error.too_many_requests",
      params: { retryAfterSeconds: expect.any(Number) },
    });
  };

  it("limits anonymous sign-ins per address, and no other address", async () => {
    const { max } = GUEST_RATE_LIMITS["POST /api/authenticate-anonymous"].perAddress;
    for (let i = 0; i < max; i++) {
      expect((await api.post("/api/authenticate-anonymous", {}, undefined, from("192.0.2.1"))).status).toBe(200);
    }
    expectTooMany(await api.post("/api/authenticate-anonymous", {}, undefined, from("192.0.2.1")));
    expect((await api.post("/api/authenticate-anonymous", {}, undefined, from("192.0.2.2"))).status).toBe(200);
  });

  it("limits a guest's orders per token, and not the next guest at the same address", async () => {
    const max = GUEST_RATE_LIMITS["POST /api/orders/:tableId"].perGuest?.max ?? 0;
    const address = from("192.0.2.3");
    const seat = async () => {
      const token = await guestFrom(address);
      expect((await api.post(`/api/cq-table/check-in/${venue.table.id}`, {}, token, address)).status).toBe(200);
      return token;
    };
    const guest = await seat();
    for (let i = 0; i < max; i++) {
      const order = await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.water.id, quantity: 1 }], guest, address);
      expect(order.status).toBe(200);
    }
    expectTooMany(await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.water.id, quantity: 1 }], guest, address));
    const next = await seat();
    expect((await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.water.id, quantity: 1 }], next, address)).status).toBe(
      200,
    );
  });

  it("does not limit staff on the same routes", async () => {
    const waiter = await api.login(venue.waiter.login);
    const max = GUEST_RATE_LIMITS["POST /api/orders/:tableId"].perGuest?.max ?? 0;
    for (let i = 0; i <= max; i++) {
      const order = await api.post(
        `/api/orders/${venue.otherTable.id}`,
        [{ id: venue.water.id, quantity: 1 }],
        waiter,
        from("192.0.2.4"),
      );
      expect(order.status).not.toBe(429);
    }
  });

  it("limits waiter calls per token", async () => {
    const max = GUEST_RATE_LIMITS["POST /api/cq-table/call-waiter/:tableId"].perGuest?.max ?? 0;
    const address = from("192.0.2.5");
    const guest = await guestFrom(address);
    await api.post(`/api/cq-table/check-in/${venue.table.id}`, {}, guest, address);
    for (let i = 0; i < max; i++) {
      expect((await api.post(`/api/cq-table/call-waiter/${venue.table.id}`, {}, guest, address)).status).not.toBe(429);
    }
    expectTooMany(await api.post(`/api/cq-table/call-waiter/${venue.table.id}`, {}, guest, address));
  });

  it("limits the contact form per address", async () => {
    const max = GUEST_RATE_LIMITS["POST /api/contact-form"].perGuest?.max ?? 0;
    const body = { name: "Μαρία", companyName: "Ταβέρνα", phone: "+30 691 234 5678", email: "maria@taverna.gr" };
    for (let i = 0; i < max; i++)
      expect((await api.post("/api/contact-form", body, undefined, from("192.0.2.6"))).status).toBe(201);
    expectTooMany(await api.post("/api/contact-form", body, undefined, from("192.0.2.6")));
    expect((await api.post("/api/contact-form", body, undefined, from("192.0.2.7"))).status).toBe(201);
  });

  it("are off with GUEST_RATE_LIMIT_FACTOR=0, for a load test from one address", async () => {
    const unlimited = await startTestServer({ env: { GUEST_RATE_LIMIT_FACTOR: "0" } });
    try {
      const body = { name: "Μαρία", companyName: "Ταβέρνα", phone: "+30 691 234 5678", email: "maria@taverna.gr" };
      const max = GUEST_RATE_LIMITS["POST /api/contact-form"].perGuest?.max ?? 0;
      for (let i = 0; i <= max; i++)
        expect((await apiClient(unlimited.baseUrl).post("/api/contact-form", body)).status).toBe(201);
    } finally {
      await unlimited.close();
    }
  });
});
