import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type Db, openDatabase } from "../src/db/client.ts";
import { orderProducts, orders, payments } from "../src/db/schema.ts";
import { takeBackup } from "../src/operations/take-backup.ts";
import { buildRunningVenue, buildTable } from "./support/factories.ts";
import { apiClient } from "./support/http.ts";
import { runOperationsCommand } from "./support/operations-command.ts";
import { freePort, ServerChild, testServerEnv } from "./support/server-child.ts";
import { createTestDatabaseUrl, postgresUrl, startTestServer } from "./support/test-app.ts";

/**
 * Backups (issue 17): `npm run backup` copies the embedded database through the server that holds
 * it, while guests keep ordering; `npm run restore` brings the copy back into an empty directory,
 * where a server starts on it. On PostgreSQL, a pg_dump of the product's own schema restores with
 * pg_restore into an empty database the product then starts on.
 */

const children: ServerChild[] = [];
const directories: string[] = [];
afterAll(async () => {
  for (const child of children) await child.kill();
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function newDir(name: string): string {
  const directory = mkdtempSync(path.join(tmpdir(), `tableorder-${name}-`));
  directories.push(directory);
  return directory;
}
const zero = { discountAmount: 0, cardAmount: 0, cashAmount: 0, onCreditAmount: 0, isGift: false };

/** `npm run backup` or `restore` on a data directory. */
const runCommand = (script: "backup-cli.ts" | "restore-cli.ts", args: string[], dataDir: string) =>
  runOperationsCommand(script, args, { DATA_DIR: dataDir });

/** The real server on an embedded data directory, with the keys it generates there. */
function embeddedServer(dataDir: string, port: number) {
  const child = new ServerChild({
    port,
    env: testServerEnv(port, dataDir),
  });
  children.push(child);
  return child;
}

/** The orders with their pieces, and the payments, as the database holds them. */
async function contents(db: Db, orderIds: number[]) {
  return {
    orders: await db.select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id)),
    pieces: await db.select().from(orderProducts).where(inArray(orderProducts.orderId, orderIds)).orderBy(asc(orderProducts.id)),
    payments: await db.select().from(payments).orderBy(asc(payments.id)),
  };
}

describe("a backup of the embedded database", () => {
  it("taken while guests order, restores into an empty directory with everything committed before it, nothing half-written", {
    timeout: 240_000,
  }, async () => {
    const dataDir = newDir("backup-source");
    // The venue is made before the server starts: the server then holds the database alone.
    const seeding = await openDatabase(`pglite://${path.join(dataDir, "db")}`);
    await seeding.migrate();
    const venue = await buildRunningVenue(seeding.db);
    const paidTables = [venue.table, venue.otherTable];
    for (let i = 0; i < 2; i++) paidTables.push(await buildTable(seeding.db, venue.venue.id));
    const openTable = await buildTable(seeding.db, venue.venue.id);
    const busyTables = [];
    for (let i = 0; i < 4; i++) busyTables.push(await buildTable(seeding.db, venue.venue.id));
    await seeding.close();

    const source = embeddedServer(dataDir, await freePort());
    await source.start();
    const api = apiClient(source.baseUrl);
    const waiter = await api.login(venue.waiter.login);

    // Before the backup: orders paid in cash, and one left open.
    const before: number[] = [];
    const paymentsBefore: { id: number; amount: number }[] = [];
    for (const table of [...paidTables, openTable]) {
      const guest = await api.seatedGuest(table.id);
      const lines = [
        { id: venue.salad.id, quantity: 2 },
        { id: venue.water.id, quantity: 3 },
      ];
      const sent = await api.post(`/api/orders/${table.id}`, lines, guest);
      expect(sent.status).toBe(200);
      before.push(sent.body.orderId);
      if (table === openTable) continue;
      const paid = await api.post(
        `/api/feed/table/${table.id}/complete-orders?payAll=true`,
        { ...zero, cashAmount: 2200 },
        waiter,
      );
      expect(paid.status).toBe(200);
      paymentsBefore.push({ id: paid.body.paymentId, amount: paid.body.paidAmount });
    }

    // During the backup: guests at other tables keep ordering, each waiting for the last answer.
    const sent: { orderId: number | null; sentAt: number }[] = [];
    let ordering = true;
    const loops = busyTables.map(async (table) => {
      const guest = await api.seatedGuest(table.id);
      while (ordering) {
        const sentAt = Date.now();
        const answer = await api.post(`/api/orders/${table.id}`, [{ id: venue.coffee.id, quantity: 1 }], guest);
        expect(answer.status).toBe(200);
        sent.push({ orderId: answer.body.orderId, sentAt });
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const backupStarted = Date.now();
    const file = path.join(newDir("backup-file"), "venue.tar.gz");
    const backup = await runCommand("backup-cli.ts", ["--out", file], dataDir);
    const backupEnded = Date.now();
    ordering = false;
    await Promise.all(loops);
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    expect(backup.stdout).toContain(`Backup written: ${file}`);
    expect(sent.filter((order) => order.sentAt > backupStarted && order.sentAt < backupEnded).length).toBeGreaterThan(0);
    // The file holds secrets: its owner's only. Nothing half-written is left beside it.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(["venue.tar.gz"]);
    await source.stop();

    // Restored into an empty directory, the copy serves: a sign-in from before still counts.
    const restoredDir = path.join(newDir("backup-target"), "data");
    const restore = await runCommand("restore-cli.ts", [file], restoredDir);
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    expect(restore.stdout).toContain("Restored the backup");
    for (const key of ["jwt-secret", "fiscal-secrets-key"]) {
      expect(readFileSync(path.join(restoredDir, key), "utf8")).toBe(readFileSync(path.join(dataDir, key), "utf8"));
    }
    const restoredServer = embeddedServer(restoredDir, await freePort());
    await restoredServer.start();
    expect((await apiClient(restoredServer.baseUrl).get("/api/account", waiter)).status).toBe(200);
    await restoredServer.stop();

    // The copy against the source: everything committed before the backup began, nothing sent
    // after it ended, and every order and payment it holds exactly as the source holds it.
    const allSent = [...before, ...sent.map((order) => order.orderId as number)];
    const original = await openDatabase(`pglite://${path.join(dataDir, "db")}`);
    const copy = await openDatabase(`pglite://${path.join(restoredDir, "db")}`);
    const inSource = await contents(original.db, allSent);
    const inCopy = await contents(copy.db, allSent);
    await original.close();
    await copy.close();

    const copied = new Set(inCopy.orders.map((order) => order.id));
    expect(before.filter((id) => !copied.has(id))).toEqual([]);
    const sentAfter = sent.filter((order) => order.sentAt > backupEnded).map((order) => order.orderId);
    expect(sentAfter.filter((id) => copied.has(id as number))).toEqual([]);
    expect(inCopy.orders).toEqual(inSource.orders.filter((order) => copied.has(order.id)));
    expect(inCopy.pieces).toEqual(inSource.pieces.filter((piece) => copied.has(piece.orderId)));
    expect(inCopy.payments).toEqual(inSource.payments);
    expect(inCopy.payments.map((payment) => ({ id: payment.id, amount: payment.amountCents }))).toEqual(paymentsBefore);
    expect(inCopy.payments.reduce((sum, payment) => sum + payment.amountCents, 0)).toBe(4 * 2200);
  });

  it("is restored into an empty directory only: one that holds anything is refused and left as it was", {
    timeout: 120_000,
  }, async () => {
    const sourceDir = newDir("backup-source");
    const server = await startTestServer({ dataDir: sourceDir, databaseUrl: `pglite://${path.join(sourceDir, "db")}` });
    const file = path.join(newDir("backup-file"), "venue.tar.gz");
    expect((await takeBackup(sourceDir, file)).file).toBe(file);
    await server.close();

    const dataDir = newDir("backup-occupied");
    writeFileSync(path.join(dataDir, "notes.txt"), "keep me");
    const refused = await runCommand("restore-cli.ts", [file], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`DATA_DIR ${dataDir} is not empty (it holds notes.txt). A restore never overwrites`);
    expect(readdirSync(dataDir)).toEqual(["notes.txt"]);
    expect(readFileSync(path.join(dataDir, "notes.txt"), "utf8")).toBe("keep me");

    // What is no backup is refused before anything is written.
    const elsewhere = path.join(newDir("backup-target"), "data");
    const notABackup = await runCommand("restore-cli.ts", [path.join(dataDir, "notes.txt")], elsewhere);
    expect(notABackup.code).toBe(1);
    expect(notABackup.stderr).toContain("notes.txt is not a whole backup of the embedded database");
    expect(() => readdirSync(elsewhere)).toThrow(/ENOENT/);
  });

  it("is refused when no server runs on the data directory: the command never opens the database itself", async () => {
    const dataDir = newDir("backup-idle");
    const refused = await runCommand("backup-cli.ts", [], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`No server is running on ${dataDir}`);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

/** A command-line tool of PostgreSQL's, failing the test with its own words. */
function runPostgresTool(tool: "pg_dump" | "pg_restore", args: string[]) {
  const child = spawn(tool, args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise<void>((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${tool} exited ${code}: ${stderr}`)))),
  );
}

describe.skipIf(!postgresUrl)("a pg_dump of the product's database", () => {
  const databases: string[] = [];
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("restores with pg_restore into an empty database, which the product starts on as it was", { timeout: 120_000 }, async () => {
    const sourceUrl = await createTestDatabaseUrl();
    const targetUrl = await createTestDatabaseUrl();
    databases.push(new URL(sourceUrl).pathname.slice(1), new URL(targetUrl).pathname.slice(1));

    const source = await startTestServer({ databaseUrl: sourceUrl });
    const api = apiClient(source.baseUrl);
    const venue = await buildRunningVenue(source.database.db);
    const waiter = await api.login(venue.waiter.login);
    const placed: number[] = [];
    for (let i = 0; i < 3; i++) {
      const table = await buildTable(source.database.db, venue.venue.id);
      const guest = await api.seatedGuest(table.id);
      const sent = await api.post(`/api/orders/${table.id}`, [{ id: venue.salad.id, quantity: 2 }], guest);
      expect(sent.status).toBe(200);
      placed.push(sent.body.orderId);
      if (i < 2) {
        const paid = await api.post(
          `/api/feed/table/${table.id}/complete-orders?payAll=true`,
          { ...zero, cashAmount: 1900 },
          waiter,
        );
        expect(paid.status).toBe(200);
      }
    }
    const inSource = await contents(source.database.db, placed);
    await source.close();

    // The commands and flags README's Backups section gives.
    const dump = path.join(newDir("pg-dump"), "tableorder.dump");
    await runPostgresTool("pg_dump", ["--format=custom", `--file=${dump}`, sourceUrl]);
    await runPostgresTool("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${targetUrl}`,
      dump,
    ]);

    // The restored database counts its migrations as applied before the product migrates anything.
    const target = await startTestServer({ databaseUrl: targetUrl, migrate: false });
    const targetApi = apiClient(target.baseUrl);
    expect(await targetApi.get("/health/ready")).toMatchObject({ status: 200, body: { migrations: "UP" } });
    expect(await contents(target.database.db, placed)).toEqual(inSource);
    expect(inSource.payments.map((payment) => payment.amountCents)).toEqual([1900, 1900]);
    // Sequences came along: the next order is numbered after the restored ones, and a sign-in counts.
    const table = await buildTable(target.database.db, venue.venue.id);
    const next = await targetApi.post(
      `/api/orders/${table.id}`,
      [{ id: venue.water.id, quantity: 1 }],
      await targetApi.seatedGuest(table.id),
    );
    expect(next.status).toBe(200);
    expect(next.body.orderId).toBeGreaterThan(Math.max(...placed));
    expect((await targetApi.get("/api/account", waiter)).status).toBe(200);
    await target.database.migrate();
    await target.close();
  });
});
