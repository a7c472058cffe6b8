import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { asPGlite, PGliteThread } from "./pglite-thread.ts";
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
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Opens the embedded PGlite store (a directory, or memory when `dataDir` is "memory://") or a
 * PostgreSQL server for a postgres:// URL. Both speak the same SQL and run the same migrations.
 */
export async function openDatabase(url: string): Promise<Database> {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    // No JIT: the app's statements are short OLTP ones, or reads whose row estimates are far off
    // (the statistics' CTEs), where PostgreSQL spent 65-140 ms compiling a 0.3 s read.
    const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c jit=off" });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const dataDir = url.replace(/^pglite:\/\//, "");
  const inMemory = dataDir === "memory://" || dataDir === "";
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // PGlite runs in a thread of its own, so the database and the server's work use both cores.
  const client = await PGliteThread.start(inMemory ? null : path.resolve(dataDir));
  const db = drizzlePglite({ client: asPGlite(client), schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
