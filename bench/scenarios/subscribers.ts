import { createSecretKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { decodeJwt, SignJWT } from "jose";
import { collectGarbage } from "../lib/collect-garbage.ts";
import type { FleetSubscriber } from "../lib/fleet-protocol.ts";
import { expectOk, HttpClient, tokenOf } from "../lib/http-client.ts";
import type { BenchContext, BenchOptions, ResultSection, Scenario, ScenarioResult } from "../lib/scenario.ts";
import { processCpuMs, type ServerUnderTest } from "../lib/server-process.ts";
import { formatSummary, type Summary } from "../lib/stats.ts";
import { openFilesLimits, SubscriberFleets } from "../lib/subscriber-fleets.ts";
import { signIn } from "../lib/venue.ts";
import { measureOrderToKitchen } from "./order-to-kitchen.ts";

/** What the web app asks in CONNECT (apps/web/src/lib/realtime.ts): 10 s both ways. */
const HEARTBEAT_MS = 10_000;
/** Phones at each idle table: a table of four, each guest on the table's screen. */
const PHONES_PER_TABLE = 4;
/** Of the idle subscribers, the share that are kitchen screens of other areas, on the same per-user queue as the cooks measured. */
const IDLE_KITCHEN_SHARE = 0.02;
/** Preparation areas created for those idle kitchen screens (each with its cook account). */
const IDLE_AREAS = 10;
const KITCHEN_QUEUE = "/user/queue/kitchen";
/** Seconds with every subscriber connected and nothing else happening: the heart-beats' own cost. */
const IDLE_WINDOW_SEC = 20;
/** Seconds of the server idle before they connect: what its own timers and polling cost. */
const BASELINE_WINDOW_SEC = 10;
/** Set-up requests under way at once. */
const SETUP_CONCURRENCY = 32;
/** Sockets the server needs besides the subscribers: the cooks, the bench's HTTP client, its database and files. */
const SERVER_FD_MARGIN = 400;
const ADMIN = { username: "admin", password: "demo1234" };
const STAFF_PASSWORD = "bench-subscribers-1";
/** The bearer token the scenario gives the server for GET /metrics (the heap figures); the bench's own METRICS_TOKEN wins. */
const METRICS_TOKEN = process.env.METRICS_TOKEN ?? "bench-subscribers-metrics";
/**
 * Where the server's inspector opens when the bench asks for a garbage collection before weighing
 * it (collect-garbage.ts); below the ephemeral ports, so no client socket holds it.
 */
const INSPECT_PORT = 20_000 + Math.floor(Math.random() * 10_000);

/**
 * The subscriptions of a guest's phone on the table screen (apps/web/src/app/routes/customer/
 * customer-layout.tsx): the waiter-call and payment-request topics, the table's state in the
 * guest's language, the menu's changes, and payment-request once more for the paid notice.
 */
const phoneDestinations = (tableId: number) => [
  `/topic/waiter-call/${tableId}`,
  `/topic/payment-request/${tableId}`,
  `/topic/customer/en/${tableId}`,
  `/topic/menu/${tableId}`,
  `/topic/payment-request/${tableId}`,
];

/**
 * Many idle subscribers on one instance (issue 17): guests' phones at tables where nobody orders,
 * and kitchen screens of areas that get no tickets, all with heart-beats; then the order-to-kitchen
 * measurement while they idle. Reports the server's memory per connection, the heart-beats' CPU,
 * order-to-kitchen latency with no idle subscribers and with them, and that no idle subscriber
 * received a message.
 *
 * Creating an account per phone over HTTP would take most of an hour at 50,000, so each idle table
 * gets one real guest (created and checked in over HTTP) and each of its phones a token of its own
 * that the bench signs with the server's key (the bench starts the server, so it knows the key):
 * a copy of the guest's token with a distinct `jti`, so the server verifies and keeps one
 * principal per connection, as it would for phones of distinct guests.
 */
export const subscribersScenario: Scenario = {
  name: "subscribers",
  description:
    "--subscribers idle STOMP subscribers with 10 s heart-beats (guests' phones at 4 per idle table, 5 subscriptions " +
    "each, and 2% kitchen screens of other areas), held by child processes; reports the server's memory per " +
    "connection, its CPU while they idle, order-to-kitchen latency at --rate without and with them, and messages " +
    "that reached an idle subscriber (should be none). Needs a server the bench starts, with an open-files limit above --subscribers",
  defaultRate: 20,
  onlyByName: "it takes minutes to set up and needs an open-files limit above --subscribers",
  serverEnv: { METRICS_TOKEN, NODE_OPTIONS: `--inspect-port=127.0.0.1:${INSPECT_PORT}` },
  budgetSec: (options) => Math.ceil(subscribersOf(options) / 40) + 2 * (options.warmupSec + options.durationSec + 30) + 180,
  run,
};

const subscribersOf = (options: BenchOptions) => options.subscribers ?? 50_000;

interface MemorySample {
  rssBytes: number;
  heapUsedBytes: number | null;
  /** Whether a full garbage collection ran just before; without one the figures include garbage. */
  collected: boolean;
}

async function run({ server, options, log }: BenchContext): Promise<ScenarioResult> {
  if (server.pid === null || server.jwtSecret === null) {
    throw new Error("the subscribers scenario measures a server the bench starts (its memory, its key): drop --url");
  }
  const total = subscribersOf(options);
  // Node raises its soft limit to the hard one at start; the server inherits the bench's.
  const serverLimit = openFilesLimits(server.pid)?.soft ?? null;
  if (serverLimit !== null && serverLimit < total + SERVER_FD_MARGIN) {
    throw new Error(
      `the server may open ${serverLimit} files (its open-files limit), too few for ${total} subscribers: ` +
        `raise the hard limit of the shell that starts the bench (as root: ulimit -Hn ${total + SERVER_FD_MARGIN + 1000}), ` +
        `or ask fewer with --subscribers ${Math.max(0, serverLimit - SERVER_FD_MARGIN)}`,
    );
  }
  const idleCooks = Math.round(total * IDLE_KITCHEN_SHARE);
  const phones = total - idleCooks;
  const tableCount = Math.ceil(phones / PHONES_PER_TABLE);
  const http = new HttpClient(server.baseUrl, { maxSockets: SETUP_CONCURRENCY });
  const tag = `s${Math.random().toString(36).slice(2, 6)}`;
  let fleets: SubscriberFleets | null = null;

  try {
    // --- the idle venue: tables with one real guest each, areas with a cook each ----------------
    const setupStart = performance.now();
    const admin = await signIn(http, ADMIN.username, ADMIN.password);
    log(`creating ${tableCount} idle tables with a guest each, and ${IDLE_AREAS} idle preparation areas…`);
    const tableGuests = await inParallel(tableCount, SETUP_CONCURRENCY, async (i) => {
      const table = expectOk(
        await http.post(
          "/api/crm/tables",
          { label: `Idle ${tag} ${i + 1}`, code: `${tag}-${i + 1}`, waiterIds: [], onService: true },
          admin,
        ),
        "idle table",
      ).body;
      const token = tokenOf(expectOk(await http.post("/api/authenticate-anonymous", {}), "guest sign-in"));
      expectOk(await http.post(`/api/cq-table/check-in/${table.id}`, {}, token), "guest check-in");
      return { tableId: table.id as number, token };
    });
    const cookTokens = await inParallel(IDLE_AREAS, IDLE_AREAS, async (i) => {
      const username = `idle-${tag}-${i + 1}`;
      expectOk(
        await http.post(
          "/api/crm/preparation-area",
          { name: `Idle ${tag} ${i + 1}`, username, password: STAFF_PASSWORD, printerIp: null },
          admin,
        ),
        "idle preparation area",
      );
      return signIn(http, username, STAFF_PASSWORD);
    });
    const key = createSecretKey(Buffer.from(server.jwtSecret, "utf8"));
    const subscribers: FleetSubscriber[] = [];
    for (let i = 0; i < phones; i++) {
      const { tableId, token } = tableGuests[Math.floor(i / PHONES_PER_TABLE)];
      subscribers.push({ token: await tokenCopy(token, key, i), destinations: phoneDestinations(tableId) });
    }
    for (let i = 0; i < idleCooks; i++) {
      subscribers.push({ token: await tokenCopy(cookTokens[i % IDLE_AREAS], key, i), destinations: [KITCHEN_QUEUE] });
    }
    const setupSec = (performance.now() - setupStart) / 1000;
    log(`set up in ${setupSec.toFixed(0)} s`);

    // --- order-to-kitchen with no idle subscriber, for comparison --------------------------------
    log("order-to-kitchen without idle subscribers…");
    const aloneFrom = await scrape(server.baseUrl);
    const alone = await measureOrderToKitchen({
      scenario: "subscribers (none idle)",
      orderServer: server,
      kitchenServer: server,
      options,
      log,
      cookHeartbeatMs: HEARTBEAT_MS,
    });
    const aloneStalls = stallsBetween(aloneFrom, await scrape(server.baseUrl));

    // --- connect the idle subscribers and weigh them ------------------------------------------
    log(`the server idle without subscribers for ${BASELINE_WINDOW_SEC} s…`);
    const baselineCpuPct = await serverCpuOver(server.pid, BASELINE_WINDOW_SEC);
    const before = await serverMemory(server);
    log(`server before: ${describeMemory(before)}; connecting ${total} subscribers…`);
    const connectStart = performance.now();
    const opened = await SubscriberFleets.open({ wsUrl: server.wsUrl, subscribers, heartbeatMs: HEARTBEAT_MS, log });
    fleets = opened.fleets;
    const connectSec = (performance.now() - connectStart) / 1000;
    log(`${opened.counts.subscribed} of ${total} subscribed in ${connectSec.toFixed(0)} s; letting the server settle…`);
    await sleep(5_000);
    const after = await serverMemory(server);
    const connected = opened.counts.subscribed;
    log(`server after: ${describeMemory(after)}`);

    // --- nothing but heart-beats ----------------------------------------------------------------
    log(`idle for ${IDLE_WINDOW_SEC} s…`);
    const idleFrom = { counts: await fleets.report(), at: performance.now() };
    const idleCpuPct = await serverCpuOver(server.pid, IDLE_WINDOW_SEC);
    const idleTo = { counts: await fleets.report(), at: performance.now() };
    const idleSec = (idleTo.at - idleFrom.at) / 1000;
    // What the subscribers add to an idle server's own timers and polling.
    const beatCpuPct = idleCpuPct === null || baselineCpuPct === null ? null : idleCpuPct - baselineCpuPct;
    const beatsOutPerSec = (idleTo.counts.heartbeatsReceived - idleFrom.counts.heartbeatsReceived) / idleSec;
    const beatsInPerSec = (idleTo.counts.heartbeatsSent - idleFrom.counts.heartbeatsSent) / idleSec;
    const fleetCpuPct = ((idleTo.counts.cpuMs - idleFrom.counts.cpuMs) / (idleSec * 1000)) * 100;

    // --- orders while they idle -----------------------------------------------------------------
    log(`order-to-kitchen with ${connected} idle subscribers…`);
    const busyFrom = await scrape(server.baseUrl);
    const busy = await measureOrderToKitchen({
      scenario: "subscribers",
      orderServer: server,
      kitchenServer: server,
      options,
      log,
      cookHeartbeatMs: HEARTBEAT_MS,
    });
    const busyStalls = stallsBetween(busyFrom, await scrape(server.baseUrl));
    const end = await fleets.report();

    // --- figures ----------------------------------------------------------------------------------
    const perConnection = (from: number | null, to: number | null) =>
      from === null || to === null || connected === 0 ? null : (to - from) / connected;
    const rssPerConnection = perConnection(before.rssBytes, after.rssBytes);
    const heapPerConnection = perConnection(before.heapUsedBytes, after.heapUsedBytes);
    const latencyAlone = alone.data.deliveryLatencyMs as Summary;
    const latencyBusy = busy.data.deliveryLatencyMs as Summary;
    const failures = Object.entries(opened.counts.failures);

    const warnings: string[] = [];
    if (connected < total) {
      warnings.push(`${total - connected} subscribers could not subscribe: ${failures.map(([r, n]) => `${r} ×${n}`).join(", ")}`);
    }
    if (end.messages > 0) {
      warnings.push(
        `${end.messages} messages reached idle subscribers, e.g. on ${end.messageDestinations.slice(0, 3).join(", ")}`,
      );
    }
    if (end.closedByServer > 0) warnings.push(`the server closed ${end.closedByServer} idle subscribers`);
    if (end.errors > 0) warnings.push(`${end.errors} ERROR frames reached idle subscribers`);
    if (!before.collected || !after.collected) {
      warnings.push("the server's inspector did not answer: its memory was weighed without a garbage collection first");
    }
    if (server.database === "embedded") {
      warnings.push(
        "the embedded database runs in the server's process: its growth is in the RSS figures (run with --database-url to leave it out)",
      );
    }
    warnings.push(...busy.warnings.map((w) => `with idle subscribers: ${w}`));
    warnings.push(...alone.warnings.map((w) => `without idle subscribers: ${w}`));

    const sections: ResultSection[] = [
      {
        heading: "idle subscribers (heart-beats 10 s both ways)",
        rows: [
          ["guests' phones", `${phones} at ${tableCount} tables, ${PHONES_PER_TABLE} per table, 5 subscriptions each`],
          ["kitchen screens of other areas", `${idleCooks} on ${KITCHEN_QUEUE} (${IDLE_AREAS} areas)`],
          ["subscribed", `${connected} of ${total} in ${connectSec.toFixed(0)} s (set-up before: ${setupSec.toFixed(0)} s)`],
          ["held by", `${fleets.size} child processes, from 127.0.0.2 on · their RSS ${mb(end.rssBytes)}`],
        ],
      },
      {
        heading: "server memory",
        rows: [
          ["before connecting", describeMemory(before)],
          ["with the subscribers", describeMemory(after)],
          ["per connection", `RSS ${kb(rssPerConnection)} · heap used ${kb(heapPerConnection)}`],
        ],
      },
      {
        heading: `idle for ${idleSec.toFixed(0)} s: heart-beats only`,
        rows: [
          [
            "server CPU (100% = one core)",
            `${pct(idleCpuPct)} with the subscribers, ${pct(baselineCpuPct)} without (${BASELINE_WINDOW_SEC} s before)`,
          ],
          ["heart-beats", `${beatsOutPerSec.toFixed(0)}/s sent by the server, ${beatsInPerSec.toFixed(0)}/s received`],
          [
            "server CPU per 1,000 heart-beats",
            beatCpuPct === null || beatsOutPerSec + beatsInPerSec === 0
              ? "n/a"
              : `${((beatCpuPct / 100) * 1000 * (1000 / (beatsOutPerSec + beatsInPerSec))).toFixed(1)} ms ` +
                "(out and in together, over the idle server's own)",
          ],
          ["bench's subscriber processes' CPU", `${fleetCpuPct.toFixed(0)}%`],
        ],
      },
      {
        heading: `order → kitchen at ${options.rate} orders/s (cooks with heart-beats)`,
        rows: [
          ["without idle subscribers", formatSummary(latencyAlone)],
          [`with ${connected} idle`, formatSummary(latencyBusy)],
          ["server stalls without", describeStalls(aloneStalls)],
          ["server stalls with", describeStalls(busyStalls)],
        ],
      },
      {
        heading: "idle subscribers during the orders",
        rows: [
          ["messages received (should be 0)", String(end.messages)],
          ["closed by the server / ERROR frames", `${end.closedByServer} / ${end.errors}`],
        ],
      },
      ...busy.sections.map((section) => ({ ...section, heading: `with idle subscribers: ${section.heading}` })),
    ];

    return {
      title: `subscribers · ${total} idle · ${options.rate} orders/s · ${server.database} database`,
      sections,
      warnings,
      data: {
        scenario: "subscribers",
        database: server.database,
        options,
        subscribers: {
          total,
          phones,
          tables: tableCount,
          idleCooks,
          connected,
          failures: opened.counts.failures,
          connectSec,
          setupSec,
        },
        memory: { before, after, rssPerConnectionBytes: rssPerConnection, heapUsedPerConnectionBytes: heapPerConnection },
        idle: { seconds: idleSec, serverCpuPct: idleCpuPct, baselineCpuPct, beatsOutPerSec, beatsInPerSec, fleetCpuPct },
        deliveryLatencyMs: { alone: latencyAlone, withIdle: latencyBusy },
        serverStalls: { alone: aloneStalls, withIdle: busyStalls },
        idleSubscribers: { messages: end.messages, closedByServer: end.closedByServer, errors: end.errors },
        withoutIdle: alone.data,
        withIdle: busy.data,
      },
    };
  } finally {
    await fleets?.close();
    http.close();
  }
}

/** A copy of a token the server issued, told apart by a `jti`, signed as the server signs (auth/tokens.ts). */
async function tokenCopy(token: string, key: ReturnType<typeof createSecretKey>, n: number): Promise<string> {
  return new SignJWT({ ...decodeJwt(token), jti: `bench-${n}` }).setProtectedHeader({ alg: "HS256" }).sign(key);
}

/** The server's CPU over the next `seconds` (100% = one core); null where /proc cannot tell. */
async function serverCpuOver(pid: number, seconds: number): Promise<number | null> {
  const from = processCpuMs(pid);
  const start = performance.now();
  await sleep(seconds * 1000);
  const to = processCpuMs(pid);
  return from === null || to === null ? null : ((to - from) / (performance.now() - start)) * 100;
}

/**
 * The server's resident memory (from /proc) and V8 heap in use (from /metrics) after a full
 * garbage collection, the lowest of a few samples a second apart.
 */
async function serverMemory(server: ServerUnderTest): Promise<MemorySample> {
  const collected = server.pid !== null && (await collectGarbage(server.pid, INSPECT_PORT));
  let rssBytes = Number.POSITIVE_INFINITY;
  let heapUsedBytes: number | null = null;
  // A second for V8 to give freed pages back, then the lowest of a few samples.
  for (let i = 0; i < 3; i++) {
    await sleep(1000);
    const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
    rssBytes = Math.min(rssBytes, Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024);
    const heap = (await scrape(server.baseUrl))?.get("nodejs_heap_size_used_bytes") ?? null;
    if (heap !== null) heapUsedBytes = Math.min(heapUsedBytes ?? heap, heap);
  }
  return { rssBytes, heapUsedBytes, collected };
}

/** The server's Prometheus samples by series (name and labels as written), or null without /metrics. */
async function scrape(baseUrl: string): Promise<Map<string, number> | null> {
  try {
    const response = await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return null;
    const samples = new Map<string, number>();
    for (const line of (await response.text()).split("\n")) {
      if (!line || line.startsWith("#")) continue;
      const space = line.lastIndexOf(" ");
      samples.set(line.slice(0, space), Number(line.slice(space + 1)));
    }
    return samples;
  } catch {
    return null;
  }
}

/**
 * What stalled the server's event loop over a phase: its garbage collections (from one scrape to
 * the next) and its event loop delay (prom-client resets it at each scrape, so the second scrape's
 * figures cover the phase).
 */
interface Stalls {
  majorGcs: number;
  majorGcMs: number;
  minorGcs: number;
  minorGcMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

function stallsBetween(from: Map<string, number> | null, to: Map<string, number> | null): Stalls | null {
  if (!from || !to) return null;
  const delta = (series: string) => (to.get(series) ?? 0) - (from.get(series) ?? 0);
  return {
    majorGcs: delta('nodejs_gc_duration_seconds_count{kind="major"}'),
    majorGcMs: delta('nodejs_gc_duration_seconds_sum{kind="major"}') * 1000,
    minorGcs: delta('nodejs_gc_duration_seconds_count{kind="minor"}'),
    minorGcMs: delta('nodejs_gc_duration_seconds_sum{kind="minor"}') * 1000,
    loopDelayP99Ms: (to.get("nodejs_eventloop_lag_p99_seconds") ?? Number.NaN) * 1000,
    loopDelayMaxMs: (to.get("nodejs_eventloop_lag_max_seconds") ?? Number.NaN) * 1000,
  };
}

const describeStalls = (s: Stalls | null) =>
  s === null
    ? "n/a (no /metrics)"
    : `event loop delay p99 ${s.loopDelayP99Ms.toFixed(1)} ms, max ${s.loopDelayMaxMs.toFixed(0)} ms · ` +
      `GC major ${s.majorGcs} (${s.majorGcMs.toFixed(0)} ms), minor ${s.minorGcs} (${s.minorGcMs.toFixed(0)} ms)`;

/** Runs `task` for 0..count-1 with at most `concurrency` under way; results in order. */
async function inParallel<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (value: number | null) => (value === null ? "n/a" : `${value.toFixed(1)}%`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const kb = (bytes: number | null) => (bytes === null ? "n/a" : `${(bytes / 1024).toFixed(2)} KB`);
const describeMemory = (m: MemorySample) =>
  `RSS ${mb(m.rssBytes)} · heap used ${m.heapUsedBytes === null ? "n/a (no /metrics)" : mb(m.heapUsedBytes)}` +
  (m.collected ? " (after a full GC)" : " (no GC first)");
