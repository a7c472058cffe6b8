import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, REPO_ROOT, ServerChild } from "../../apps/server/test/support/server-child.ts";

export { REPO_ROOT };

/** The server under load: either a child process the bench owns, or one already running. */
export interface ServerUnderTest {
  baseUrl: string;
  wsUrl: string;
  /** "embedded" or "postgres": what the bench started it on, or what a running server reports ("unknown" if neither). */
  database: string;
  /** The PostgreSQL database a child started with --database-url runs on; null otherwise. */
  databaseUrl: string | null;
  /** The child's pid when the bench started it; lets the bench read its CPU time. */
  pid: number | null;
  /** The key the bench started it with, to sign tokens itself (the subscribers scenario); null for a running server. */
  jwtSecret: string | null;
  /**
   * The one-time link to choose the password of the platform operator the bench asked the server
   * to make on start (StartServerOptions.operatorUsername); null when it asked none.
   */
  operatorLink: string | null;
  /** Lines the server logged at warn level or above since it started. */
  logProblems(): string[];
  stop(): Promise<void>;
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

/** Uses a server someone else runs (it must hold the demo venue); the bench never stops it. */
export async function attachServer(url: string): Promise<ServerUnderTest> {
  const baseUrl = url.replace(/\/+$/, "");
  const info = await infoOf(baseUrl);
  if (!info) throw new Error(`no server answers GET ${baseUrl}/management/info`);
  const profiles = info.activeProfiles ?? [];
  return {
    baseUrl,
    wsUrl: toWs(baseUrl),
    database: profiles.includes("postgres") ? "postgres" : profiles.includes("embedded") ? "embedded" : "unknown",
    databaseUrl: null,
    pid: null,
    jwtSecret: null,
    operatorLink: null,
    logProblems: () => [],
    stop: async () => {},
  };
}

export interface StartServerOptions {
  /** postgres://… to run on PostgreSQL; otherwise a fresh embedded database in a temp directory. */
  databaseUrl?: string;
  /**
   * Server processes to start on the same database (more than one needs `databaseUrl`): the first
   * migrates it and seeds the demo venue, the others join it with the same JWT secret.
   */
  instances?: number;
  /** Extra node flags for the children, e.g. ["--cpu-prof", "--cpu-prof-dir", dir]. */
  nodeArgs?: string[];
  /** Settings the scenarios ask for; the bench's own environment overrides them. */
  env?: Record<string, string>;
  /**
   * A platform operator account the first instance makes on start (OPERATOR_USERNAME), so the
   * bench can create venues through the operator's API; its set-password link is `operatorLink`.
   */
  operatorUsername?: string;
  startTimeoutMs?: number;
  log?: (line: string) => void;
}

/**
 * Starts the server as processes of its own (so the load generator never shares their event
 * loop), each on a free loopback port with a fresh data directory, one after the other, each
 * once its GET /health/ready answers 200.
 */
export async function startServers(options: StartServerOptions = {}): Promise<ServerUnderTest[]> {
  const instances = options.instances ?? 1;
  if (instances > 1 && !options.databaseUrl) throw new Error("several instances need a PostgreSQL database to share");
  // The bench's own environment wins over what a scenario asks for.
  const scenarioEnv = Object.fromEntries(Object.entries(options.env ?? {}).filter(([name]) => process.env[name] === undefined));
  // Every instance signs and checks tokens with the same key, so a token from one is good on the
  // other; the bench knows it too, so a scenario may sign tokens itself.
  const jwtSecret = randomBytes(32).toString("hex");
  const servers: ServerUnderTest[] = [];
  try {
    for (let i = 0; i < instances; i++) {
      servers.push(
        await startOne(options, {
          ...scenarioEnv,
          DATABASE_URL: options.databaseUrl,
          JWT_SECRET: jwtSecret,
          SEED_DEMO: !options.databaseUrl ? "auto" : i === 0 ? "always" : "never",
          // Each start of an operator without a password issues a new link and voids the last one.
          OPERATOR_USERNAME: i === 0 ? options.operatorUsername : undefined,
        }),
      );
    }
  } catch (error) {
    await Promise.allSettled(servers.map((server) => server.stop()));
    throw error;
  }
  return servers;
}

/** How a checkout's own `npm run serve` starts its compiled server, read from its package.json. */
export interface ServeCommand {
  /** The compiled entry, absolute. */
  entry: string;
  /** Through its apps/server/serve.sh (jemalloc where the host has it) rather than plain node. */
  serveScript: boolean;
}

export interface CheckoutServerOptions {
  /** The checkout (this one, or a worktree of another commit) whose server runs. */
  checkout: string;
  /** Its compiled server as its `serve` script starts it; null runs its sources under tsx. */
  serve: ServeCommand | null;
  /** The web build the server serves, as production serves it (WEB_DIST). */
  webDist: string;
  log?: (line: string) => void;
}

/**
 * One server of a given checkout on a fresh embedded database seeded with the demo venue, serving
 * a web build as production does (its HTML and assets next to the API), so a browser can load
 * the guest's pages from it alone.
 */
export async function startCheckoutServer(options: CheckoutServerOptions): Promise<ServerUnderTest> {
  return startOne(
    { log: options.log },
    {
      DATABASE_URL: undefined,
      JWT_SECRET: randomBytes(32).toString("hex"),
      SEED_DEMO: "auto",
      WEB_DIST: options.webDist,
    },
    {
      checkout: options.checkout,
      compiledEntry: options.serve?.entry,
      serveScript: options.serve?.serveScript ?? false,
    },
  );
}

async function startOne(
  options: StartServerOptions,
  settings: Record<string, string | undefined>,
  started: { checkout?: string; compiledEntry?: string; serveScript?: boolean } = {},
): Promise<ServerUnderTest> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "tableorder-bench-"));
  const child = new ServerChild({
    ...started,
    port,
    nodeArgs: options.nodeArgs,
    startTimeoutMs: options.startTimeoutMs ?? 90_000,
    env: {
      // The bench measures the API and the feed; the web bundle (if built) is not served unless asked for.
      WEB_DIST: path.join(dataDir, "no-web"),
      ...settings,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // The bench plays every phone from 127.0.0.1, far past any one venue's guests behind one address.
      GUEST_RATE_LIMIT_FACTOR: "0",
    },
  });
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  let operatorLink: string | null = null;
  try {
    await child.start();
    if (settings.OPERATOR_USERNAME) operatorLink = await printedOperatorLink(child);
  } catch (error) {
    await child.stop();
    cleanup();
    throw error;
  }
  const database = options.databaseUrl ? "postgres" : "embedded";
  options.log?.(`server pid ${child.pid} on ${child.baseUrl} (${database}, data ${dataDir})`);
  return {
    baseUrl: child.baseUrl,
    wsUrl: toWs(child.baseUrl),
    database,
    databaseUrl: options.databaseUrl ?? null,
    pid: child.pid,
    jwtSecret: settings.JWT_SECRET ?? null,
    operatorLink,
    logProblems: () => [...child.problems],
    async stop() {
      await child.stop();
      cleanup();
    },
  };
}

/**
 * The operator's set-password link, which the server prints (it has no other channel for it) just
 * after it starts listening, so possibly a moment after it answered ready.
 */
async function printedOperatorLink(child: ServerChild): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const link = /^\s*(http\S+\/set-password\/\S+)$/m.exec(child.lastLines());
    if (link) return link[1];
    if (Date.now() > deadline) {
      throw new Error(`the server printed no set-password link for the platform operator:\n${child.lastLines()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
