/**
 * Load benchmarks against the real server over HTTP and WebSocket on loopback.
 *
 *   npm run bench                                  # order-to-kitchen, own server on embedded PGlite
 *   npm run bench -- --rate 50 --duration 10
 *   npm run bench -- --venues 20                   # orders spread over the demo venue and 19 more like it
 *   npm run bench -- --database-url postgres://postgres@127.0.0.1:5432/bench_x
 *   npm run bench -- --url http://127.0.0.1:8080   # a server already running with the demo venue
 *   npm run bench -- --scenario two-instances --database-url postgres://postgres@127.0.0.1:5432/bench_two
 *   npm run bench -- --scenario subscribers --subscribers 50000   # needs an open-files limit above 50,000
 *   npm run bench -- --scenario guest-menu --runs 5 --compare HEAD~20   # this worktree against an older commit
 *
 * By default the bench starts the server as a child process (its own event loop and CPU) on a free
 * port with a fresh data directory, and stops it at the end. Run with --help for every option.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { describeMachine, loadAverage } from "./lib/machine.ts";
import type { BenchOptions, ScenarioResult } from "./lib/scenario.ts";
import { attachServer, REPO_ROOT, type ServerUnderTest, startServers } from "./lib/server-process.ts";
import { SCENARIOS } from "./scenarios/index.ts";

const HELP = `Usage: npm run bench -- [options]

  --scenario <name>        ${SCENARIOS.map((s) => s.name).join(" | ")} | all   (default ${SCENARIOS[0].name});
                           several with commas; "all" leaves out those needing --database-url when it is not given,
                           and ${SCENARIOS.filter((s) => s.onlyByName)
                             .map((s) => s.name)
                             .join(", ")} (run by name only)
  --rate <n>               orders (payments, notifications) per second, open loop (default 100${SCENARIOS.filter(
    (s) => s.defaultRate,
  )
    .map((s) => `; ${s.name} ${s.defaultRate}`)
    .join("")})
  --duration <s>           measured seconds (default 20)
  --warmup <s>             seconds of load before measuring, not counted (default 3)
  --tables <n>             tables of each venue to seat guests at, 1-10 (default 10)
  --venues <n>             order-to-kitchen, two-instances: venues to spread the tables and orders over (default 1,
                           the demo venue alone). The bench makes the n - 1 others like the demo one through the
                           API, as the platform operator and each venue's administrator would (10 tables, Kitchen
                           and Bar with a cook each, a few of the demo's products), and each venue's cooks listen
                           on their own queue. The server writes a venue's orders one after another, so one venue
                           serializes them all; real load comes from many. Needs the bench's own server (not --url)
  --guests-per-table <n>   guests seated at each table (default 1)
  --concurrency <n>        most requests under way at once (default 100)
  --seed <n>               seed for the random order contents (default 1)
  --compress <n>           busy-evening: simulated minutes per real minute (default 60: 2 h in 2 min)
  --cash-desk              order-to-kitchen, busy-evening: a cashier follows every cash-desk queue during the run
  --subscribers <n>        subscribers: idle STOMP subscribers to hold (default 50000; the server needs an
                           open-files limit above it)
  --pg-stats               order-to-kitchen on --database-url: PostgreSQL's work per order (statements with
                           pg_stat_statements when it is loaded, transactions, rows, indexes, NOTIFY, backend CPU)
  --runs <n>               guest-menu: cold loads measured of each kind of guest, first visit and returning,
                           per commit (default 7)
  --compare <commit>       guest-menu: also measure that commit (any git revision, e.g. HEAD~20 or main): the bench
                           checks it out in a temporary git worktree, runs npm ci and its own build:web and
                           build:server, starts its server beside this worktree's (each its own port and fresh
                           embedded database with the demo venue), runs the loads A, B, A, B… and prints both
                           commits' median and p90 with the ratio this / compared; the worktree is removed after
  --url <http://host:port> drive a running server (with the demo venue) instead of starting one
  --database-url <pg url>  start the server on PostgreSQL (a database of its own, e.g. bench_x; the bench
                           does not create it); two-instances starts two servers on it; needed by ${SCENARIOS.filter(
                             (s) => s.needsDatabaseUrl,
                           )
                             .map((s) => s.name)
                             .join(", ")}
  --server-cpu-prof <dir>  start the server with node --cpu-prof, profiles written to <dir>
  --json <file>            also write the raw figures as JSON
  --help

Scenarios:
${SCENARIOS.map((s) => `  ${s.name}: ${s.description}`).join("\n")}
`;

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

function positive(name: string, raw: string | undefined, fallback: number, integer = false): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new UsageError(`--${name} must be a positive ${integer ? "integer" : "number"}, got "${raw}"`);
  }
  return value;
}

class UsageError extends Error {}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      scenario: { type: "string" },
      rate: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      tables: { type: "string" },
      venues: { type: "string" },
      "guests-per-table": { type: "string" },
      concurrency: { type: "string" },
      seed: { type: "string" },
      compress: { type: "string" },
      "cash-desk": { type: "boolean" },
      subscribers: { type: "string" },
      "pg-stats": { type: "boolean" },
      runs: { type: "string" },
      compare: { type: "string" },
      url: { type: "string" },
      "database-url": { type: "string" },
      "server-cpu-prof": { type: "string" },
      json: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return null;
  const warmupSec = values.warmup === "0" ? 0 : positive("warmup", values.warmup, 3);
  const bench: BenchOptions = {
    rate: positive("rate", values.rate, 100),
    durationSec: positive("duration", values.duration, 20),
    warmupSec,
    tables: positive("tables", values.tables, 10, true),
    venues: positive("venues", values.venues, 1, true),
    guestsPerTable: positive("guests-per-table", values["guests-per-table"], 1, true),
    maxInFlight: positive("concurrency", values.concurrency, 100, true),
    seed: positive("seed", values.seed, 1, true),
    compress: positive("compress", values.compress, 60),
    cashDesk: values["cash-desk"] === true,
    subscribers: positive("subscribers", values.subscribers, 50_000, true),
    pgStats: values["pg-stats"] === true,
    runs: positive("runs", values.runs, 7, true),
    compare: values.compare,
  };
  const wanted = values.scenario ?? SCENARIOS[0].name;
  // "all" leaves out what cannot run with the options given; a scenario named outright is refused instead.
  const scenarios =
    wanted === "all"
      ? SCENARIOS.filter((s) => !s.onlyByName && (!s.needsDatabaseUrl || (values["database-url"] && !values.url)))
      : wanted.split(",").map((name) => {
          const found = SCENARIOS.find((s) => s.name === name.trim());
          if (!found) throw new UsageError(`unknown scenario "${name}"; known: ${SCENARIOS.map((s) => s.name).join(", ")}, all`);
          return found;
        });
  if (values.url && values["database-url"]) throw new UsageError("--url and --database-url exclude each other");
  if (values.url && bench.venues > 1) {
    throw new UsageError(
      "--venues above 1 needs the bench's own server: it makes the venues as a platform operator the server creates on start",
    );
  }
  for (const scenario of scenarios) {
    if (scenario.needsDatabaseUrl && !values["database-url"]) {
      throw new UsageError(
        `${scenario.name} needs --database-url postgres://… (a database of its own): ${scenario.needsDatabaseUrl}`,
      );
    }
  }
  if (values["pg-stats"] && !values["database-url"]) throw new UsageError("--pg-stats needs --database-url");
  if (values.compare && values.url) throw new UsageError("--compare starts both commits' servers itself; it does not take --url");
  if (values["database-url"] && !/^postgres(ql)?:\/\//.test(values["database-url"])) {
    throw new UsageError("--database-url must be a postgres:// URL");
  }
  return {
    bench,
    scenarios,
    rateGiven: values.rate !== undefined,
    url: values.url,
    databaseUrl: values["database-url"],
    cpuProfDir: values["server-cpu-prof"] ? path.resolve(values["server-cpu-prof"]) : undefined,
    json: values.json,
  };
}

function print(result: ScenarioResult): void {
  const width = Math.max(...result.sections.flatMap((s) => s.rows.map(([label]) => label.length)), 10) + 2;
  const out: string[] = ["", result.title, "=".repeat(result.title.length)];
  for (const section of result.sections) {
    out.push("", section.heading);
    for (const [label, value] of section.rows) out.push(`  ${label.padEnd(width)}${value}`);
  }
  if (result.warnings.length) {
    out.push("", "warnings");
    for (const warning of result.warnings) out.push(`  ! ${warning}`);
  }
  out.push("");
  process.stdout.write(out.join("\n"));
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (!parsed) {
    process.stdout.write(HELP);
    return 0;
  }
  const { bench, scenarios, rateGiven, url, databaseUrl, cpuProfDir, json } = parsed;
  const optionsFor = (scenario: (typeof scenarios)[number]): BenchOptions =>
    rateGiven || !scenario.defaultRate ? bench : { ...bench, rate: scenario.defaultRate };

  // The run ends by itself even if something hangs: the load plus generous room for start and drain.
  const budgetMs =
    scenarios.reduce((sum, s) => sum + (s.budgetSec?.(optionsFor(s)) ?? bench.warmupSec + bench.durationSec + 60), 0) * 1000 +
    90_000;
  let servers: ServerUnderTest[] = [];
  const stopServers = () => Promise.allSettled(servers.map((server) => server.stop()));
  // What a scenario started itself (servers, a temporary worktree), undone if the run is cut short.
  const scenarioCleanups = new Set<() => Promise<unknown>>();
  const abort = (code: number) =>
    void Promise.allSettled([stopServers(), ...[...scenarioCleanups].map((cleanup) => cleanup())]).finally(() =>
      process.exit(code),
    );
  const watchdog = setTimeout(() => {
    log(`gave up after ${Math.round(budgetMs / 1000)} s`);
    abort(1);
  }, budgetMs);
  watchdog.unref();
  const interrupt = () => {
    log("interrupted, stopping the server");
    abort(130);
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);

  const machine = describeMachine();
  log(`${machine}; load average ${loadAverage()}`);
  const results: ScenarioResult[] = [];
  try {
    if (url) {
      servers = [await attachServer(url)];
      log(`driving ${servers[0].baseUrl} (${servers[0].database} database)`);
    } else if (scenarios.some((s) => !s.ownServers)) {
      const instances = Math.max(...scenarios.map((s) => s.instances ?? 1));
      log(
        `starting ${instances > 1 ? `${instances} server instances` : "the server"}` +
          `${databaseUrl ? ` on ${redact(databaseUrl)}` : " on a fresh embedded database"}…`,
      );
      servers = await startServers({
        databaseUrl,
        instances,
        nodeArgs: cpuProfDir ? ["--cpu-prof", "--cpu-prof-dir", cpuProfDir] : [],
        env: Object.assign({}, ...scenarios.map((s) => s.serverEnv ?? {})),
        // A fresh name, so the operator is new (and prints its link) even on a database used before.
        operatorUsername: bench.venues > 1 ? `bench-operator-${randomBytes(3).toString("hex")}` : undefined,
        log,
      });
    }
    for (const scenario of scenarios) {
      log(`scenario ${scenario.name}`);
      const given = scenario.ownServers ? servers.filter((server) => server.pid === null) : servers;
      const result = await scenario.run({
        server: given[0],
        servers: given,
        options: optionsFor(scenario),
        log,
        onAbort: (cleanup) => {
          scenarioCleanups.add(cleanup);
          return () => scenarioCleanups.delete(cleanup);
        },
      });
      results.push(result);
      print(result);
    }
  } catch (error) {
    log(`failed: ${(error as Error).stack ?? error}`);
    return 1;
  } finally {
    await stopServers();
    if (cpuProfDir && !url) log(`server CPU profile written under ${path.relative(REPO_ROOT, cpuProfDir) || cpuProfDir}`);
    clearTimeout(watchdog);
  }
  process.stdout.write(`machine: ${machine}\n`);
  if (json) {
    writeFileSync(
      json,
      `${JSON.stringify({ machine, at: new Date().toISOString(), results: results.map((r) => r.data) }, null, 2)}\n`,
    );
    log(`figures written to ${json}`);
  }
  return 0;
}

process.exitCode = await main();
// Lingering keep-alive sockets or timers must not hold the run open.
setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref();
