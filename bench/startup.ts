/**
 * How fast the built server is ready and how much memory it holds idle (issue 17, "a lean process"):
 *
 *   npm run bench:startup                          # compiles the server, then measures it
 *   npm run bench:startup -- --idle 20 --runs 3
 *   npm run bench:startup -- --database-url postgres://postgres@127.0.0.1:5432/bench_startup
 *
 * Each case starts the server as a child on a free port, times it from spawn to GET /health/ready
 * answering 200, leaves it idle, reads its resident memory from /proc (VmRSS, and VmHWM for the
 * peak), its main thread's JavaScript heap from GET /metrics, and stops it with SIGTERM. The cases:
 * the compiled build (`npm start`: through apps/server/serve.sh, as `npm run serve` starts it) on
 * a fresh embedded data directory (initdb, migrations, demo venue) and again on the same directory,
 * the sources under tsx (`npm run dev`'s loader) on that directory, and with --database-url the
 * compiled build on PostgreSQL (a database of its own). EMBEDDED_DB_CACHE_MB, ALLOCATOR=glibc and
 * other settings in the environment reach the server.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort, REPO_ROOT, ServerChild } from "../apps/server/test/support/server-child.ts";
import { describeMachine, loadAverage } from "./lib/machine.ts";

const COMPILED_ENTRY = path.join(REPO_ROOT, "apps/server/dist/main.js");
const METRICS_TOKEN = randomBytes(16).toString("hex");

const HELP = `Usage: npm run bench:startup -- [options]

  --idle <s>               seconds left idle after ready before memory is read (default 10)
  --runs <n>               starts of each case; the medians are printed (default 1)
  --database-url <pg url>  also measure the compiled build on PostgreSQL (a database of its own)
  --help
`;

interface Case {
  label: string;
  /** The compiled build, or the sources under tsx. */
  compiled: boolean;
  /** A new data directory for each start (first start), or one kept across the case's runs. */
  freshDataDir: boolean;
  databaseUrl?: string;
}

interface Sample {
  readyMs: number;
  rssAtReadyMb: number;
  rssIdleMb: number;
  peakMb: number;
  heapTotalMb: number;
  heapUsedMb: number;
  exitCode: number | null;
  /** The malloc the server runs on: jemalloc when serve.sh preloaded it. */
  allocator: "jemalloc" | "glibc";
}

const log = (line: string) => process.stderr.write(`[startup] ${line}\n`);
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** A line of /proc/<pid>/status in MB (VmRSS: resident now, VmHWM: the most it was). */
function procStatusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  if (!line) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

/** One gauge from the Prometheus text, in bytes. */
function gauge(text: string, name: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`GET /metrics has no ${name}`);
  return Number(line.split(" ")[1]);
}

/** The server of one case, as a child on a free loopback port. */
async function serverFor(which: Case, dataDir: string): Promise<ServerChild> {
  const port = await freePort();
  return new ServerChild({
    port,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      METRICS_TOKEN,
      DATABASE_URL: which.databaseUrl,
      JWT_SECRET: which.databaseUrl ? "startup-bench-secret-startup-bench-secret" : undefined,
      SEED_DEMO: which.databaseUrl ? "always" : "auto",
    },
    compiledEntry: which.compiled ? COMPILED_ENTRY : undefined,
    // As `npm run serve` starts it: through serve.sh (jemalloc where the host has it; ALLOCATOR=glibc to compare).
    serveScript: which.compiled,
    startTimeoutMs: 120_000,
  });
}

async function measure(which: Case, dataDir: string, idleSec: number): Promise<Sample> {
  const child = await serverFor(which, dataDir);
  const readyMs = await child.start();
  const pid = child.pid as number;
  const rssAtReadyMb = procStatusMb(pid, "VmRSS");
  const allocator = child.allocator();
  await new Promise((resolve) => setTimeout(resolve, idleSec * 1000));
  const rssIdleMb = procStatusMb(pid, "VmRSS");
  const peakMb = procStatusMb(pid, "VmHWM");
  const metrics = await fetch(`${child.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!metrics.ok) throw new Error(`GET /metrics answered ${metrics.status}`);
  const text = await metrics.text();
  await child.stop();
  if (child.problems.length) log(`the server logged problems:\n${child.problems.join("\n")}`);
  return {
    readyMs,
    rssAtReadyMb,
    rssIdleMb,
    peakMb,
    heapTotalMb: mb(gauge(text, "nodejs_heap_size_total_bytes")),
    heapUsedMb: mb(gauge(text, "nodejs_heap_size_used_bytes")),
    exitCode: child.lastExit?.code ?? null,
    allocator,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      idle: { type: "string" },
      runs: { type: "string" },
      "database-url": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const idleSec = Number(values.idle ?? 10);
  const runs = Number(values.runs ?? 1);
  const databaseUrl = values["database-url"];
  if (!(idleSec >= 0) || !Number.isInteger(runs) || runs < 1) {
    process.stderr.write(`--idle must be a number of seconds and --runs a positive integer\n\n${HELP}`);
    return 2;
  }
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    process.stderr.write(`--database-url must be a postgres:// URL\n\n${HELP}`);
    return 2;
  }
  if (!existsSync(COMPILED_ENTRY)) {
    process.stderr.write(`${path.relative(REPO_ROOT, COMPILED_ENTRY)} is missing: run npm run build:server first\n`);
    return 2;
  }

  const cases: Case[] = [
    { label: "compiled, first start (embedded: initdb, migrations, demo venue)", compiled: true, freshDataDir: true },
    { label: "compiled, restart (embedded, same data)", compiled: true, freshDataDir: false },
    { label: "tsx sources, restart (embedded, same data)", compiled: false, freshDataDir: false },
  ];
  if (databaseUrl) cases.push({ label: "compiled, PostgreSQL", compiled: true, freshDataDir: false, databaseUrl });

  const machine = describeMachine();
  log(`${machine}; load average ${loadAverage()}`);
  const kept = mkdtempSync(path.join(tmpdir(), "tableorder-startup-"));
  const out: string[] = [];
  try {
    // The restart cases run on the data directory a first start created.
    const first = await serverFor(cases[0], kept);
    await first.start();
    await first.stop();
    for (const which of cases) {
      const samples: Sample[] = [];
      for (let run = 1; run <= runs; run++) {
        const dataDir = which.freshDataDir ? mkdtempSync(path.join(tmpdir(), "tableorder-startup-")) : kept;
        log(`${which.label}: run ${run} of ${runs} (load average ${loadAverage()})`);
        try {
          samples.push(await measure(which, dataDir, idleSec));
        } finally {
          if (which.freshDataDir) rmSync(dataDir, { recursive: true, force: true });
        }
      }
      const m = (pick: (s: Sample) => number) => median(samples.map(pick));
      out.push(
        "",
        which.label,
        `  ready (spawn → /health/ready 200)   ${m((s) => s.readyMs)} ms`,
        `  resident at ready                   ${m((s) => s.rssAtReadyMb)} MB`,
        `  resident after ${String(idleSec).padEnd(3)} s idle           ${m((s) => s.rssIdleMb)} MB (peak ${m((s) => s.peakMb)} MB; each run ${samples.map((s) => s.rssIdleMb).join(", ")})`,
        `  allocator                           ${[...new Set(samples.map((s) => s.allocator))].join(", ")}`,
        `  main thread JS heap                 ${m((s) => s.heapUsedMb)} MB used of ${m((s) => s.heapTotalMb)} MB`,
        `  exit on SIGTERM                     ${samples.map((s) => s.exitCode).join(", ")}`,
      );
    }
  } finally {
    rmSync(kept, { recursive: true, force: true });
  }
  out.push("", `machine: ${machine}; load average at the end ${loadAverage()}`, "");
  process.stdout.write(
    `\nstartup and idle memory · ${runs} run(s) per case, medians · EMBEDDED_DB_CACHE_MB ${process.env.EMBEDDED_DB_CACHE_MB ?? "default"}${out.join("\n")}`,
  );
  return 0;
}

process.exitCode = await main();
