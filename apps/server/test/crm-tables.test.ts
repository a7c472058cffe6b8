import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diningTables, productCategories, retailers } from "../src/db/schema.ts";
import { isForeignKeyViolation, withUniqueKeys } from "../src/lib/database-errors.ts";
import { buildBackOfficeVenue, buildStaff, buildTable, buildVenue } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";
import { type ApiClient, type BackOfficeVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: BackOfficeVenue, admin: string;

beforeAll(async () => {
  [server, api, venue, admin] = await startVenueServer(buildBackOfficeVenue, ["admin"]);
});
afterAll(async () => server?.close());

let seq = 0;
const fresh = () => `${Date.now().toString(36)}-${++seq}`;

describe("tables (api/crm/tables)", () => {
  it("creates, reads, lists, edits and deletes a table with its waiters", async () => {
    const code = `t-${fresh()}`;
    const created = await api.post(
      "/api/crm/tables",
      { label: " Βεράντα 1 ", code, waiterIds: [venue.waiter.id], onService: true },
      admin,
    );
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      label: "Βεράντα 1",
      code,
      waiterIds: [venue.waiter.id],
      onService: true,
      hasActiveSession: false,
      customerUrl: `${server.baseUrl}/service/customer/${code}`,
    });
    const id = created.body.id;
    expect((await api.get(`/api/crm/tables/${id}`, admin)).body).toEqual(created.body);
    const list = await api.get("/api/crm/tables", admin);
    expect(list.body.map((t: any) => t.id)).toEqual(expect.arrayContaining([venue.table.id, venue.otherTable.id, id]));
    expect(list.body.at(-1).id).toBe(id);

    const edited = await api.put(`/api/crm/tables/${id}`, { label: "Βεράντα 2", code, waiterIds: [], onService: false }, admin);
    expect(edited.body).toMatchObject({ label: "Βεράντα 2", waiterIds: [], onService: false });

    expect((await api.del(`/api/crm/tables/${id}`, admin)).status).toBe(204);
    expect((await api.get(`/api/crm/tables/${id}`, admin)).status).toBe(404);
    expect((await api.get("/api/crm/tables", admin)).body.map((t: any) => t.id)).not.toContain(id);
    // The guest's code lookup no longer finds it either.
    expect((await api.get(`/api/cq-table/code/${code}`, await api.guest())).status).toBe(404);
  });

  it("keeps the deleted table's row (history) and frees its code and label for a new table", async () => {
    const code = `reuse-${fresh()}`;
    const first = await api.post("/api/crm/tables", { label: `L-${code}`, code }, admin);
    await api.del(`/api/crm/tables/${first.body.id}`, admin);
    const again = await api.post("/api/crm/tables", { label: `L-${code}`, code }, admin);
    expect(again.status).toBe(200);
    expect(again.body.id).not.toBe(first.body.id);
  });

  it("answers field errors with the contract's keys, never a 500", async () => {
    const empty = await api.post("/api/crm/tables", {}, admin);
    expect(empty.status).toBe(400);
    expect(empty.headers.get("x-app-error")).toBe("error.validation");
    expect(empty.body.fieldErrors).toEqual([
      { objectName: "body", field: "label", message: "table.label.required" },
      { objectName: "body", field: "code", message: "table.code.required" },
    ]);
    const blank = await api.post("/api/crm/tables", { label: "  ", code: "with space" }, admin);
    expect(blank.body.fieldErrors.map((e: any) => e.message)).toEqual(["table.label.required", "table.code.invalid"]);
    const wrongTypes = await api.post("/api/crm/tables", { label: "1", code: "c", waiterIds: "x", onService: "yes" }, admin);
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.fieldErrors.map((e: any) => e.field)).toEqual(["waiterIds", "onService"]);
    expect((await api.call("POST", "/api/crm/tables", { token: admin, raw: "{" })).status).toBe(400);
    expect((await api.get("/api/crm/tables/abc", admin)).status).toBe(400);
  });

  it("refuses a label or code already in use (table_name_already_exists, table_code_already_exists)", async () => {
    const sameLabel = await api.post("/api/crm/tables", { label: venue.table.label, code: `c-${fresh()}` }, admin);
    expect(sameLabel.status).toBe(400);
    expect(sameLabel.headers.get("x-app-error")).toBe("error.table_name_already_exists");
    const sameCode = await api.post("/api/crm/tables", { label: `x-${fresh()}`, code: venue.table.code }, admin);
    expect(sameCode.headers.get("x-app-error")).toBe("error.table_code_already_exists");
    // Codes are global: the guest URL names no venue.
    const elsewhere = await buildTable(server.database.db, (await buildVenue(server.database.db)).id);
    const foreignCode = await api.post("/api/crm/tables", { label: `y-${fresh()}`, code: elsewhere.code }, admin);
    expect(foreignCode.headers.get("x-app-error")).toBe("error.table_code_already_exists");
    // Another venue may use the same label.
    const other = await buildVenue(server.database.db);
    const otherAdmin = await buildStaff(server.database.db, other.id, "ADMIN");
    const otherToken = await api.login(otherAdmin.login);
    expect((await api.post("/api/crm/tables", { label: venue.table.label, code: `c-${fresh()}` }, otherToken)).status).toBe(200);
    // Editing a table into another's label is refused; keeping its own is fine.
    const edit = await api.put(
      `/api/crm/tables/${venue.otherTable.id}`,
      { label: venue.table.label, code: venue.otherTable.code },
      admin,
    );
    expect(edit.headers.get("x-app-error")).toBe("error.table_name_already_exists");
    const keep = await api.put(
      `/api/crm/tables/${venue.otherTable.id}`,
      { label: venue.otherTable.label, code: venue.otherTable.code, waiterIds: [venue.waiter.id] },
      admin,
    );
    expect(keep.status).toBe(200);
  });

  it("two simultaneous creates with one code: one wins, the other gets the keyed error", async () => {
    const code = `race-${fresh()}`;
    const results = await Promise.all([
      api.post("/api/crm/tables", { label: `r1-${code}`, code }, admin),
      api.post("/api/crm/tables", { label: `r2-${code}`, code }, admin),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.headers.get("x-app-error")).toBe("error.table_code_already_exists");
  });

  it("a unique index that refuses a write (a lost race) becomes the keyed error, on this database's driver", async () => {
    const db = server.database.db;
    const duplicate = () =>
      db.insert(diningTables).values({ retailerId: venue.venue.id, label: `d-${fresh()}`, code: venue.table.code });
    await expect(withUniqueKeys({ dining_tables_code: "table_code_already_exists" }, duplicate)).rejects.toMatchObject({
      key: "table_code_already_exists",
      status: 400,
    });
    // Other failures pass through untouched; a foreign key refusal is recognised as such.
    const referenced = db.delete(productCategories).where(eq(productCategories.id, venue.category.id));
    const failure = await withUniqueKeys({ dining_tables_code: "table_code_already_exists" }, () => referenced).catch((e) => e);
    expect(isForeignKeyViolation(failure)).toBe(true);
  });

  it("a table with an open session cannot be deleted (active_session_on_table)", async () => {
    const guest = await api.seatedGuest(venue.table.id);
    const order = await api.post(`/api/orders/${venue.table.id}`, [{ id: venue.water.id, quantity: 1 }], guest);
    expect(order.status).toBe(200);
    expect((await api.get(`/api/crm/tables/${venue.table.id}`, admin)).body.hasActiveSession).toBe(true);
    const refused = await api.del(`/api/crm/tables/${venue.table.id}`, admin);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-app-error")).toBe("error.active_session_on_table");
    expect((await api.get(`/api/crm/tables/${venue.table.id}`, admin)).status).toBe(200);
  });

  it("a deleted table's checked-in guests are let go", async () => {
    const table = await api.post("/api/crm/tables", { label: `g-${fresh()}`, code: `g-${fresh()}` }, admin);
    const guest = await api.seatedGuest(table.body.id);
    expect((await api.get(`/api/cq-table/${table.body.id}/menu`, guest)).status).toBe(200);
    await api.del(`/api/crm/tables/${table.body.id}`, admin);
    expect((await api.get(`/api/cq-table/${table.body.id}/menu`, guest)).status).toBe(404);
  });
});

describe("QR codes", () => {
  it("one table's SVG encodes its guest URL (request origin without PUBLIC_URL)", async () => {
    const response = await fetch(`${server.baseUrl}/api/crm/tables/${venue.otherTable.id}/qr.svg`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const svg = await response.text();
    const url = `${server.baseUrl}/service/customer/${venue.otherTable.code}`;
    expect(svg).toContain(`<title>${url}</title>`);
    expect(svg).toContain(`>${venue.otherTable.label}</text>`);
    // The drawn modules are exactly the QR code of that URL.
    const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
    const dark: string[] = [];
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++) if (modules.get(y, x)) dark.push(`M${x + 4} ${y + 4}h1v1h-1z`);
    expect(svg).toContain(`<path d="${dark.join("")}"`);
  });

  it("needs a back-office token and the venue's own table", async () => {
    expect((await api.get(`/api/crm/tables/${venue.table.id}/qr.svg`)).status).toBe(401);
    const waiter = await api.login(venue.waiter.login);
    expect((await api.get(`/api/crm/tables/${venue.table.id}/qr.svg`, waiter)).status).toBe(403);
    const other = await buildTable(server.database.db, (await buildVenue(server.database.db)).id);
    expect((await api.get(`/api/crm/tables/${other.id}/qr.svg`, admin)).status).toBe(404);
  });

  it("the print sheet lists every table of the venue with its URL, and no other venue's", async () => {
    const other = await buildTable(server.database.db, (await buildVenue(server.database.db)).id);
    const sheet = await api.get("/api/crm/tables/qr-sheet", admin, { "accept-language": "en" });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("content-type")).toMatch(/^text\/html/);
    expect(sheet.body).toContain("@page { size: A4");
    expect(sheet.body).toContain("<title>Table QR codes</title>");
    const tables = (await api.get("/api/crm/tables", admin)).body;
    for (const table of tables) expect(sheet.body).toContain(`<span>${table.customerUrl}</span>`);
    expect((sheet.body.match(/<figure/g) ?? []).length).toBe(tables.length);
    expect(sheet.body).not.toContain(other.code);
    expect(sheet.body).toContain("Scan to order");
    expect((sheet.body.match(/<p class="venue">/g) ?? []).length).toBe(tables.length);
  });

  it("one table's print card names the venue, says scan to order, and the table's label once", async () => {
    const card = await api.get(`/api/crm/tables/${venue.table.id}/qr-print`, admin);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toMatch(/^text\/html/);
    const [{ name }] = await server.database.db
      .select({ name: retailers.name })
      .from(retailers)
      .where(eq(retailers.id, venue.venue.id));
    expect(card.body).toContain(`<p class="venue">${name}</p>`);
    expect(card.body).toContain("<em>Σαρώστε για να παραγγείλετε</em>");
    const label = (await api.get(`/api/crm/tables/${venue.table.id}`, admin)).body.label as string;
    expect(card.body.split(`<strong>${label}</strong>`).length - 1).toBe(1);
    expect((card.body.match(/<figure/g) ?? []).length).toBe(1);
    const other = await buildTable(server.database.db, (await buildVenue(server.database.db)).id);
    expect((await api.get(`/api/crm/tables/${other.id}/qr-print`, admin)).status).toBe(404);
  });

  it("with PUBLIC_URL, codes point at the public address", async () => {
    const publicServer = await startTestServer({ env: { PUBLIC_URL: "https://order.example.gr" } });
    try {
      const db = publicServer.database.db;
      const place = await buildVenue(db);
      const table = await buildTable(db, place.id, { code: "terrace-7" });
      const owner = await buildStaff(db, place.id, "ADMIN");
      const client = apiClient(publicServer.baseUrl);
      const token = await client.login(owner.login);
      expect((await client.get(`/api/crm/tables/${table.id}`, token)).body.customerUrl).toBe(
        "https://order.example.gr/service/customer/terrace-7",
      );
      const svg = await client.get(`/api/crm/tables/${table.id}/qr.svg`, token);
      expect(svg.body).toContain("<title>https://order.example.gr/service/customer/terrace-7</title>");
    } finally {
      await publicServer.close();
    }
  });
});
