import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retailers } from "../src/db/schema.ts";
import { buildBackOfficeVenue, buildStaff, buildTable, buildVenue } from "./support/factories.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type BackOfficeVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: BackOfficeVenue;

beforeAll(async () => {
  [server, api, venue] = await startVenueServer(buildBackOfficeVenue);
});
afterAll(async () => server?.close());

/** A venue of its own with its administrator signed in, so settings changes stay in the test. */
async function ownVenue() {
  const place = await buildVenue(server.database.db, { mainCuisine: "GREEK" });
  const owner = await buildStaff(server.database.db, place.id, "ADMIN", { firstName: "Μαρία", lastName: "Κ." });
  return { place, owner, token: await api.login(owner.login) };
}

const settingsOf = (values: Record<string, unknown> = {}) => ({
  name: "Το Στέκι",
  nameEng: "The Spot",
  type: "RESTAURANT",
  mainCuisine: "SEAFOOD",
  secondaryCuisine: [1, 3],
  translationsActive: true,
  printerIp: "192.168.1.80",
  autoPrintActive: true,
  printServiceUrl: "ws://192.168.1.81:9180",
  googleReviewUrl: "https://g.page/r/to-steki/review",
  firstName: "Μαρία",
  lastName: "Κωνσταντίνου",
  username: "maria",
  ...values,
});

describe("shop settings (api/crm/retailer)", () => {
  it("reads the venue and its administrator, saves all three groups, and signs in with the new username", async () => {
    const { place, owner, token } = await ownVenue();
    const read = await api.get("/api/crm/retailer", token);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: place.id,
      name: place.name,
      mainCuisine: "GREEK",
      username: owner.login,
      firstName: "Μαρία",
    });
    expect(read.body).not.toHaveProperty("password");

    const username = `maria-${place.id}`;
    const saved = await api.post(
      "/api/crm/retailer",
      settingsOf({ username: username.toUpperCase(), password: "newpass" }),
      token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      id: place.id,
      // The spec's form leaves the menu languages out: they stay English (decision 046).
      menuLanguages: ["en"],
      ...settingsOf({ username }),
    });
    const fresh = await api.login(username, "newpass");
    expect((await api.get("/api/crm/retailer", fresh)).body.name).toBe("Το Στέκι");
    // The print agent address reaches the preparation screens.
    const cook = await buildStaff(server.database.db, place.id, "COOK");
    expect((await api.get("/api/cuisine/ip", await api.login(cook.login))).body).toEqual({ address: "ws://192.168.1.81:9180" });
  });

  it("a password left out stays as it was", async () => {
    const { owner, token } = await ownVenue();
    const saved = await api.post("/api/crm/retailer", settingsOf({ username: owner.login }), token);
    expect(saved.status).toBe(200);
    await api.login(owner.login);
  });

  it("answers every rule of spec 3 §5 with its key", async () => {
    const { token } = await ownVenue();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "name", "retailer.name.required"],
      [{ nameEng: "" }, "nameEng", "retailer.nameEng.required"],
      [{ type: "" }, "type", "retailer.type.required"],
      [{ type: "CASINO" }, "type", "retailer.type.required"],
      [{ mainCuisine: null }, "mainCuisine", "retailer.mainCuisine.required"],
      [{ secondaryCuisine: [7] }, "secondaryCuisine.0", "retailer.secondaryCuisine.invalid"],
      [{ printerIp: "192.168.1.300" }, "printerIp", "ip.invalid"],
      [{ printerIp: "" }, "printerIp", "ip.requiredForAutoPrint"],
      [{ printServiceUrl: "http://printer" }, "printServiceUrl", "printServiceUrl.invalid"],
      [{ firstName: " " }, "firstName", "firstName.required"],
      [{ lastName: "" }, "lastName", "lastName.required"],
      [{ username: "" }, "username", "username.required"],
      [{ password: "abc" }, "password", "password.tooShort"],
    ];
    for (const [change, field, message] of cases) {
      const response = await api.post("/api/crm/retailer", settingsOf(change), token);
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.fieldErrors, JSON.stringify(change)).toEqual([{ objectName: "body", field, message }]);
    }
    // Without translations or auto-print, the English name and the IP may stay empty.
    const relaxed = await api.post(
      "/api/crm/retailer",
      settingsOf({ translationsActive: false, nameEng: "", autoPrintActive: false, printerIp: "", username: `r${Date.now()}` }),
      token,
    );
    expect(relaxed.status).toBe(200);
    expect(relaxed.body).toMatchObject({ nameEng: null, printerIp: null });
  });

  it("the administrator's username must be free on the platform (username_exists)", async () => {
    const { token } = await ownVenue();
    const response = await api.post("/api/crm/retailer", settingsOf({ username: venue.waiter.login }), token);
    expect(response.headers.get("x-app-error")).toBe("error.username_exists");
  });

  it("is for administrators only: the cash desk and everyone else get a 403, no token a 401", async () => {
    for (const user of [venue.cashDesk, venue.waiter, venue.cook]) {
      const token = await api.login(user.login);
      expect((await api.get("/api/crm/retailer", token)).status).toBe(403);
      expect((await api.post("/api/crm/retailer", settingsOf(), token)).status).toBe(403);
    }
    expect((await api.get("/api/crm/retailer", await api.guest())).status).toBe(403);
    expect((await api.get("/api/crm/retailer")).status).toBe(401);
  });
});

describe("lists for the settings form", () => {
  it("retailer types (api/crm/retailer/types)", async () => {
    const token = await api.login(venue.cashDesk.login);
    expect((await api.get("/api/crm/retailer/types", token)).body).toEqual([
      "SHOP",
      "RESTAURANT",
      "COMFORT_FOOD",
      "TAKE_AWAY",
      "CAFE",
      "BAR",
      "POPULAR",
      "NEW",
    ]);
  });

  it("cuisine types: all with ?all, otherwise only those some venue serves; public", async () => {
    const all = await api.get("/api/home-page/cuisine-types?all");
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(15);
    expect(all.body[0]).toEqual({ code: "GREEK", name: "Ελληνική", nameEng: "Greek" });
    const used = (await api.get("/api/home-page/cuisine-types")).body.map((c: any) => c.code);
    expect(used).toContain("GREEK");
    expect(used).not.toContain("MEXICAN");
  });

  it("invoicing-enabled tells the product editor whether VAT and goods/service show; back office only", async () => {
    const { place, token } = await ownVenue();
    const cashDesk = await api.login((await buildStaff(server.database.db, place.id, "CASH_DESK")).login);
    expect((await api.get("/api/crm/invoicing-enabled", token)).body).toBe(false);
    await server.database.db.update(retailers).set({ invoicingEnabled: true }).where(eq(retailers.id, place.id));
    expect((await api.get("/api/crm/invoicing-enabled", token)).body).toBe(true);
    expect((await api.get("/api/crm/invoicing-enabled", cashDesk)).body).toBe(true);
    // Another venue's administrator reads their own venue's switch.
    expect((await api.get("/api/crm/invoicing-enabled", await api.login(venue.admin.login))).body).toBe(false);
    expect((await api.get("/api/crm/invoicing-enabled", await api.login(venue.waiter.login))).status).toBe(403);
    expect((await api.get("/api/crm/invoicing-enabled", await api.guest())).status).toBe(403);
  });

  it("guests read the main cuisine by name in their language", async () => {
    const { place } = await ownVenue();
    await server.database.db.update(retailers).set({ mainCuisine: "SEAFOOD" }).where(eq(retailers.id, place.id));
    const table = await buildTable(server.database.db, place.id);
    const guest = await api.seatedGuest(table.id);
    const el = await api.get(`/api/cq-table/${table.id}/retailer-info`, guest);
    expect(el.body.mainCuisine).toBe("Ψαρικά - Θαλασσινά");
    const en = await api.get(`/api/cq-table/${table.id}/retailer-info`, guest, { "accept-language": "en" });
    expect(en.body.mainCuisine).toBe("Fish & seafood");
  });
});
