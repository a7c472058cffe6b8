import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

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
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (reply: Reply) => this.settle(reply));
    worker.on("error", (error) => this.fail(error));
    worker.on("exit", (code) => this.fail(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread on a data directory (none: in memory) and waits until PGlite is ready. */
  static async start(dataDir: string | null): Promise<PGliteThread> {
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), { workerData: { dataDir } });
    const thread = new PGliteThread(worker);
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
    await this.call({ op: "begin", transactionId });
    let result: T;
    try {
      result = await work(this.statements(transactionId));
    } catch (error) {
      await this.call({ op: "rollback", transactionId }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: "commit", transactionId });
    return result;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: "close" }).catch(() => undefined);
    this.failure ??= new Error("the database is closed");
    await this.worker.terminate();
  }

  private statements(transactionId: number | null): Statements {
    return {
      query: <T>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
        this.call({
          op: "query",
          transactionId,
          sql,
          params,
          rowMode: options?.rowMode,
          // Functions cannot cross threads; Drizzle's parsers only keep dates and intervals as text.
          rawParserTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
        }) as Promise<Results<T>>,
      exec: (sql: string) => this.call({ op: "exec", transactionId, sql }) as Promise<Results[]>,
    };
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
