import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparationAreas, users } from "../src/db/schema.ts";
import { buildArea, buildBackOfficeVenue, buildProduct } from "./support/factories.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type BackOfficeVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: BackOfficeVenue, admin: string;

beforeAll(async () => {
  [server, api, venue, admin] = await startVenueServer(buildBackOfficeVenue, ["admin"]);
});
afterAll(async () => server?.close());

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;
const newArea = (values: Record<string, unknown> = {}) => ({
  name: `Ψησταριά ${unique()}`,
  username: `grill${unique()}`,
  password: "grill1",
  printerIp: "192.168.1.60",
  ...values,
});

describe("preparation areas (api/crm/preparation-area…)", () => {
  it("creates an area with its kitchen account in one go; the cook signs in to that area", async () => {
    const form = newArea({ username: ` GRILL${unique()} ` });
    const created = await api.post("/api/crm/preparation-area", form, admin);
    expect(created.status).toBe(200);
    const login = form.username.trim().toLowerCase();
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: form.name,
      label: form.name,
      username: login,
      printerIp: "192.168.1.60",
    });
    const cook = await api.login(login, "grill1");
    const account = (await api.get("/api/account", cook)).body;
    expect(account).toMatchObject({ authorities: ["ROLE_PREPARATION_AREA"], preparationAreaId: created.body.id });
    expect((await api.get("/api/feed/kitchen", cook)).status).toBe(200);

    expect((await api.get(`/api/crm/preparation-area/${created.body.id}`, admin)).body).toEqual(created.body);
    const list = (await api.get("/api/crm/preparation-areas", admin)).body;
    expect(list.map((a: any) => a.id)).toEqual(expect.arrayContaining([venue.kitchen.id, venue.bar.id, created.body.id]));
  });

  it("edits the area and its account together; a password left out stays", async () => {
    const form = newArea();
    const created = await api.post("/api/crm/preparation-area", form, admin);
    const renamed = { name: `Pizza ${unique()}`, username: `pizza${unique()}`, printerIp: "" };
    const edited = await api.put(`/api/crm/preparation-area/${created.body.id}`, renamed, admin);
    expect(edited.body).toEqual({
      id: created.body.id,
      name: renamed.name,
      label: renamed.name,
      username: renamed.username,
      printerIp: null,
    });
    await api.login(renamed.username, "grill1");
    await expect(api.login(form.username, "grill1")).rejects.toThrow();
    await api.put(`/api/crm/preparation-area/${created.body.id}`, { ...renamed, password: "oven22" }, admin);
    await api.login(renamed.username, "oven22");
  });

  it("an area made without an account gets one on its first edit, which then needs a password", async () => {
    const area = await buildArea(server.database.db, venue.venue.id);
    expect((await api.get(`/api/crm/preparation-area/${area.id}`, admin)).body.username).toBeNull();
    const form = { name: area.name, username: `legacy${unique()}`, printerIp: null };
    const refused = await api.put(`/api/crm/preparation-area/${area.id}`, form, admin);
    expect(refused.body.fieldErrors).toEqual([{ objectName: "body", field: "password", message: "password.required" }]);
    expect((await api.put(`/api/crm/preparation-area/${area.id}`, { ...form, password: "abcd" }, admin)).status).toBe(200);
    await api.login(form.username, "abcd");
  });

  it("field rules: name, username and password required on create; printer IP by the IP rule", async () => {
    const empty = await api.post("/api/crm/preparation-area", {}, admin);
    expect(empty.body.fieldErrors.map((e: any) => [e.field, e.message])).toEqual([
      ["name", "name.required"],
      ["username", "username.required"],
      ["password", "password.required"],
    ]);
    for (const ip of ["256.0.0.1", "10.0.0", "printer", "01.1.1.1"]) {
      const bad = await api.post("/api/crm/preparation-area", newArea({ printerIp: ip }), admin);
      expect(bad.status).toBe(400);
      expect(bad.body.fieldErrors).toEqual([{ objectName: "body", field: "printerIp", message: "ip.invalid" }]);
    }
    const short = await api.post("/api/crm/preparation-area", newArea({ password: "123" }), admin);
    expect(short.body.fieldErrors).toEqual([{ objectName: "body", field: "password", message: "password.tooShort" }]);
  });

  it("names are unique in the venue (prep_area_name_exists), usernames everywhere (username_exists)", async () => {
    const sameName = await api.post("/api/crm/preparation-area", newArea({ name: venue.kitchen.name }), admin);
    expect(sameName.status).toBe(400);
    expect(sameName.headers.get("x-app-error")).toBe("error.prep_area_name_exists");
    const sameLogin = await api.post("/api/crm/preparation-area", newArea({ username: venue.waiter.login }), admin);
    expect(sameLogin.headers.get("x-app-error")).toBe("error.username_exists");
    // Nothing half-made stays behind.
    const areas = await server.database.db
      .select()
      .from(preparationAreas)
      .where(and(eq(preparationAreas.retailerId, venue.venue.id), eq(preparationAreas.name, venue.kitchen.name)));
    expect(areas).toHaveLength(1);
    const rename = await api.put(
      `/api/crm/preparation-area/${venue.bar.id}`,
      { name: venue.kitchen.name, username: venue.barman.login },
      admin,
    );
    expect(rename.headers.get("x-app-error")).toBe("error.prep_area_name_exists");
  });
});

describe("deleting a preparation area", () => {
  it("is refused while products are prepared there (prep_area_has_products)", async () => {
    const created = await api.post("/api/crm/preparation-area", newArea(), admin);
    await buildProduct(server.database.db, venue.venue.id, { categoryId: venue.category.id, preparationAreaId: created.body.id });
    const refused = await api.del(`/api/crm/preparation-area/${created.body.id}`, admin);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-app-error")).toBe("error.prep_area_has_products");
  });

  it("is refused while a ticket is open there (prep_area_has_open_tickets)", async () => {
    const form = newArea();
    const created = await api.post("/api/crm/preparation-area", form, admin);
    const product = await buildProduct(server.database.db, venue.venue.id, {
      categoryId: venue.category.id,
      preparationAreaId: created.body.id,
    });
    const guest = await api.seatedGuest(venue.otherTable.id);
    expect((await api.post(`/api/orders/${venue.otherTable.id}`, [{ id: product.id, quantity: 1 }], guest)).status).toBe(200);
    // The product moves elsewhere; the ticket still waits in the area.
    await api.put(
      `/api/crm/product/${product.id}`,
      { name: product.name, categoryId: venue.category.id, price: 500, preparationAreaId: venue.kitchen.id },
      admin,
    );
    const refused = await api.del(`/api/crm/preparation-area/${created.body.id}`, admin);
    expect(refused.headers.get("x-app-error")).toBe("error.prep_area_has_open_tickets");
  });

  it("deletes an idle area softly with its account, whose token stops working", async () => {
    const form = newArea();
    const created = await api.post("/api/crm/preparation-area", form, admin);
    const cook = await api.login(form.username, form.password);
    expect((await api.get("/api/feed/kitchen", cook)).status).toBe(200);
    const cashDesk = await api.login(venue.cashDesk.login);
    expect((await api.del(`/api/crm/preparation-area/${created.body.id}`, cashDesk)).status).toBe(403);
    expect((await api.del(`/api/crm/preparation-area/${created.body.id}`, admin)).status).toBe(204);
    expect((await api.get("/api/feed/kitchen", cook)).status).toBe(401);
    await expect(api.login(form.username, form.password)).rejects.toThrow();
    expect((await api.get(`/api/crm/preparation-area/${created.body.id}`, admin)).status).toBe(404);
    expect((await api.get("/api/crm/preparation-areas", admin)).body.map((a: any) => a.id)).not.toContain(created.body.id);
    // The cash desk can no longer open its feed either.
    expect((await api.get(`/api/feed/kitchen?id=${created.body.id}`, cashDesk)).status).toBe(403);
    const [row] = await server.database.db.select().from(users).where(eq(users.login, form.username));
    expect(row.deletedAt).not.toBeNull();
    // Name and username are free again.
    expect((await api.post("/api/crm/preparation-area", form, admin)).status).toBe(200);
  });
});
