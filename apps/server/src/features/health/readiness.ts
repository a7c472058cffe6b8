import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Db, migrationsFolder } from "../../db/client.ts";

export interface ReadinessReport {
  ready: boolean;
  database: "UP" | "DOWN";
  migrations: "UP" | "PENDING" | "UNKNOWN";
  stopping: boolean;
}

/** A database that does not answer within this long counts as down, so the probe itself answers. */
const DATABASE_TIMEOUT_MS = 2000;

/** drizzle's journal: the migrations this build expects, each recorded by its `when`. */
function expectedMigrations(): number[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return journal.entries.map((entry) => entry.when);
}

/**
 * Whether this instance should be sent traffic: its database answers, every migration of the
 * build is applied, and it is not stopping (from the first moment of a stop, so a load balancer
 * turns away before the instance stops taking requests).
 */
export class Readiness {
  private stopBegun = false;
  /** Applied migrations stay applied, so once all are there the check is not repeated. */
  private migrationsApplied = false;
  private readonly expected = expectedMigrations();

  constructor(private readonly db: Db) {}

  markStopping(): void {
    this.stopBegun = true;
  }

  get stopping(): boolean {
    return this.stopBegun;
  }

  async check(): Promise<ReadinessReport> {
    let database: ReadinessReport["database"] = "UP";
    let migrations: ReadinessReport["migrations"] = "UNKNOWN";
    try {
      await withTimeout(this.db.execute(sql`select 1`));
      if (!this.migrationsApplied) this.migrationsApplied = await withTimeout(this.allMigrationsApplied());
      migrations = this.migrationsApplied ? "UP" : "PENDING";
    } catch {
      database = "DOWN";
    }
    const ready = !this.stopping && database === "UP" && migrations === "UP";
    return { ready, database, migrations, stopping: this.stopping };
  }

  /** drizzle records each applied migration's `when` as created_at in drizzle.__drizzle_migrations. */
  private async allMigrationsApplied(): Promise<boolean> {
    const table = (await this.db.execute(
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    )) as unknown as { rows: { present: boolean }[] };
    if (!table.rows[0]?.present) return false;
    const applied = (await this.db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { created_at: string | number }[];
    };
    const recorded = new Set(applied.rows.map((row) => Number(row.created_at)));
    return this.expected.every((when) => recorded.has(when));
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the database did not answer in time")), DATABASE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
