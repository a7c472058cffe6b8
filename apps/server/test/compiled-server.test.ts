import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../src/seed/seed-demo.ts";
import { apiClient } from "./support/http.ts";
import { freePort, REPO_ROOT, ServerChild, testServerEnv } from "./support/server-child.ts";
import { postgresUrl } from "./support/test-app.ts";

/**
 * The production start (issue 17, "a lean process"): `npm run build:server` compiles the server,
 * and `npm run serve` runs the compiled JavaScript with plain node, no TypeScript loader, through
 * apps/server/serve.sh (jemalloc where the host has it). A first start copies the build's migrated
 * database template instead of running initdb and the migrations. Embedded only: the compiled code
 * is the same on PostgreSQL.
 */

/** The places serve.sh looks for jemalloc, in its order; the first readable one is preloaded. */
function hostJemalloc(): string | undefined {
  if (process.platform !== "linux") return undefined;
  const machine = execFileSync("uname", ["-m"], { encoding: "utf8" }).trim();
  return [`/usr/lib/${machine}-linux-gnu/libjemalloc.so.2`, "/usr/lib64/libjemalloc.so.2", "/usr/lib/libjemalloc.so.2"].find(
    (candidate) => existsSync(candidate),
  );
}

describe.skipIf(postgresUrl)("the compiled server", () => {
  // Inside the repository, as the build requires: its packages are resolved from node_modules.
  const outdir = mkdtempSync(path.join(REPO_ROOT, ".tmp-compiled-"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "tableorder-compiled-"));
  let server: ServerChild;
  let glibcServer: ServerChild;

  beforeAll(async () => {
    await promisify(execFile)(process.execPath, ["--import", "tsx", "apps/server/build.ts", "--outdir", outdir], {
      cwd: REPO_ROOT,
      timeout: 180_000,
    });
    const port = await freePort();
    // Through serve.sh as `npm run serve` and the image run it, on the embedded database; the
    // allocator settings of the shell running the tests stay out.
    const compiledServer = (overrides: Record<string, string | undefined>) =>
      new ServerChild({
        port,
        compiledEntry: path.join(outdir, "main.js"),
        serveScript: true,
        env: testServerEnv(port, dataDir, { LD_PRELOAD: undefined, MALLOC_CONF: undefined, ...overrides }),
      });
    server = compiledServer({ SEED_DEMO: "auto", ALLOCATOR: undefined });
    glibcServer = compiledServer({ ALLOCATOR: "glibc" });
  }, 200_000);

  afterAll(async () => {
    await server?.kill();
    await glibcServer?.kill();
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("starts with plain node on an empty data directory, serves the demo venue, and stops cleanly on SIGTERM", async () => {
    await server.start();
    // serve.sh preloads jemalloc where the host has it (this machine and CI's: Debian's libjemalloc2).
    if (process.platform === "linux") expect(server.allocator()).toBe(hostJemalloc() ? "jemalloc" : "glibc");
    const api = apiClient(server.baseUrl);

    // The new database came from the template, readable by the server's user only.
    expect(statSync(path.join(dataDir, "db/PG_VERSION")).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(dataDir, "db"))).toContain("base");

    // The demo venue was seeded on that database, and a guest orders from its menu.
    const guest = await api.guest();
    const table = await api.get("/api/cq-table/code/demo-1", guest);
    expect(table.status).toBe(200);
    const menu = await api.get(`/api/cq-table/${table.body.tableId}/menu`, guest);
    const product = menu.body[0].products[0];
    expect((await api.post(`/api/cq-table/check-in/${table.body.tableId}`, {}, guest)).status).toBe(200);
    const sent = await api.post(`/api/orders/${table.body.tableId}`, [{ id: product.id, quantity: 1 }], guest);
    expect(sent.status).toBe(200);
    expect(
      (await api.post("/api/authenticate", { username: "kitchen", password: DEMO_PASSWORD, rememberMe: false })).status,
    ).toBe(200);

    await server.stop();
    expect(server.lastExit).toEqual({ code: 0, signal: null });
    expect(server.problems).toEqual([]);
  }, 120_000);

  it("starts again on the same data directory, on the database it made there (ALLOCATOR=glibc: glibc's malloc)", async () => {
    await glibcServer.start();
    if (process.platform === "linux") expect(glibcServer.allocator()).toBe("glibc");
    const api = apiClient(glibcServer.baseUrl);
    const admin = await api.login("admin", DEMO_PASSWORD);
    const tables = await api.get("/api/crm/tables", admin);
    expect(tables.status).toBe(200);
    expect(tables.body.length).toBe(10);
    await glibcServer.stop();
    expect(glibcServer.lastExit).toEqual({ code: 0, signal: null });
  }, 60_000);
});
