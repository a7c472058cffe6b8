import { mkdirSync } from "node:fs";
import path from "node:path";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { runtimeFile } from "../server-files.ts";
import { asPGlite, type PackedDataDir, PGliteThread } from "./pglite-thread.ts";
import * as schema from "./schema.ts";

type Schema = typeof schema;
/** The database as the features see it, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A place to run queries: the database itself or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Packs the embedded store's data directory into `target`, a new file, as of one instant
   * (PGliteThread.packDataDir), for a backup. Null with PostgreSQL, which is backed up with
   * pg_dump, and in memory.
   */
  packDataDir: ((target: string) => Promise<PackedDataDir>) | null;
  /** The connections behind `db` at this moment, for the metrics. */
  connections(): ConnectionCounts;
  /** Hands each statement's duration in seconds to `listener` (the metrics) until the returned function is called. */
  onStatement(listener: StatementListener): () => void;
}

/**
 * PostgreSQL: the pool's connections, the idle ones, and the requests waiting for one. PGlite has
 * one connection (its thread): idle when nothing is in flight and no transaction is open, with the
 * statements queued behind the one it runs as waiting.
 */
export interface ConnectionCounts {
  open: number;
  idle: number;
  waiting: number;
}

export type StatementListener = (seconds: number) => void;

/** The migrations, with drizzle's journal of them in meta/_journal.json. */
export const migrationsFolder = runtimeFile("db/migrations");

/**
 * Opens the embedded PGlite store (a directory, or memory when `dataDir` is "memory://") or a
 * PostgreSQL server for a postgres:// URL. Both speak the same SQL and run the same migrations.
 * `embeddedImage` starts a store in memory as a copy of a packed data directory (PGliteThread.start)
 * rather than an empty one: the integration tests' migrated template, 0.5 s against 3-4 s for
 * initdb and the migrations (test/support/global-setup.ts).
 */
export async function openDatabase(
  url: string,
  options: { embeddedCacheMb?: number; embeddedImage?: string } = {},
): Promise<Database> {
  const statements = statementListeners();
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    // No JIT: the app's statements are short OLTP ones, or reads whose row estimates are far off
    // (the statistics' CTEs), where PostgreSQL spent 65-140 ms compiling a 0.3 s read.
    const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c jit=off", Client: timedClient(statements.timed) });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migrateAlone(pool, () => migratePg(db as never, { migrationsFolder })),
      close: () => pool.end(),
      packDataDir: null,
      connections: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      onStatement: statements.listen,
    };
  }
  const dataDir = url.replace(/^pglite:\/\//, "");
  const inMemory = dataDir === "memory://" || dataDir === "";
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // PGlite runs in a thread of its own, so the database and the server's work use both cores.
  const client = await PGliteThread.start(inMemory ? null : path.resolve(dataDir), {
    cacheMb: options.embeddedCacheMb,
    image: options.embeddedImage,
    onStatement: statements.timed,
  });
  const db = drizzlePglite({ client: asPGlite(client), schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    packDataDir: inMemory ? null : (target) => client.packDataDir(target),
    connections: () => {
      const { inFlight, openTransactions } = client.load();
      const busy = inFlight > 0 || openTransactions > 0;
      return { open: 1, idle: busy ? 0 : 1, waiting: Math.max(0, inFlight - 1) };
    },
    onStatement: statements.listen,
  };
}

/**
 * Any number to name the migrations' advisory lock: every instance of the product takes it before
 * migrating, whatever database it runs on.
 */
const MIGRATIONS_LOCK = 7_331_017;

/**
 * Runs the migrations while holding a session advisory lock, so that instances started together
 * (a compose file, a rolling deploy) migrate one after the other: the second finds the journal
 * written and applies nothing, where two at once would both create the same tables and one fail.
 */
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query("select pg_advisory_lock($1)", [MIGRATIONS_LOCK]);
    await migrate();
  } finally {
    await lockHolder.query("select pg_advisory_unlock($1)", [MIGRATIONS_LOCK]).catch(() => undefined);
    lockHolder.release();
  }
}

/** Who hears statement durations; with nobody listening a statement pays one empty loop. */
function statementListeners() {
  const listeners = new Set<StatementListener>();
  return {
    timed: (seconds: number) => {
      for (const listener of listeners) listener(seconds);
    },
    listen: (listener: StatementListener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * pg's client, timing every statement from the moment it is handed over until its answer (time
 * waiting for a pool connection is not in it: that is the pool's waiting count). pool.query calls
 * it with a callback, a transaction's client with a promise; a submittable (a cursor) is not timed.
 */
function timedClient(timed: StatementListener): typeof pg.Client {
  return class TimedClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: one body for Client.query's overloads, each passed on as it came
    override query(config: any, values?: any, callback?: any): any {
      const started = performance.now();
      const done = () => timed((performance.now() - started) / 1000);
      if (typeof callback === "function") {
        return super.query(config, values, (error: Error, result: pg.QueryResult) => {
          done();
          callback(error, result);
        });
      }
      if (typeof values === "function") {
        return super.query(config, (error: Error, result: pg.QueryResult) => {
          done();
          values(error, result);
        });
      }
      const answer = super.query(config, values);
      if (answer instanceof Promise) answer.then(done, done);
      return answer;
    }
  };
}
