import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SERVER_ENTRY = path.join(REPO_ROOT, "apps/server/src/main.ts");

/** The server under load: either a child process the bench owns, or one already running. */
export interface ServerUnderTest {
  baseUrl: string;
  wsUrl: string;
  /** "embedded" or "postgres" as the server reports it, when known. */
  database: string;
  /** The PostgreSQL database a child started with --database-url runs on; null otherwise. */
  databaseUrl: string | null;
  /** The child's pid when the bench started it; lets the bench read its CPU time. */
  pid: number | null;
  /** Lines the server logged at warn level or above since it started. */
  logProblems(): string[];
  stop(): Promise<void>;
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

async function infoOf(baseUrl: string): Promise<{ activeProfiles?: string[] } | null> {
  try {
    const response = await fetch(`${baseUrl}/management/info`, { signal: AbortSignal.timeout(2000) });
    return response.ok ? ((await response.json()) as { activeProfiles?: string[] }) : null;
  } catch {
    return null;
  }
}

const toWs = (baseUrl: string) => `${baseUrl.replace(/^http/, "ws")}/websocket/feed`;
const databaseOf = (info: { activeProfiles?: string[] } | null) =>
  info?.activeProfiles?.includes("postgres") ? "postgres" : info?.activeProfiles?.includes("embedded") ? "embedded" : "unknown";

/** Uses a server someone else runs (it must hold the demo venue); the bench never stops it. */
export async function attachServer(url: string): Promise<ServerUnderTest> {
  const baseUrl = url.replace(/\/+$/, "");
  const info = await infoOf(baseUrl);
  if (!info) throw new Error(`no server answers GET ${baseUrl}/management/info`);
  return {
    baseUrl,
    wsUrl: toWs(baseUrl),
    database: databaseOf(info),
    databaseUrl: null,
    pid: null,
    logProblems: () => [],
    stop: async () => {},
  };
}

export interface StartServerOptions {
  /** postgres://… to run on PostgreSQL; otherwise a fresh embedded database in a temp directory. */
  databaseUrl?: string;
  /** Extra node flags for the child, e.g. ["--cpu-prof", "--cpu-prof-dir", dir]. */
  nodeArgs?: string[];
  /** Settings the scenarios ask for; the bench's own environment overrides them. */
  env?: Record<string, string>;
  startTimeoutMs?: number;
  log?: (line: string) => void;
}

/**
 * Starts the server as its own process (so the load generator never shares its event loop) on a
 * free loopback port, with a fresh data directory, and waits until it answers.
 */
export async function startServer(options: StartServerOptions = {}): Promise<ServerUnderTest> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "tableorder-bench-"));
  const env: NodeJS.ProcessEnv = {
    ...options.env,
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // The bench plays every phone from 127.0.0.1, far past any one venue's guests behind one address.
    GUEST_RATE_LIMIT_FACTOR: "0",
    // The bench measures the API and the feed; the web bundle (if built) is not served.
    WEB_DIST: path.join(dataDir, "no-web"),
  };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  if (options.databaseUrl) {
    env.DATABASE_URL = options.databaseUrl;
    env.JWT_SECRET = randomBytes(32).toString("hex");
    env.SEED_DEMO = "always";
  } else {
    env.SEED_DEMO = "auto";
  }

  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const tail: string[] = [];
  const problems: string[] = [];
  const collect = (fromStderr: boolean) => (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      // pino logs JSON lines (40 warn, 50 error, 60 fatal); other stderr text counts too.
      const level = /"level":(\d+)/.exec(line);
      if (level ? Number(level[1]) >= 40 : fromStderr) problems.push(line);
    }
  };
  child.stdout?.on("data", collect(false));
  child.stderr?.on("data", collect(true));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  let info: { activeProfiles?: string[] } | null = null;
  while (!info) {
    if (exitCode !== undefined) {
      cleanup();
      throw new Error(`server exited with code ${exitCode} before answering:\n${tail.join("\n")}`);
    }
    if (Date.now() > deadline) {
      await stopChild(child, exited);
      cleanup();
      throw new Error(
        `server did not answer GET /management/info within ${options.startTimeoutMs ?? 90_000} ms:\n${tail.join("\n")}`,
      );
    }
    info = await infoOf(baseUrl);
    if (!info) await new Promise((r) => setTimeout(r, 200));
  }
  options.log?.(`server pid ${child.pid} on ${baseUrl} (${databaseOf(info)}, data ${dataDir})`);

  let stopped = false;
  return {
    baseUrl,
    wsUrl: toWs(baseUrl),
    database: databaseOf(info),
    databaseUrl: options.databaseUrl ?? null,
    pid: child.pid ?? null,
    logProblems: () => problems.filter((line) => !isStartupNoise(line)),
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopChild(child, exited);
      cleanup();
    },
  };
}

/** npm and tsx may print advisory lines on stderr that say nothing about the server. */
function isStartupNoise(line: string): boolean {
  return /^npm warn|ExperimentalWarning|--trace-warnings/.test(line);
}

/** SIGTERM lets the server close cleanly (and write a --cpu-prof profile); SIGKILL after 15 s. */
async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** CPU time (user + system, ms) a process has used so far, from /proc; null where unavailable. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}
