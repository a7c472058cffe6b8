import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Gauge, Histogram, type Metric, Registry } from "prom-client";
import type { ConnectionCounts, StatementListener } from "../../db/client.ts";
import type { DeliveryListener } from "../../realtime/types.ts";

/** What the gauges read at each scrape: cheap in-memory counts, and a few counting queries. */
export interface MetricSources {
  hub: { stats(): { connections: number; subscriptions: number } };
  database: { connections(): ConnectionCounts; onStatement(listener: StatementListener): () => void };
  events: { onDelivered(listener: DeliveryListener): () => void };
  queues: {
    /** Fiscal documents still to send and cancellations still to make (features/invoicing/fiscal-outbox.ts). */
    fiscalOutbox(): Promise<{ toSend: number; toCancel: number }>;
    printJobs(): Promise<PrintJobCounts>;
    /** Card-terminal sales the instances keep asking about (features/card-terminals/terminal-sales.ts). */
    terminalSales(): Promise<number>;
  };
  log: { warn(details: object, message: string): void };
}

/** What waits to be printed, by kind: claimed while a screen holds its print lease (lib/print-lease.ts). */
export interface PrintJobCounts {
  ticket: { waiting: number; claimed: number };
  document: { waiting: number; claimed: number };
}

/** Seconds, from a tenth of a millisecond to seconds: a statement, a bus hop, a request. */
const FAST_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Seconds, around the 100 ms an order may take to reach the kitchen. */
const DELIVERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5];

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (memory, CPU, event loop lag, GC), collected once per process however
 * many apps it builds (the tests build several): their collectors run for the life of the process.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The instance's Prometheus metrics, in a registry of its own (never prom-client's global one):
 * histograms observed as things happen, gauges read when /metrics is scraped. The metric names
 * are listed in docs/architecture.md ("Operations"). No label carries a venue, a user or a raw URL,
 * so the series stay few whatever the traffic.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<"method" | "route" | "status_class">;
  private readonly orderToKitchen: Histogram;
  private readonly busLag: Histogram<"publisher">;
  private readonly statementDuration: Histogram;

  constructor() {
    // getMetricsAsArray's type is the metrics' plain shape; the objects are the metrics themselves.
    for (const metric of processMetrics().getMetricsAsArray()) this.registry.registerMetric(metric as unknown as Metric);
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP requests by route pattern, method and status class, from arrival to the answer sent",
      labelNames: ["method", "route", "status_class"],
      buckets: FAST_BUCKETS,
      registers,
    });
    this.orderToKitchen = new Histogram({
      name: "tableorder_order_to_kitchen_seconds",
      help: "From an order's commit to its ticket's STOMP MESSAGE sent to a preparation area's screens here",
      buckets: DELIVERY_BUCKETS,
      registers,
    });
    this.busLag = new Histogram({
      name: "tableorder_event_bus_lag_seconds",
      help: "From an event's publish to its handlers on this instance; publisher says whether this instance published it",
      labelNames: ["publisher"],
      buckets: FAST_BUCKETS,
      registers,
    });
    // Both series exist from the start, so a rate over them is defined before the first event.
    for (const publisher of ["this", "another"]) this.busLag.zero({ publisher });
    this.statementDuration = new Histogram({
      name: "tableorder_db_statement_duration_seconds",
      help: "Database statements, from being handed to the driver to their answer",
      buckets: FAST_BUCKETS,
      registers,
    });
  }

  /** Times every HTTP answer by its route pattern (never the raw URL, whose ids would make a series each). */
  timeRequests(app: FastifyInstance): void {
    app.addHook("onResponse", (request, reply, done) => {
      this.httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? "unmatched",
          status_class: `${Math.floor(reply.statusCode / 100)}xx`,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  /** A new order's ticket reached its area's screens on this instance; `committedAt` is epoch ms. */
  orderDelivered(committedAt: number): void {
    // The order may have been committed on another instance, whose clock may run ahead.
    this.orderToKitchen.observe(Math.max(0, Date.now() - committedAt) / 1000);
  }

  /**
   * Listens to the database and the bus, and reads the hub, the pool and the queues at each scrape.
   * Answers a function that stops listening.
   */
  watch(sources: MetricSources): () => void {
    const registers = [this.registry];
    const { hub, database, queues, log } = sources;
    new Gauge({
      name: "tableorder_websocket_connections",
      help: "Open STOMP WebSocket connections on this instance",
      registers,
      collect() {
        this.set(hub.stats().connections);
      },
    });
    new Gauge({
      name: "tableorder_websocket_subscriptions",
      help: "STOMP subscriptions on this instance",
      registers,
      collect() {
        this.set(hub.stats().subscriptions);
      },
    });
    const pool = (name: string, help: string, read: (counts: ConnectionCounts) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(database.connections()));
        },
      });
    pool("tableorder_db_pool_connections", "Database connections open (PGlite: its one thread)", (c) => c.open);
    pool("tableorder_db_pool_idle_connections", "Database connections idle", (c) => c.idle);
    pool(
      "tableorder_db_pool_waiting_requests",
      "Requests waiting for a database connection (PGlite: statements queued)",
      (c) => c.waiting,
    );

    // Read from the database at each scrape; a failed read leaves its series out rather than stale.
    const counted = <L extends string>(name: string, help: string, labelNames: L[], read: (gauge: Gauge<L>) => Promise<void>) =>
      new Gauge<L>({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          this.reset();
          await read(this).catch((err: unknown) => log.warn({ err, metric: name }, "metrics: a queue depth could not be read"));
        },
      });
    counted(
      "tableorder_fiscal_outbox_pending",
      "Fiscal documents waiting for AADE, by work: send or cancel",
      ["work"],
      async (gauge) => {
        const backlog = await queues.fiscalOutbox();
        gauge.set({ work: "send" }, backlog.toSend);
        gauge.set({ work: "cancel" }, backlog.toCancel);
      },
    );
    counted(
      "tableorder_print_jobs",
      "What waits to be printed: kind ticket (auto-printing areas) or document (the till), state waiting or claimed",
      ["kind", "state"],
      async (gauge) => {
        const jobs = await queues.printJobs();
        for (const kind of ["ticket", "document"] as const) {
          gauge.set({ kind, state: "waiting" }, jobs[kind].waiting);
          gauge.set({ kind, state: "claimed" }, jobs[kind].claimed);
        }
      },
    );
    counted("tableorder_terminal_sales_pending", "Card-terminal sales waiting for their result", [], async (gauge) => {
      gauge.set(await queues.terminalSales());
    });

    const stopTiming = database.onStatement((seconds) => this.statementDuration.observe(seconds));
    const stopHearing = sources.events.onDelivered((delivery) =>
      this.busLag.observe({ publisher: delivery.publishedHere ? "this" : "another" }, delivery.lagSeconds),
    );
    return () => {
      stopTiming();
      stopHearing();
    };
  }

  /** The metrics in Prometheus's text format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
