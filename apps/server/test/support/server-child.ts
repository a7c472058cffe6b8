/**
 * The real server as a child process, shared by the integration tests that kill, stop or restart
 * it and by the load bench (bench/lib/server-process.ts), so all start it, read its log and wait
 * for it the same way.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
/** The production entry, as `npm run serve` starts it: config → database → migrations → app → listen. */
const SERVER_ENTRY = "apps/server/src/main.ts";
const SERVE_SCRIPT = "apps/server/serve.sh";
/** The same entry behind fiscal-send-probe.ts, which reports the sandbox's SendInvoices steps. */
const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), "fiscal-send-probe.ts");

/**
 * Lines npm and node may print on stderr that say nothing about the server (the inspector's, when
 * a bench opens it to collect garbage before weighing the heap).
 */
const ADVISORY_STDERR =
  /^npm warn|ExperimentalWarning|--trace-warnings|^Debugger (listening|attached|ending)|^For help, see: https:\/\/nodejs/;

/** How fiscal-send-probe.ts's lines start on the child's stdout. */
export const PROBE_PREFIX = "FISCAL_PROBE ";

/** One step of a SendInvoices call in the child, as fiscal-send-probe.ts reports it. */
export interface ProbeEvent {
  step: "send-start" | "recorded" | "answered" | "failed";
  /** The call's number within the child process. */
  call: number;
  /** Date.now() in the child when the step happened. */
  at: number;
  /** The invoices of the batch: series, invoiceType and aa (the document's number). */
  invoices: { series: string; invoiceType: string; aa: number }[];
}

/** A port the kernel says is free right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The settings a test runs its server child with, as production runs it: production mode on a
 * loopback port over `dataDir`, warnings only, no web app, and no guest rate limits (every test
 * phone comes from 127.0.0.1). The embedded database unless `overrides` names DATABASE_URL (with
 * its JWT_SECRET); inherited database and key settings are removed.
 */
export function testServerEnv(
  port: number,
  dataDir: string,
  overrides: Record<string, string | undefined> = {},
): Record<string, string | undefined> {
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    JWT_SECRET: undefined,
    FISCAL_SECRETS_KEY: undefined,
    SEED_DEMO: "never",
    LOG_LEVEL: "warn",
    WEB_DIST: path.join(dataDir, "no-web"),
    GUEST_RATE_LIMIT_FACTOR: "0",
    ...overrides,
  };
}

export interface ServerChildOptions {
  port: number;
  /** The child's settings over this process's environment; `undefined` removes an inherited one. */
  env: Record<string, string | undefined>;
  /** Start through fiscal-send-probe.ts (see ProbeEvent). */
  probe?: boolean;
  /** Extra node flags, e.g. ["--cpu-prof", "--cpu-prof-dir", dir]. */
  nodeArgs?: string[];
  /** A compiled build's main.js (apps/server/build.ts) to run with plain node instead of the sources under tsx. */
  compiledEntry?: string;
  /** Start through apps/server/serve.sh, as `npm run serve` and the image do (jemalloc where the host has it). */
  serveScript?: boolean;
  /** How long start() waits for readiness (default 60 s). */
  startTimeoutMs?: number;
  /**
   * The checkout whose server runs (its sources, serve.sh and node_modules), default this one; the
   * guest-menu bench runs an older commit's server from a worktree of its own.
   */
  checkout?: string;
}

/**
 * The real server (apps/server/src/main.ts) as a child process on a fixed loopback port, so it
 * can be killed with SIGKILL and started again on the same database and address. With `probe`
 * the child starts through fiscal-send-probe.ts, whose lines arrive as `onProbe` events.
 */
export class ServerChild {
  readonly baseUrl: string;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private readonly tail: string[] = [];
  private readonly probeListeners = new Set<(event: ProbeEvent) => void>();
  /** Lines the children logged at warn level or above (pino JSON), or other stderr text. */
  readonly problems: string[] = [];
  private upNow = false;
  /** How the last child ended: its exit code, or the signal that ended it. */
  lastExit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private upWaiters: (() => void)[] = [];

  constructor(private readonly options: ServerChildOptions) {
    this.baseUrl = `http://127.0.0.1:${options.port}`;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /**
   * The malloc the running child uses, read from /proc/PID/maps (Linux): jemalloc when serve.sh
   * preloaded it into the server itself, not only into a shell around it.
   */
  allocator(): "jemalloc" | "glibc" {
    if (!this.child?.pid) throw new Error("the server child is not running");
    return readFileSync(`/proc/${this.child.pid}/maps`, "utf8").includes("libjemalloc") ? "jemalloc" : "glibc";
  }

  /** True from the moment the child answers until it is killed or stopped. */
  get up(): boolean {
    return this.upNow;
  }

  /** Resolves at once while the child is up, or when it next is. */
  whenUp(): Promise<void> {
    if (this.upNow) return Promise.resolve();
    return new Promise((resolve) => this.upWaiters.push(resolve));
  }

  onProbe(listener: (event: ProbeEvent) => void): () => void {
    this.probeListeners.add(listener);
    return () => this.probeListeners.delete(listener);
  }

  /** Starts the child and waits until GET /health/ready says it is ready (its migrations have run). */
  async start(): Promise<number> {
    if (this.child) throw new Error("the server child is already running");
    const started = Date.now();
    const env: NodeJS.ProcessEnv = { ...process.env, ...this.options.env };
    for (const [name, value] of Object.entries(this.options.env)) if (value === undefined) delete env[name];
    // The suite's own settings must not leak into the child.
    delete env.TEST_POSTGRES_URL;
    delete env.VITEST;
    const checkout = this.options.checkout ?? REPO_ROOT;
    const entry = this.options.compiledEntry
      ? [this.options.compiledEntry]
      : ["--import", "tsx", this.options.probe ? PROBE : path.join(checkout, SERVER_ENTRY)];
    const args = [...(this.options.nodeArgs ?? []), ...entry];
    // serve.sh runs the `node` it finds on PATH: this one.
    if (this.options.serveScript) env.PATH = `${path.dirname(process.execPath)}${path.delimiter}${env.PATH ?? ""}`;
    const [command, commandArgs] = this.options.serveScript
      ? ["sh", [path.join(checkout, SERVE_SCRIPT), ...args]]
      : [process.execPath, args];
    const child = spawn(command, commandArgs, { cwd: checkout, env, stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    let exitText: string | null = null;
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        exitText = signal ? `signal ${signal}` : `code ${code}`;
        this.lastExit = { code, signal };
        resolve();
      }),
    );
    const collect = (fromStderr: boolean) => {
      let rest = "";
      return (chunk: Buffer) => {
        const lines = (rest + chunk.toString("utf8")).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) this.line(line, fromStderr);
      };
    };
    child.stdout?.on("data", collect(false));
    child.stderr?.on("data", collect(true));

    const deadline = started + (this.options.startTimeoutMs ?? 60_000);
    for (;;) {
      if (exitText !== null) {
        this.child = null;
        throw new Error(`the server child exited (${exitText}) before answering:\n${this.tail.join("\n")}`);
      }
      if (Date.now() > deadline) {
        await this.kill();
        throw new Error(
          `the server child did not answer GET /health/ready with 200 within ${this.options.startTimeoutMs ?? 60_000} ms:\n${this.tail.join("\n")}`,
        );
      }
      try {
        const response = await fetch(`${this.baseUrl}/health/ready`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    this.upNow = true;
    for (const resolve of this.upWaiters.splice(0)) resolve();
    return Date.now() - started;
  }

  /** kill -9: no shutdown hook runs; resolves when the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.upNow = false;
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await this.exited;
    this.child = null;
  }

  /**
   * A graceful stop (SIGTERM: the server closes its app, outbox and database, and writes a
   * --cpu-prof profile), SIGKILL after 20 s.
   * `signals` sends SIGTERM that many times, as an impatient supervisor might.
   */
  async stop(signals = 1): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.upNow = false;
    if (child.exitCode === null && child.signalCode === null) {
      for (let i = 0; i < signals; i++) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await this.exited;
      clearTimeout(timer);
    }
    this.child = null;
  }

  /** The last lines the children printed, for a failure's message. */
  lastLines(): string {
    return this.tail.join("\n");
  }

  private line(line: string, fromStderr: boolean) {
    if (line.startsWith(PROBE_PREFIX)) {
      const event = JSON.parse(line.slice(PROBE_PREFIX.length)) as ProbeEvent;
      for (const listener of this.probeListeners) listener(event);
      return;
    }
    if (!line.trim()) return;
    this.tail.push(line);
    if (this.tail.length > 60) this.tail.shift();
    const level = /"level":(\d+)/.exec(line);
    if (level ? Number(level[1]) >= 40 : fromStderr && !ADVISORY_STDERR.test(line)) {
      this.problems.push(line);
    }
  }
}
