import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBackOfficeVenue } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/test-app.ts";

/** Spec 3 §5 rules of the admin forms not already pinned by crm-preparation-areas/crm-tables tests. */
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.baseUrl);
  const venue = await buildBackOfficeVenue(server.database.db);
  admin = await api.login(venue.admin.login);
});
afterAll(async () => server?.close());

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;
const newArea = (values: Record<string, unknown> = {}) => ({
  name: `Μπαρ ${unique()}`,
  username: `bar${unique()}`,
  password: "bar1",
  printerIp: "",
  ...values,
});

describe("spaces and staff form rules through the API", () => {
  it("an area's edit keeps the password when sent empty, and refuses a changed one of 3 characters", async () => {
    const form = newArea();
    const created = await api.post("/api/crm/preparation-area", form, admin);
    expect(created.status).toBe(200);
    const { password: _, ...rest } = form;
    const kept = await api.put(`/api/crm/preparation-area/${created.body.id}`, { ...rest, password: "" }, admin);
    expect(kept.status).toBe(200);
    await api.login(form.username, "bar1");
    const short = await api.put(`/api/crm/preparation-area/${created.body.id}`, { ...rest, password: "abc" }, admin);
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual([{ objectName: "body", field: "password", message: "password.tooShort" }]);
    await api.login(form.username, "bar1");
  });

  it("printer IP: each octet 0-255, both edges accepted, empty means none", async () => {
    for (const ip of ["0.0.0.0", "255.255.255.255"]) {
      const ok = await api.post("/api/crm/preparation-area", newArea({ printerIp: ip }), admin);
      expect(ok.status).toBe(200);
      expect(ok.body.printerIp).toBe(ip);
    }
    const none = await api.post("/api/crm/preparation-area", newArea(), admin);
    expect(none.body.printerIp).toBeNull();
    for (const ip of ["192.168.1.300", "1.2.3.4.5", "-1.2.3.4"]) {
      const bad = await api.post("/api/crm/preparation-area", newArea({ printerIp: ip }), admin);
      expect(bad.status).toBe(400);
      expect(bad.body.fieldErrors).toEqual([{ objectName: "body", field: "printerIp", message: "ip.invalid" }]);
    }
  });

  it("an edited table keeps its label and code rules (required, unique)", async () => {
    const a = await api.post("/api/crm/tables", { label: `A${unique()}`, code: `a${unique()}` }, admin);
    const b = await api.post("/api/crm/tables", { label: `B${unique()}`, code: `b${unique()}` }, admin);
    const empty = await api.put(`/api/crm/tables/${b.body.id}`, { label: "", code: "" }, admin);
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.map((e: { message: string }) => e.message)).toEqual([
      "table.label.required",
      "table.code.required",
    ]);
    const sameLabel = await api.put(`/api/crm/tables/${b.body.id}`, { label: a.body.label, code: b.body.code }, admin);
    expect(sameLabel.status).toBe(400);
    expect(sameLabel.headers.get("x-app-error")).toBe("error.table_name_already_exists");
    const sameCode = await api.put(`/api/crm/tables/${b.body.id}`, { label: b.body.label, code: a.body.code }, admin);
    expect(sameCode.headers.get("x-app-error")).toBe("error.table_code_already_exists");
    const unchanged = await api.put(`/api/crm/tables/${b.body.id}`, { label: b.body.label, code: b.body.code }, admin);
    expect(unchanged.status).toBe(200);
  });
});
