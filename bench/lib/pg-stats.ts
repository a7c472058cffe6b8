import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import type { ResultSection } from "./scenario.ts";

/** The server's event bus channel (apps/server/src/realtime/event-bus.ts): the bench listens to count its traffic. */
export const BUS_CHANNEL = "domain_events";
/**
 * A backend that reported its table and transaction counters less than a second ago keeps the
 * next ones up to 10 s before it reports them (PostgreSQL 15's pgstat), so counting waits that long.
 */
const STATS_FLUSH_MS = 11_000;
/** How often the CPU of this database's backends is sampled; a backend that ends keeps its last sample. */
const CPU_SAMPLE_MS = 500;

/** What PostgreSQL did for a load, from pg_stat_database, pg_stat_user_tables, pg_stat_statements and LISTEN. */
export interface PgWork {
  orders: number;
  transactions: number;
  rollbacks: number;
  rows: { inserted: number; updated: number; hotUpdated: number; deleted: number; fetched: number; returned: number };
  /**
   * Index entries written: each inserted row and each non-HOT update adds one to every index of its
   * table, partial indexes left out (whether a row matched their condition is not counted).
   */
  indexEntries: number;
  tables: {
    name: string;
    indexes: number;
    partialIndexes: number;
    inserted: number;
    updated: number;
    hotUpdated: number;
    deleted: number;
  }[];
  notifications: { count: number; payloadBytes: number; largest: number };
  /** CPU (ms) of the backends serving this database, the bench's own connection included. */
  backendCpuMs: number | null;
  /** Null when pg_stat_statements is not loaded (`reason` says why). */
  statements: {
    calls: number;
    rows: number;
    execMs: number;
    walBytes: number;
    top: { query: string; calls: number; rows: number; meanMs: number; walBytes: number }[];
  } | null;
  reason: string | null;
}

interface Snapshot {
  database: Record<string, number>;
  tables: Map<string, Record<string, number>>;
}

/**
 * Counts what PostgreSQL does per order during a load (`--pg-stats`): statements (round trips),
 * transactions, rows written and read, index entries, NOTIFY count and bytes, and the CPU of the
 * database's backends. Every figure but the statements comes from the cumulative statistics every
 * PostgreSQL keeps; the statements need pg_stat_statements in shared_preload_libraries, and are
 * reported as unavailable when it is not there. Measures are per order and hardly depend on how
 * busy the machine is, unlike throughput.
 */
export class PgStats {
  private start: Snapshot | undefined;
  private notifications = { count: 0, payloadBytes: 0, largest: 0 };
  private counting = false;
  private readonly cpuByPid = new Map<number, { first: number; last: number }>();
  private cpuTimer: NodeJS.Timeout | undefined;
  private reason: string | null = null;

  private constructor(
    private readonly client: pg.Client,
    private readonly databaseName: string,
  ) {}

  static async connect(databaseUrl: string): Promise<PgStats> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ name: string }>("select current_database() as name");
    const stats = new PgStats(client, rows[0].name);
    client.on("notification", (message) => {
      if (!stats.counting || message.channel !== BUS_CHANNEL) return;
      const bytes = Buffer.byteLength(message.payload ?? "", "utf8");
      stats.notifications.count += 1;
      stats.notifications.payloadBytes += bytes;
      stats.notifications.largest = Math.max(stats.notifications.largest, bytes);
    });
    await client.query(`LISTEN ${BUS_CHANNEL}`);
    try {
      await client.query("create extension if not exists pg_stat_statements");
      await client.query("select 1 from pg_stat_statements limit 1");
    } catch (error) {
      stats.reason = `pg_stat_statements unavailable (${(error as Error).message}); statements not counted`;
    }
    return stats;
  }

  /** Call when the server is idle, right before the load: waits for pending counters, then starts counting. */
  async begin(): Promise<void> {
    await new Promise((r) => setTimeout(r, STATS_FLUSH_MS));
    if (this.reason === null) {
      await this.client.query(
        "select pg_stat_statements_reset(0, (select oid from pg_database where datname = current_database()), 0)",
      );
    }
    this.start = await this.snapshot();
    this.notifications = { count: 0, payloadBytes: 0, largest: 0 };
    this.sampleCpu(true);
    this.counting = true;
    this.cpuTimer = setInterval(() => this.sampleCpu(), CPU_SAMPLE_MS);
  }

  /** Call when the load is over (every answer and ticket in): waits for the counters, then reads them. */
  async end(orders: number): Promise<PgWork> {
    if (!this.start) throw new Error("PgStats.end before begin");
    await new Promise((r) => setTimeout(r, STATS_FLUSH_MS));
    this.counting = false;
    clearInterval(this.cpuTimer);
    this.sampleCpu();
    const end = await this.snapshot();
    const delta = (key: string) => (end.database[key] ?? 0) - (this.start?.database[key] ?? 0);
    const indexes = await this.indexCounts();
    const tables = [...end.tables].flatMap(([name, after]) => {
      const before = this.start?.tables.get(name) ?? {};
      const change = (key: string) => (after[key] ?? 0) - (before[key] ?? 0);
      const row = {
        name,
        indexes: indexes.get(name)?.all ?? 0,
        partialIndexes: indexes.get(name)?.partial ?? 0,
        inserted: change("n_tup_ins"),
        updated: change("n_tup_upd"),
        hotUpdated: change("n_tup_hot_upd"),
        deleted: change("n_tup_del"),
      };
      // Left out: tables the load did not write (what other work wrote meanwhile is a trace).
      return Math.max(row.inserted, row.updated, row.deleted) >= orders / 200 ? [row] : [];
    });
    let backendCpuMs: number | null = 0;
    for (const { first, last } of this.cpuByPid.values()) backendCpuMs += last - first;
    if (this.cpuByPid.size === 0) backendCpuMs = null;
    return {
      orders,
      transactions: delta("xact_commit") + delta("xact_rollback"),
      rollbacks: delta("xact_rollback"),
      rows: {
        inserted: delta("tup_inserted"),
        updated: delta("tup_updated"),
        hotUpdated: tables.reduce((sum, t) => sum + t.hotUpdated, 0),
        deleted: delta("tup_deleted"),
        fetched: delta("tup_fetched"),
        returned: delta("tup_returned"),
      },
      indexEntries: tables.reduce((sum, t) => sum + (t.inserted + t.updated - t.hotUpdated) * (t.indexes - t.partialIndexes), 0),
      tables,
      notifications: { ...this.notifications },
      backendCpuMs,
      statements: this.reason === null ? await this.statements() : null,
      reason: this.reason,
    };
  }

  async close(): Promise<void> {
    clearInterval(this.cpuTimer);
    await this.client.end().catch(() => undefined);
  }

  private async snapshot(): Promise<Snapshot> {
    await this.client.query("select pg_stat_clear_snapshot()");
    const database = await this.client.query(
      `select xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted
       from pg_stat_database where datname = current_database()`,
    );
    const tables = await this.client.query(
      "select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del from pg_stat_user_tables",
    );
    const numbers = (row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
    return {
      database: numbers(database.rows[0]),
      tables: new Map(tables.rows.map((row) => [String(row.relname), numbers(row)])),
    };
  }

  private async indexCounts(): Promise<Map<string, { all: number; partial: number }>> {
    const { rows } = await this.client.query(
      `select c.relname, count(*)::int as all, (count(*) filter (where i.indpred is not null))::int as partial
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' group by c.relname`,
    );
    return new Map(rows.map((row) => [String(row.relname), { all: Number(row.all), partial: Number(row.partial) }]));
  }

  private async statements(): Promise<PgWork["statements"]> {
    // The bench's own reads of the statistics are left out.
    const { rows } = await this.client.query(
      `select query, calls, rows, total_exec_time, wal_bytes from pg_stat_statements
       where dbid = (select oid from pg_database where datname = current_database())
         and query not ilike '%pg_stat%' and query not ilike '%pg_indexes%'
       order by calls desc`,
    );
    const all = rows.map((row) => ({
      query: String(row.query).replace(/\s+/g, " ").trim(),
      calls: Number(row.calls),
      rows: Number(row.rows),
      execMs: Number(row.total_exec_time),
      walBytes: Number(row.wal_bytes),
    }));
    const sum = (pick: (row: (typeof all)[number]) => number) => all.reduce((total, row) => total + pick(row), 0);
    return {
      calls: sum((r) => r.calls),
      rows: sum((r) => r.rows),
      execMs: sum((r) => r.execMs),
      walBytes: sum((r) => r.walBytes),
      top: all.slice(0, 8).map((r) => ({
        query: r.query,
        calls: r.calls,
        rows: r.rows,
        meanMs: r.calls ? r.execMs / r.calls : 0,
        walBytes: r.walBytes,
      })),
    };
  }

  /** CPU time so far of each backend whose process title names this database (Linux /proc). */
  private sampleCpu(baseline = false): void {
    let entries: string[];
    try {
      entries = readdirSync("/proc");
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const title = readFileSync(`/proc/${entry}/cmdline`, "utf8");
        // A backend's title: "postgres: 15/main: <user> <database> <client> <state>".
        if (!title.startsWith("postgres:") || !title.split(" ").includes(this.databaseName)) continue;
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const cpuMs = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
        const pid = Number(entry);
        const known = this.cpuByPid.get(pid);
        // A backend that appeared during the load did all its work in it.
        this.cpuByPid.set(pid, { first: known?.first ?? (baseline ? cpuMs : 0), last: cpuMs });
      } catch {
        // the process ended meanwhile
      }
    }
  }
}

const perOrder = (value: number, orders: number, digits = 2) => (orders > 0 ? (value / orders).toFixed(digits) : "n/a");

/** The per-order figures as a summary section. */
export function pgWorkSection(work: PgWork): ResultSection {
  const n = work.orders;
  const rows: [string, string][] = [];
  if (work.statements) {
    const s = work.statements;
    rows.push(
      ["statements (round trips)", `${perOrder(s.calls, n)} per order (${s.calls} for ${n} orders)`],
      ["statement rows", `${perOrder(s.rows, n)} per order`],
      ["statement execution", `${perOrder(s.execMs, n, 3)} ms per order (lock waits included)`],
      ["WAL by statements", `${perOrder(s.walBytes, n, 0)} bytes per order`],
    );
    for (const top of s.top) {
      rows.push([
        `  ${perOrder(top.calls, n)}×`,
        `${top.query.slice(0, 90)} · ${top.meanMs.toFixed(3)} ms · ${(top.calls ? top.rows / top.calls : 0).toFixed(1)} rows`,
      ]);
    }
  } else {
    rows.push(["statements", work.reason ?? "not counted"]);
  }
  rows.push(
    [
      "transactions",
      `${perOrder(work.transactions, n)} per order (${work.rollbacks} rolled back; a LISTEN backend's read of notifications counts as one)`,
    ],
    [
      "rows written",
      `${perOrder(work.rows.inserted, n)} inserted · ${perOrder(work.rows.updated, n)} updated (${perOrder(work.rows.hotUpdated, n)} HOT) · ${perOrder(work.rows.deleted, n)} deleted per order`,
    ],
    ["rows read", `${perOrder(work.rows.fetched, n)} fetched · ${perOrder(work.rows.returned, n)} returned per order`],
    ["index entries written", `${perOrder(work.indexEntries, n)} per order (partial indexes not counted)`],
    ...work.tables.map(
      (t) =>
        [
          `  ${t.name} (${t.indexes} indexes${t.partialIndexes ? `, ${t.partialIndexes} partial` : ""})`,
          `${perOrder(t.inserted, n)} ins · ${perOrder(t.updated, n)} upd (${perOrder(t.hotUpdated, n)} HOT) · ${perOrder(t.deleted, n)} del`,
        ] as [string, string],
    ),
    [
      "NOTIFY",
      `${perOrder(work.notifications.count, n)} per order · ${perOrder(work.notifications.payloadBytes, n, 0)} payload bytes per order (largest ${work.notifications.largest})`,
    ],
    [
      "database backends CPU",
      work.backendCpuMs === null ? "n/a (no /proc)" : `${perOrder(work.backendCpuMs, n, 3)} ms per order`,
    ],
  );
  return { heading: `PostgreSQL work per order (${n} orders, warm-up included)`, rows };
}
