import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type BuiltApp, buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { type Database, openDatabase } from "../../src/db/client.ts";
import type { LogStream } from "../../src/lib/log-redaction.ts";
import { createEventBus } from "../../src/realtime/event-bus.ts";
import type { EventBus } from "../../src/realtime/types.ts";

/**
 * The database the integration tests run on: embedded PGlite in memory by default, or a fresh
 * database on the PostgreSQL server named by TEST_POSTGRES_URL (CI's second pass).
 */
export const postgresUrl = process.env.TEST_POSTGRES_URL;

/** A new, empty database: nothing migrated yet. */
export async function createTestDatabaseUrl(): Promise<string> {
  if (!postgresUrl) return "pglite://memory://";
  return createPostgresDatabase(postgresUrl);
}

/**
 * A new database with every migration applied, a copy of the run's migrated template
 * (global-setup.ts): on PGlite a store in memory started from its image, on PostgreSQL a database
 * created from the template database.
 */
export async function createMigratedTestDatabase(): Promise<{ url: string; embeddedImage?: string }> {
  if (!postgresUrl) return { url: "pglite://memory://", embeddedImage: provided("pgliteImage") };
  return { url: await createPostgresDatabase(postgresUrl, provided("postgresTemplate")) };
}

/**
 * A new database with every migration applied that outlives a server, for a test that restarts
 * one: on PGlite in `dataDir`/db, a copy of the run's migrated template directory; on PostgreSQL a
 * database created from the template database (global-setup.ts).
 */
export async function createMigratedDurableDatabaseUrl(dataDir: string): Promise<string> {
  if (postgresUrl) return createPostgresDatabase(postgresUrl, provided("postgresTemplate"));
  const target = path.join(dataDir, "db");
  cpSync(provided("pgliteDirectory"), target, { recursive: true });
  return `pglite://${target}`;
}

function provided(key: "pgliteDirectory" | "pgliteImage" | "postgresTemplate"): string {
  const value = inject(key);
  if (!value) throw new Error(`${key} is made by test/support/global-setup.ts, the integration project's globalSetup`);
  return value;
}

async function createPostgresDatabase(serverUrl: string, template?: string): Promise<string> {
  const name = `t_${randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestServer extends BuiltApp {
  database: Database;
  events: EventBus;
  baseUrl: string;
  wsUrl: string;
  close(): Promise<void>;
}

/**
 * Starts the real app (HTTP + WebSocket) on a loopback port over a migrated database. `env` adds
 * to (or overrides) the settings the configuration is loaded from, e.g. GOOGLE_CLIENT_ID. Without
 * `databaseUrl` a new database: a copy of the migrated template (the app's migrate finds nothing to
 * apply), or with `migrate: false` an empty one.
 */
export async function startTestServer(
  options: {
    databaseUrl?: string;
    dataDir?: string;
    migrate?: boolean;
    port?: number;
    env?: Record<string, string>;
    /** Where the app's log lines go, with env LOG_LEVEL above "silent". */
    logStream?: LogStream;
  } = {},
): Promise<TestServer> {
  const fresh = options.databaseUrl
    ? { url: options.databaseUrl }
    : options.migrate === false
      ? { url: await createTestDatabaseUrl() }
      : await createMigratedTestDatabase();
  const databaseUrl = fresh.url;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "tableorder-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    WEB_DIST: path.join(dataDir, "no-web"),
    // Every test's phones come from 127.0.0.1; the guest limits are tested where a test turns them on.
    GUEST_RATE_LIMIT_FACTOR: "0",
    ...options.env,
  });
  const database = await openDatabase(config.databaseUrl, { embeddedImage: fresh.embeddedImage });
  if (options.migrate !== false) await database.migrate();
  const events = await createEventBus({ databaseUrl: databaseUrl.startsWith("postgres") ? databaseUrl : undefined });
  const built = await buildApp({ config, database, events, logStream: options.logStream });
  await built.app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  const address = built.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    ...built,
    database,
    events,
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/websocket/feed`,
    async close() {
      await built.app.close();
      await events.close();
      await database.close();
    },
  };
}

/**
 * Two instances of the app on one fresh PostgreSQL database, as behind a load balancer: events
 * cross between them only through the bus (LISTEN/NOTIFY). The second does not migrate again.
 */
export async function startTwoInstances(): Promise<[TestServer, TestServer]> {
  const { url: databaseUrl } = await createMigratedTestDatabase();
  const a = await startTestServer({ databaseUrl });
  const b = await startTestServer({ databaseUrl, migrate: false });
  return [a, b];
}
