import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.ts";
import { buildRunningVenue, TEST_PASSWORD } from "./support/factories.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type RunningVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: RunningVenue;

beforeAll(async () => {
  [server, api, venue] = await startVenueServer(buildRunningVenue);
});
afterAll(async () => server?.close());

describe("staff sign-in (POST api/authenticate)", () => {
  it("answers the token in the Authorization header and the body", async () => {
    const response = await api.post("/api/authenticate", {
      username: venue.waiter.login,
      password: TEST_PASSWORD,
      rememberMe: true,
    });
    expect(response.status).toBe(200);
    const header = response.headers.get("authorization");
    expect(header).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(response.body.id_token).toBe(header?.slice(7));
  });

  it("answers the account with the token, as GET api/account shows it", async () => {
    const response = await api.post("/api/authenticate", { username: venue.cook.login, password: TEST_PASSWORD });
    const own = await api.get("/api/account", response.body.id_token);
    expect(response.body.account).toEqual(own.body);
    expect(response.body.account).toMatchObject({ id: venue.cook.id, authorities: ["ROLE_PREPARATION_AREA"] });
  });

  it("refuses a wrong password or an unknown user with a 401 and no token", async () => {
    const wrong = await api.post("/api/authenticate", { username: venue.waiter.login, password: "nope", rememberMe: false });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("authorization")).toBeNull();
    expect((await api.post("/api/authenticate", { username: "nobody", password: "x" })).status).toBe(401);
  });

  it("keeps passwords as argon2id hashes only", async () => {
    const [row] = await server.database.db.select().from(users).where(eq(users.id, venue.waiter.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(TEST_PASSWORD);
  });

  it("validates the body: missing fields are field errors, not a 500", async () => {
    const response = await api.post("/api/authenticate", { username: "admin" });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-app-error")).toBe("error.validation");
    expect(response.body.fieldErrors).toEqual([{ objectName: "body", field: "password", message: "NotNull" }]);
    expect((await api.call("POST", "/api/authenticate", { raw: "not json" })).status).toBe(400);
  });
});

describe("the account (GET api/account)", () => {
  it("shows staff their authorities and venue", async () => {
    const cases = [
      [venue.admin.login, ["ROLE_ADMIN"]],
      [venue.waiter.login, ["ROLE_EMPLOYEE"]],
      [venue.cook.login, ["ROLE_PREPARATION_AREA"]],
    ] as const;
    for (const [login, authorities] of cases) {
      const token = await api.login(login);
      const account = await api.get("/api/account", token);
      expect(account.body).toMatchObject({ login, authorities, retailerId: venue.venue.id, activated: true, anonymous: false });
    }
    const cook = await api.get("/api/account", await api.login(venue.cook.login));
    expect(cook.body.preparationAreaId).toBe(venue.kitchen.id);
  });

  it("an anonymous guest is ROLE_USER, marked anonymous, with no venue", async () => {
    const token = await api.guest();
    const account = await api.get("/api/account", token);
    expect(account.body).toMatchObject({
      authorities: ["ROLE_USER", "ROLE_ANONYMOUS"],
      anonymous: true,
      retailerId: null,
      langKey: "el",
    });
  });

  it("no token or a forged one is a 401", async () => {
    expect((await api.get("/api/account")).status).toBe(401);
    expect((await api.get("/api/account", "abc.def.ghi")).status).toBe(401);
    const token = await api.guest();
    const [header, payload, signature] = token.split(".");
    const tampered = JSON.parse(Buffer.from(payload, "base64url").toString());
    tampered.role = "ADMIN";
    const forged = `${header}.${Buffer.from(JSON.stringify(tampered)).toString("base64url")}.${signature}`;
    expect((await api.get("/api/account", forged)).status).toBe(401);
  });

  it("remembers the chosen language (POST api/account/language)", async () => {
    const token = await api.guest();
    expect((await api.post("/api/account/language", { langKey: "en" }, token)).status).toBe(200);
    expect((await api.get("/api/account", token)).body.langKey).toBe("en");
    // The guest side also speaks German, French and Italian (decision 045); nothing else.
    expect((await api.post("/api/account/language", { langKey: "fr" }, token)).status).toBe(200);
    expect((await api.get("/api/account", token)).body.langKey).toBe("fr");
    expect((await api.post("/api/account/language", { langKey: "nl" }, token)).status).toBe(400);
  });
});

describe("guest sign-in without an account (POST api/authenticate-anonymous)", () => {
  it("answers a fresh anonymous account with its token, so the phone need not ask for it", async () => {
    const response = await api.post("/api/authenticate-anonymous", { langKey: "en" });
    expect(response.status).toBe(200);
    const token = String(response.headers.get("authorization")).slice(7);
    expect(response.body.id_token).toBe(token);
    expect(response.body.account).toMatchObject({
      authorities: ["ROLE_USER", "ROLE_ANONYMOUS"],
      anonymous: true,
      activated: true,
      langKey: "en",
      retailerId: null,
    });
    expect(response.body.account).toEqual((await api.get("/api/account", token)).body);
    const other = await api.post("/api/authenticate-anonymous", {});
    expect(other.body.account.id).not.toBe(response.body.account.id);
  });
});

describe("management/info", () => {
  it("reads the profiles and which sign-in providers are configured", async () => {
    const info = await api.get("/management/info");
    expect(info.status).toBe(200);
    expect(info.body["display-ribbon-on-profiles"]).toBeTypeOf("string");
    expect(info.body.activeProfiles).toContain("dev");
  });
});

describe("role guards", () => {
  it("a guest token cannot reach the kitchen feed; a cook token cannot check in as a guest", async () => {
    const guest = await api.guest();
    expect((await api.get("/api/feed/kitchen", guest)).status).toBe(403);
    const cook = await api.login(venue.cook.login);
    expect((await api.post(`/api/cq-table/check-in/${venue.table.id}`, {}, cook)).status).toBe(403);
  });
});
