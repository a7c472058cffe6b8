import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";
import { runtimeFile } from "../server-files.ts";
import { createDatabase, holdsDatabase } from "./new-database.ts";

/**
 * The embedded database's page cache (PostgreSQL's shared_buffers) unless EMBEDDED_DB_CACHE_MB
 * says otherwise. PGlite's own 128 MB was touched whole at start, most of an idle server's memory;
 * pages outside the cache are read through the operating system's file cache, so a venue's working
 * set fits in far less (docs/performance.md, "Start-up and idle memory").
 */
export const DEFAULT_CACHE_MB = 32;

/**
 * A data directory packed into one file: its directories, and its files (paths relative to it,
 * with "/") with where their bytes lie in the pack.
 */
export type PackedDataDir = (
  | { type: "directory"; name: string; mode: number }
  | { type: "file"; name: string; mode: number; offset: number; size: number }
)[];

/** What a statement that failed in the database thread reported (code, constraint, …). */
type ErrorFacts = { message: string } & Record<string, unknown>;
type Reply = { id: number; result?: unknown; error?: ErrorFacts };

interface Statements {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/**
 * The embedded database in a thread of its own (`pglite-worker.mjs`), with the part of PGlite's
 * interface that Drizzle uses: `query`, `exec` and `transaction`. PGlite computes on the thread
 * that calls it, so on the server's thread every statement stalled HTTP and WebSocket work; here
 * the two use the machine's two cores. Statements of a transaction carry its id, and the worker
 * holds every other statement back until it ends, as PGlite does in one thread.
 */
export class PGliteThread implements Statements {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private nextTransactionId = 1;
  private openTransactions = 0;
  private failure: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly onStatement: (seconds: number) => void,
  ) {
    worker.on("message", (reply: Reply) => this.settle(reply));
    worker.on("error", (error) => this.fail(error));
    worker.on("exit", (code) => this.fail(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /**
   * Starts the thread on a data directory (none: in memory) and waits until PGlite is ready.
   * `cacheMb` is PostgreSQL's page cache (shared_buffers, DEFAULT_CACHE_MB unless given).
   * `onStatement` hears each statement's duration in seconds, as this side waited for it.
   * `image`, in memory only: a data directory packed by PGlite's dumpDataDir (a tar file) the store
   * starts as, instead of a new one made by initdb.
   */
  static async start(
    dataDir: string | null,
    options: { cacheMb?: number; onStatement?: (seconds: number) => void; image?: string } = {},
  ): Promise<PGliteThread> {
    if (dataDir && options.image) throw new Error("an image is for a store in memory; a data directory holds its own");
    if (dataDir && !holdsDatabase(dataDir)) await createDatabase(dataDir);
    const worker = new Worker(runtimeFile("db/pglite-worker.mjs"), {
      workerData: { dataDir, cacheMb: options.cacheMb ?? DEFAULT_CACHE_MB, image: options.image },
    });
    const thread = new PGliteThread(worker, options.onStatement ?? (() => undefined));
    await thread.call({ op: "ready" });
    return thread;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.statements(null).query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.statements(null).exec(sql);
  }

  /** Runs `work` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: Statements) => Promise<T>): Promise<T> {
    const transactionId = this.nextTransactionId++;
    this.openTransactions += 1;
    try {
      await this.timed({ op: "begin", transactionId });
      let result: T;
      try {
        result = await work(this.statements(transactionId));
      } catch (error) {
        await this.timed({ op: "rollback", transactionId }).catch(() => undefined);
        throw error;
      }
      await this.timed({ op: "commit", transactionId });
      return result;
    } finally {
      this.openTransactions -= 1;
    }
  }

  /** Statements handed to the thread and not answered yet, and transactions open (the metrics). */
  load(): { inFlight: number; openTransactions: number } {
    return { inFlight: this.pending.size, openTransactions: this.openTransactions };
  }

  /**
   * Packs the data directory into `target`, a new file, as of one instant: every other statement
   * waits meanwhile (see pglite-worker.mjs). Returns where each file lies in it.
   */
  packDataDir(target: string): Promise<PackedDataDir> {
    return this.call({ op: "pack-data-dir", target }) as Promise<PackedDataDir>;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: "close" }).catch(() => undefined);
    this.failure ??= new Error("the database is closed");
    await this.worker.terminate();
  }

  private statements(transactionId: number | null): Statements {
    return {
      query: <T>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
        this.timed({
          op: "query",
          transactionId,
          sql,
          params,
          rowMode: options?.rowMode,
          // Functions cannot cross threads; Drizzle's parsers only keep dates and intervals as text.
          rawParserTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
        }) as Promise<Results<T>>,
      exec: (sql: string) => this.timed({ op: "exec", transactionId, sql }) as Promise<Results[]>,
    };
  }

  /**
   * Sends a statement and times it from here to its answer. The thread is PGlite's only connection,
   * so time queued behind another transaction's statements is in it.
   */
  private timed(message: Record<string, unknown>): Promise<unknown> {
    const started = performance.now();
    const answer = this.call(message);
    const done = () => this.onStatement((performance.now() - started) / 1000);
    answer.then(done, done);
    return answer;
  }

  private call(message: Record<string, unknown>): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (reply.error) waiting.reject(Object.assign(new Error(reply.error.message), reply.error));
    else waiting.resolve(reply.result);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

/** Drizzle's PGlite driver takes any client with PGlite's statement interface. */
export function asPGlite(thread: PGliteThread): PGlite {
  return thread as unknown as PGlite;
}
