import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.ts";
import { buildBackOfficeVenue, buildStaff, buildTable, buildVenue } from "./support/factories.ts";
import { listen } from "./support/stomp-client.ts";
import type { TestServer } from "./support/test-app.ts";
import { type ApiClient, type BackOfficeVenue, startVenueServer } from "./support/venue-server.ts";

let server: TestServer, api: ApiClient, venue: BackOfficeVenue, admin: string;

beforeAll(async () => {
  [server, api, venue, admin] = await startVenueServer(buildBackOfficeVenue, ["admin"]);
});
afterAll(async () => server?.close());

let seq = 0;
const username = () => `w${Date.now().toString(36)}${++seq}`;
const newWaiter = (values: Record<string, unknown> = {}) => ({
  firstName: "Νίκος",
  lastName: "Παππάς",
  userName: username(),
  password: "pass1",
  tableIds: [],
  ...values,
});

describe("waiters (api/crm/waiter…)", () => {
  it("creates a waiter who can sign in, reads, lists and edits them", async () => {
    const form = newWaiter({ userName: `  ${username().toUpperCase()} `, tableIds: [venue.table.id] });
    const created = await api.post("/api/crm/waiter", form, admin);
    expect(created.status).toBe(200);
    const login = form.userName.trim().toLowerCase();
    expect(created.body).toEqual({
      id: expect.any(Number),
      firstName: "Νίκος",
      lastName: "Παππάς",
      userName: login,
      tableIds: [venue.table.id],
    });
    expect(created.body).not.toHaveProperty("password");
    const token = await api.login(login, "pass1");
    expect((await api.get("/api/account", token)).body.authorities).toEqual(["ROLE_EMPLOYEE"]);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, created.body.id));
    expect(row).toMatchObject({ role: "WAITER", retailerId: venue.venue.id, login });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    expect((await api.get(`/api/crm/waiter/${created.body.id}`, admin)).body).toEqual(created.body);
    expect((await api.get("/api/crm/waiters", admin)).body.map((w: any) => w.id)).toContain(created.body.id);

    const edited = await api.put(
      `/api/crm/waiter/${created.body.id}`,
      { firstName: "Νίκη", lastName: "Π.", userName: login, tableIds: [venue.otherTable.id, venue.table.id] },
      admin,
    );
    expect(edited.body).toMatchObject({ firstName: "Νίκη", tableIds: [venue.table.id, venue.otherTable.id] });
    // The table form sees the assignment from its side too.
    expect((await api.get(`/api/crm/tables/${venue.otherTable.id}`, admin)).body.waiterIds).toContain(created.body.id);
  });

  it("lists tables with how many waiters supervise each (api/crm/waiter/tables)", async () => {
    const table = await buildTable(server.database.db, venue.venue.id);
    const before = (await api.get("/api/crm/waiter/tables", admin)).body.find((t: any) => t.id === table.id);
    expect(before).toEqual({ id: table.id, label: table.label, waiterCount: 0 });
    await api.post("/api/crm/waiter", newWaiter({ tableIds: [table.id] }), admin);
    const gone = await api.post("/api/crm/waiter", newWaiter({ tableIds: [table.id] }), admin);
    await api.del(`/api/crm/waiter/${gone.body.id}`, admin);
    const after = (await api.get("/api/crm/waiter/tables", admin)).body.find((t: any) => t.id === table.id);
    expect(after.waiterCount).toBe(1);
  });

  it("password rules: required on create, more than 3 characters; untouched on edit means unchanged", async () => {
    const missing = await api.post("/api/crm/waiter", newWaiter({ password: undefined }), admin);
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual([{ objectName: "body", field: "password", message: "password.required" }]);
    const empty = await api.post("/api/crm/waiter", newWaiter({ password: "" }), admin);
    expect(empty.body.fieldErrors).toEqual([{ objectName: "body", field: "password", message: "password.required" }]);
    const short = await api.post("/api/crm/waiter", newWaiter({ password: "abc" }), admin);
    expect(short.body.fieldErrors).toEqual([{ objectName: "body", field: "password", message: "password.tooShort" }]);

    const form = newWaiter({ password: "abcd" });
    const created = await api.post("/api/crm/waiter", form, admin);
    expect(created.status).toBe(200);
    const { password: _, ...edit } = form;
    expect((await api.put(`/api/crm/waiter/${created.body.id}`, edit, admin)).status).toBe(200);
    expect((await api.put(`/api/crm/waiter/${created.body.id}`, { ...edit, password: "" }, admin)).status).toBe(200);
    await api.login(form.userName, "abcd");
    const tooShort = await api.put(`/api/crm/waiter/${created.body.id}`, { ...edit, password: "xyz" }, admin);
    expect(tooShort.body.fieldErrors).toEqual([{ objectName: "body", field: "password", message: "password.tooShort" }]);
    expect((await api.put(`/api/crm/waiter/${created.body.id}`, { ...edit, password: "newpass" }, admin)).status).toBe(200);
    await expect(api.login(form.userName, "abcd")).rejects.toThrow();
    await api.login(form.userName, "newpass");
  });

  it("required names answer their keys", async () => {
    const response = await api.post("/api/crm/waiter", { password: "abcd" }, admin);
    expect(response.body.fieldErrors.map((e: any) => [e.field, e.message])).toEqual([
      ["firstName", "firstName.required"],
      ["lastName", "lastName.required"],
      ["userName", "username.required"],
    ]);
    const spaced = await api.post("/api/crm/waiter", newWaiter({ userName: "two words" }), admin);
    expect(spaced.body.fieldErrors).toEqual([{ objectName: "body", field: "userName", message: "username.invalid" }]);
  });

  it("usernames are unique across the platform, whatever the case (username_exists)", async () => {
    const other = await buildVenue(server.database.db);
    const foreignCook = await buildStaff(server.database.db, other.id, "COOK");
    for (const taken of [venue.admin.login, foreignCook.login.toUpperCase(), venue.cook.login]) {
      const response = await api.post("/api/crm/waiter", newWaiter({ userName: taken }), admin);
      expect(response.status).toBe(400);
      expect(response.headers.get("x-app-error")).toBe("error.username_exists");
    }
    const mine = await api.post("/api/crm/waiter", newWaiter(), admin);
    const edit = await api.put(
      `/api/crm/waiter/${mine.body.id}`,
      { firstName: "a", lastName: "b", userName: venue.waiter.login, tableIds: [] },
      admin,
    );
    expect(edit.headers.get("x-app-error")).toBe("error.username_exists");
  });

  it("a deleted waiter's username is free again", async () => {
    const form = newWaiter();
    const first = await api.post("/api/crm/waiter", form, admin);
    await api.del(`/api/crm/waiter/${first.body.id}`, admin);
    expect((await api.post("/api/crm/waiter", form, admin)).status).toBe(200);
  });

  it("refuses another venue's tables in tableIds (404) and changes nothing", async () => {
    const foreign = await buildTable(server.database.db, (await buildVenue(server.database.db)).id);
    const form = newWaiter({ tableIds: [venue.table.id, foreign.id] });
    const response = await api.post("/api/crm/waiter", form, admin);
    expect(response.status).toBe(404);
    expect(response.body.params).toEqual({ entity: "table", ids: [foreign.id] });
    const [row] = await server.database.db.select().from(users).where(eq(users.login, form.userName));
    expect(row).toBeUndefined();
  });
});

describe("deleting or disabling an account ends its tokens at once", () => {
  it("a deleted waiter cannot sign in, their token is refused (401) and their socket is closed", async () => {
    const form = newWaiter({ tableIds: [venue.table.id] });
    const created = await api.post("/api/crm/waiter", form, admin);
    const token = await api.login(form.userName, "pass1");
    expect((await api.get(`/api/cq-table/${venue.table.id}/menu`, token)).status).toBe(200);
    const socket = await listen(server.wsUrl, token, `/topic/waiter-call/${venue.table.id}`);
    const closed = new Promise<void>((resolve) => {
      socket.client.onWebSocketClose = () => resolve();
    });

    expect((await api.del(`/api/crm/waiter/${created.body.id}`, admin)).status).toBe(204);
    expect((await api.get(`/api/cq-table/${venue.table.id}/menu`, token)).status).toBe(401);
    expect((await api.get("/api/account", token)).status).toBe(401);
    await expect(api.login(form.userName, "pass1")).rejects.toThrow();
    await closed;
    await expect(listen(server.wsUrl, token, `/topic/waiter-call/${venue.table.id}`)).rejects.toThrow();
    await socket.close();
    expect((await api.get(`/api/crm/waiter/${created.body.id}`, admin)).status).toBe(404);
    // The row stays for history.
    const [row] = await server.database.db.select().from(users).where(eq(users.id, created.body.id));
    expect(row.deletedAt).not.toBeNull();
  });

  it("a disabled account's token stops working once the change is announced", async () => {
    const waiter = await buildStaff(server.database.db, venue.venue.id, "WAITER");
    const token = await api.login(waiter.login);
    expect((await api.get("/api/account", token)).status).toBe(200);
    await server.database.db.update(users).set({ activated: false }).where(eq(users.id, waiter.id));
    await server.events.publish({ type: "staff.changed", retailerId: venue.venue.id, userIds: [waiter.id] });
    await expect
      .poll(async () => (await api.get(`/api/cq-table/${venue.table.id}/menu`, token)).status, { timeout: 5000 })
      .toBe(401);
  });
});
