import { performance } from "node:perf_hooks";
import pg from "pg";
import { loadAverage, machineCpu, machineUsage } from "../lib/machine.ts";
import { runOpenLoop } from "../lib/open-loop.ts";
import { BUS_CHANNEL } from "../lib/pg-stats.ts";
import type { BenchContext, ResultSection, Scenario, ScenarioResult } from "../lib/scenario.ts";
import { processCpuMs } from "../lib/server-process.ts";
import { formatSummary, ms, Samples } from "../lib/stats.ts";
import { measureOrderToKitchen } from "./order-to-kitchen.ts";

/** Real orders sent through the server to sample the bus's payloads: few, slow, so the sizes are all that matters. */
const SAMPLE_RATE = 20;
const SAMPLE_SECONDS = 5;
/** How long listeners may take to catch up after the publishers stop before the rest counts as missing. */
const DRAIN_MS = 10_000;
const QUEUE_SAMPLE_MS = 200;

/**
 * One measured step. `perTransaction` 1 is the bus publishing one event alone (a `pg_notify` in a
 * transaction of its own, event-bus.ts); 10 is several events that met in one statement, as the
 * bus batches them under load. `rate` makes it an open loop (latency at a given load) instead of
 * publishers sending as fast as they can.
 */
interface Step {
  listeners: number;
  publishers: number;
  perTransaction: number;
  rate?: number;
}

interface StepFigures extends Step {
  seconds: number;
  sent: number;
  /** Notifications each listener received, lowest of all listeners. */
  leastReceived: number;
  missing: number;
  latency: Samples;
  drainMs: number;
  /** CPU of this database's backends, 100% = one core; null where /proc cannot be read. */
  postgresCpuPct: number | null;
  clientCpuPct: number;
  /** Busy CPU of everything else on the machine (the idle server, other work), 100% = one core. */
  otherCpuPct: number | null;
  peakQueueUsage: number;
  walSyncs: number | null;
}

interface BusSample {
  /** Byte size of each notification's payload, in the order the bus sent them. */
  sizes: number[];
  byType: Map<string, Samples>;
  /** Events too large for NOTIFY, sent as a reference to a bus_events row. */
  viaTable: number;
  orders: number;
  ticketsDelivered: string;
}

/**
 * Publishers sending as fast as they can. A listener stands for a server instance (each has one
 * LISTEN connection); a publisher for one of the instances' bus connections.
 */
const SATURATING_STEPS: Step[] = [
  { listeners: 1, publishers: 1, perTransaction: 1 },
  { listeners: 1, publishers: 4, perTransaction: 1 },
  { listeners: 1, publishers: 16, perTransaction: 1 },
  { listeners: 2, publishers: 4, perTransaction: 1 },
  { listeners: 4, publishers: 4, perTransaction: 1 },
  { listeners: 16, publishers: 4, perTransaction: 1 },
  { listeners: 4, publishers: 4, perTransaction: 10 },
];
/** The last step, at --rate notifications per second. */
const OPEN_LOOP_STEP: Step = { listeners: 4, publishers: 4, perTransaction: 1 };

/**
 * What one PostgreSQL's LISTEN/NOTIFY carries: first a few real orders go through the server
 * while the bench listens on the bus's channel, recording every payload's size; then publishers
 * send notifications of those sizes (in the order the bus sent them) on a channel of the bench's
 * own to 1-16 listening connections, as fast as they can and at --rate.
 */
export const notifyThroughput: Scenario = {
  name: "notify-throughput",
  description:
    `LISTEN/NOTIFY on the --database-url PostgreSQL: samples the event bus's payload sizes from ${SAMPLE_RATE * SAMPLE_SECONDS} real orders, ` +
    "then sends notifications of those sizes (one per transaction, and 10) from 1-16 publishing connections to 1-16 listening ones " +
    `(--duration s split over the ${SATURATING_STEPS.length + 1} steps, at least 2 s each; no warm-up), the last step at --rate/s (default 1000); ` +
    "reports notifications/s delivered to every listener, publish-to-receive latency and PostgreSQL's CPU",
  needsDatabaseUrl: "it measures that PostgreSQL's LISTEN/NOTIFY, after sampling what the server's event bus sends there",
  defaultRate: 1000,
  budgetSec: (options) => SAMPLE_SECONDS + options.durationSec + (SATURATING_STEPS.length + 1) * (DRAIN_MS / 1000 + 5) + 60,
  async run({ server, options, log }: BenchContext): Promise<ScenarioResult> {
    const databaseUrl = server.databaseUrl;
    if (!databaseUrl) throw new Error("notify-throughput needs the server started with --database-url");
    const loadBefore = loadAverage();

    log(`sampling the bus: ${SAMPLE_RATE} orders/s for ${SAMPLE_SECONDS} s while listening on "${BUS_CHANNEL}"`);
    const sample = await sampleBus(databaseUrl, () =>
      measureOrderToKitchen({
        scenario: "notify-throughput sample",
        orderServer: server,
        kitchenServer: server,
        options: { ...options, rate: SAMPLE_RATE, warmupSec: 0, durationSec: SAMPLE_SECONDS, cashDesk: false, pgStats: false },
        log,
      }),
    );
    if (!sample.sizes.length) {
      throw new Error(
        `no notification seen on "${BUS_CHANNEL}" during ${sample.orders} orders (${sample.ticketsDelivered} delivered): ` +
          "does the server's bus still use that channel on this database?",
      );
    }

    const steps: Step[] = [...SATURATING_STEPS, { ...OPEN_LOOP_STEP, rate: options.rate }];
    const seconds = Math.max(2, options.durationSec / steps.length);
    const figures: StepFigures[] = [];
    for (const step of steps) {
      log(
        `${step.listeners} listeners, ${step.publishers} publishers, ${step.perTransaction} per transaction, ` +
          `${step.rate ? `${step.rate}/s` : "as fast as they can"}, ${seconds.toFixed(1)} s`,
      );
      figures.push(await measureStep(databaseUrl, step, seconds, sample.sizes));
    }
    return report(sample, figures, loadBefore, server.logProblems());
  },
};

/** Runs `load` while listening on the bus's channel, recording each payload's size and event type. */
async function sampleBus(databaseUrl: string, load: () => Promise<ScenarioResult>): Promise<BusSample> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sizes: number[] = [];
  const byType = new Map<string, Samples>();
  let viaTable = 0;
  client.on("notification", (message) => {
    if (message.channel !== BUS_CHANNEL || message.payload === undefined) return;
    const bytes = Buffer.byteLength(message.payload, "utf8");
    sizes.push(bytes);
    const event = JSON.parse(message.payload) as { type?: string; ref?: string };
    if (event.ref !== undefined && event.type === undefined) viaTable += 1;
    const type = event.type ?? "(reference to bus_events)";
    const samples = byType.get(type) ?? new Samples();
    byType.set(type, samples);
    samples.add(bytes);
  });
  await client.query(`LISTEN ${BUS_CHANNEL}`);
  try {
    const result = await load();
    const tickets = result.data.tickets as { expected: number; received: number; duplicates: number };
    const orders = (result.data.orders as { ok: number }).ok;
    // The last notifications may still be on their way.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return {
      sizes,
      byType,
      viaTable,
      orders,
      ticketsDelivered: `${tickets.received} of ${tickets.expected} tickets, ${tickets.duplicates} twice`,
    };
  } finally {
    await client.end();
  }
}

async function measureStep(databaseUrl: string, step: Step, seconds: number, sizes: number[]): Promise<StepFigures> {
  const channel = `bench_notify_${process.pid}`;
  const filler = "x".repeat(Math.max(...sizes));
  const sentAt: number[] = [];
  const latency = new Samples();
  const listeners: { client: pg.Client; received: number }[] = [];
  const publishers = new pg.Pool({ connectionString: databaseUrl, max: step.publishers });
  const observer = new pg.Client({ connectionString: databaseUrl });
  try {
    for (let i = 0; i < step.listeners; i++) {
      const listener = { client: new pg.Client({ connectionString: databaseUrl }), received: 0 };
      listener.client.on("notification", (message) => {
        const arrivedAt = performance.now();
        const payload = message.payload ?? "";
        listener.received += 1;
        latency.add(arrivedAt - sentAt[Number(payload.slice(0, payload.indexOf("|")))]);
      });
      await listener.client.connect();
      await listener.client.query(`LISTEN ${channel}`);
      listeners.push(listener);
    }
    await observer.connect();
    // Every publishing connection open before the clock starts.
    await Promise.all(Array.from({ length: step.publishers }, () => publishers.query("select 1")));

    /** A payload of the i-th sampled size that starts with its sequence number. */
    const payloadOf = (seq: number) => {
      const prefix = `${seq}|`;
      return prefix + filler.slice(0, Math.max(0, sizes[seq % sizes.length] - prefix.length));
    };
    let next = 0;
    let sent = 0;
    const publish = async () => {
      const first = next;
      next += step.perTransaction;
      const payloads = Array.from({ length: step.perTransaction }, (_, i) => payloadOf(first + i));
      const now = performance.now();
      for (let i = 0; i < payloads.length; i++) sentAt[first + i] = now;
      if (step.perTransaction === 1) await publishers.query("SELECT pg_notify($1, $2)", [channel, payloads[0]]);
      else await publishers.query("SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p", [channel, payloads]);
      sent += step.perTransaction;
    };

    let peakQueueUsage = 0;
    const queueTimer = setInterval(() => {
      observer
        .query("select pg_notification_queue_usage() as usage")
        .then(({ rows }) => {
          peakQueueUsage = Math.max(peakQueueUsage, Number(rows[0].usage));
        })
        .catch(() => undefined);
    }, QUEUE_SAMPLE_MS);
    const walSyncs = async () => {
      try {
        return Number((await observer.query("select wal_sync from pg_stat_wal")).rows[0].wal_sync);
      } catch {
        return null;
      }
    };
    const walBefore = await walSyncs();
    // The backends of this database only (the bench's connections and the idle server's), so other
    // work on the same PostgreSQL is not counted; one that ends meanwhile drops out.
    const backends = (
      await observer.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database()")
    ).rows.map((row) => row.pid);
    const postgresBefore = new Map(backends.map((pid) => [pid, processCpuMs(pid)]));
    const clientBefore = process.cpuUsage();
    const machineBefore = machineCpu();
    const began = performance.now();
    if (step.rate) {
      await runOpenLoop({ rate: step.rate, durationMs: seconds * 1000, maxInFlight: step.publishers, task: publish });
    } else {
      const end = began + seconds * 1000;
      await Promise.all(
        Array.from({ length: step.publishers }, async () => {
          while (performance.now() < end) await publish();
        }),
      );
    }
    const elapsed = performance.now() - began;
    let postgresMs: number | null = null;
    for (const [pid, before] of postgresBefore) {
      const after = processCpuMs(pid);
      if (before !== null && after !== null) postgresMs = (postgresMs ?? 0) + after - before;
    }
    const clientCpu = process.cpuUsage(clientBefore);
    const machine = machineUsage(machineBefore, machineCpu(), elapsed);
    const walAfter = await walSyncs();
    const drainStart = performance.now();
    while (listeners.some((l) => l.received < sent) && performance.now() - drainStart < DRAIN_MS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const drainMs = performance.now() - drainStart;
    clearInterval(queueTimer);
    const leastReceived = Math.min(...listeners.map((l) => l.received));
    const postgresCpuPct = postgresMs === null ? null : (postgresMs / elapsed) * 100;
    const clientCpuPct = ((clientCpu.user + clientCpu.system) / 1000 / elapsed) * 100;
    return {
      ...step,
      seconds: elapsed / 1000,
      sent,
      leastReceived,
      missing: listeners.reduce((sum, l) => sum + Math.max(0, sent - l.received), 0),
      latency,
      drainMs,
      postgresCpuPct,
      clientCpuPct,
      otherCpuPct: machine ? Math.max(0, machine.busyPct - clientCpuPct - (postgresCpuPct ?? 0)) : null,
      peakQueueUsage,
      walSyncs: walBefore !== null && walAfter !== null ? walAfter - walBefore : null,
    };
  } finally {
    await Promise.allSettled([...listeners.map((l) => l.client.end()), publishers.end(), observer.end()]);
  }
}

function report(sample: BusSample, figures: StepFigures[], loadBefore: string, serverProblems: string[]): ScenarioResult {
  const sizeSummary = (samples: Samples) => {
    const s = samples.summary();
    return `${s.count} × p50 ${s.p50} B · p95 ${s.p95} B · max ${s.max} B`;
  };
  const all = new Samples();
  for (const size of sample.sizes) all.add(size);
  const label = (f: StepFigures) =>
    `${f.listeners} listener${f.listeners > 1 ? "s" : ""} · ${f.publishers} publisher${f.publishers > 1 ? "s" : ""}` +
    `${f.perTransaction > 1 ? ` · ${f.perTransaction} per transaction` : ""}${f.rate ? ` · at ${f.rate}/s` : ""}`;
  const delivered = (f: StepFigures) => f.leastReceived / f.seconds;

  const warnings: string[] = [];
  for (const f of figures) {
    if (f.missing > 0)
      warnings.push(`${label(f)}: ${f.missing} notifications not received ${DRAIN_MS / 1000} s after the last was sent`);
    if (f.clientCpuPct > 80) {
      warnings.push(`${label(f)}: the bench used ${f.clientCpuPct.toFixed(0)}% of a core; it may be what limits this step`);
    }
  }
  for (const f of figures) {
    if (f.rate && f.sent < f.rate * f.seconds * 0.95) {
      warnings.push(`at ${f.rate}/s only ${(f.sent / f.seconds).toFixed(0)}/s went out: past what this PostgreSQL carries`);
    }
  }
  if (serverProblems.length)
    warnings.push(`server logged ${serverProblems.length} warnings/errors, first: ${serverProblems[0].slice(0, 300)}`);

  const sections: ResultSection[] = [
    {
      heading: `event bus payloads (${sample.orders} real orders at ${SAMPLE_RATE}/s through the server; ${sample.ticketsDelivered})`,
      rows: [
        ["notifications per order", (sample.sizes.length / Math.max(1, sample.orders)).toFixed(2)],
        ["all payloads", sizeSummary(all)],
        ...[...sample.byType].map(([type, samples]) => [`  ${type}`, sizeSummary(samples)] as [string, string]),
        ["sent through bus_events (> 7000 B)", String(sample.viaTable)],
      ],
    },
    {
      heading: "throughput: notifications of those sizes, one transaction each unless said",
      rows: figures.map((f) => [
        label(f),
        `${(f.sent / f.seconds).toFixed(0)}/s sent · ${delivered(f).toFixed(0)}/s to each listener · ` +
          `latency p50 ${ms(f.latency.percentile(50))} · p99 ${ms(f.latency.percentile(99))}`,
      ]),
    },
    {
      heading: "per step: publish-to-receive latency over every listener",
      rows: figures.map((f) => [label(f), formatSummary(f.latency.summary())]),
    },
    {
      heading: "per step: cost (CPU: 100% = one core; postgres = this database's backends)",
      rows: figures.map((f) => [
        label(f),
        `CPU postgres ${
          f.postgresCpuPct === null
            ? "n/a"
            : `${f.postgresCpuPct.toFixed(0)}% (${ms(((f.postgresCpuPct / 100) * f.seconds * 1000) / Math.max(1, f.sent), 3)} per notification)`
        } · bench ${f.clientCpuPct.toFixed(0)}% · ` +
          `everything else ${f.otherCpuPct === null ? "n/a" : `${f.otherCpuPct.toFixed(0)}%`} · ` +
          `WAL flushes (whole cluster) ${f.walSyncs === null ? "n/a" : `${(f.walSyncs / Math.max(1, f.sent / f.perTransaction)).toFixed(2)} per transaction`} · ` +
          `queue peak ${(f.peakQueueUsage * 100).toFixed(3)}% · drain ${ms(f.drainMs, 0)}`,
      ]),
    },
    { heading: "machine", rows: [["load average before", loadBefore]] },
  ];
  return {
    title: "notify-throughput · LISTEN/NOTIFY with the event bus's payload sizes",
    sections,
    warnings,
    data: {
      scenario: "notify-throughput",
      payloads: {
        orders: sample.orders,
        notifications: sample.sizes.length,
        all: all.summary(),
        byType: Object.fromEntries([...sample.byType].map(([type, samples]) => [type, samples.summary()])),
        viaTable: sample.viaTable,
      },
      steps: figures.map(({ latency, ...f }) => ({
        ...f,
        sentPerSec: f.sent / f.seconds,
        deliveredPerListenerPerSec: delivered({ ...f, latency }),
        latencyMs: latency.summary(),
      })),
      loadBefore,
    },
  };
}
