import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
/** The production entry, as `npm run serve` starts it: config → database → migrations → app → listen. */
const SERVER_ENTRY = path.join(REPO_ROOT, "apps/server/src/main.ts");
/** The same entry behind fiscal-send-probe.ts, which reports the sandbox's SendInvoices steps. */
const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), "fiscal-send-probe.ts");

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
  private upWaiters: (() => void)[] = [];

  constructor(private readonly options: { port: number; env: Record<string, string>; probe?: boolean; startTimeoutMs?: number }) {
    this.baseUrl = `http://127.0.0.1:${options.port}`;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
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

  /** Starts the child and waits until it answers GET /management/info (its migrations have run). */
  async start(): Promise<number> {
    if (this.child) throw new Error("the server child is already running");
    const started = Date.now();
    const env: NodeJS.ProcessEnv = { ...process.env, ...this.options.env };
    // The suite's own settings must not leak into the child.
    delete env.TEST_POSTGRES_URL;
    delete env.VITEST;
    const args = ["--import", "tsx", this.options.probe ? PROBE : SERVER_ENTRY];
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    let exitText: string | null = null;
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        exitText = signal ? `signal ${signal}` : `code ${code}`;
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
          `the server child did not answer within ${this.options.startTimeoutMs ?? 60_000} ms:\n${this.tail.join("\n")}`,
        );
      }
      try {
        const response = await fetch(`${this.baseUrl}/management/info`, { signal: AbortSignal.timeout(2000) });
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

  /** A graceful stop (SIGTERM: the server closes its app, outbox and database), SIGKILL after 20 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.upNow = false;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
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
    if (level ? Number(level[1]) >= 40 : fromStderr && !/ExperimentalWarning|--trace-warnings/.test(line)) {
      this.problems.push(line);
    }
  }
}
