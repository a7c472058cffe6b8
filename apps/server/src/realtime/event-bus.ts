import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { DeliveryListener, DomainEvent, EventBus, EventHandler } from "./types.ts";

type Logger = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

/** Runs one SQL statement; a pg.Pool's query method fits. */
export type BusQuery = (text: string, values: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

const CHANNEL = "domain_events";
// pg_notify refuses payloads of 8000 bytes or more; larger events travel through bus_events.
const MAX_INLINE_BYTES = 7000;
/** Most notifications sent by one statement (each at most MAX_INLINE_BYTES). */
const MAX_NOTIFIES_PER_STATEMENT = 100;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 10_000;
/** A publisher waits this long at most for its own notification to come back (listener down). */
const ECHO_WAIT_MS = 2_000;
/** Marks a notification with the instance and sequence that published it; removed before handlers see it. */
const ORIGIN_FIELD = "__origin";
/** Marks a notification with its publish time (epoch ms), for the bus's lag; removed like the origin. */
const PUBLISHED_AT_FIELD = "__publishedAt";

/** Calls every handler, logging failures so one bad handler neither stops the others nor the publisher. */
function dispatch(handlers: Iterable<EventHandler>, event: DomainEvent, log: Logger): void {
  for (const handler of handlers) {
    Promise.resolve()
      .then(() => handler(event))
      .catch((err: unknown) => log.error({ err, eventType: event.type }, "event handler failed"));
  }
}

/**
 * The embedded (single instance) bus. Events are delivered after the publisher continues and as a
 * JSON copy, so handlers see exactly what they would receive through PostgreSQL.
 */
export class InProcessEventBus implements EventBus {
  private readonly handlers = new Set<EventHandler>();
  private readonly deliveryListeners = new Set<DeliveryListener>();
  private readonly log: Logger;

  constructor(options: { logger?: Logger } = {}) {
    this.log = options.logger ?? console;
  }

  async publish(event: DomainEvent): Promise<void> {
    const publishedAt = performance.now();
    const copy = JSON.parse(JSON.stringify(event)) as DomainEvent;
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        dispatch(this.handlers, copy, this.log);
        const delivery = { lagSeconds: (performance.now() - publishedAt) / 1000, publishedHere: true };
        for (const listener of this.deliveryListeners) listener(delivery);
        resolve();
      }),
    );
  }

  subscribe(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  onDelivered(listener: DeliveryListener): () => void {
    this.deliveryListeners.add(listener);
    return () => this.deliveryListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.deliveryListeners.clear();
  }
}

export interface PostgresEventBusOptions {
  connectionString: string;
  /** Runs NOTIFY and bus_events statements; by default the bus opens a small pool of its own. */
  query?: BusQuery;
  logger?: Logger;
}

/**
 * The cluster bus: every instance LISTENs on one channel, so an event published anywhere reaches
 * every instance, the publisher included. Events lost while the listener reconnects are not replayed.
 */
export class PostgresEventBus implements EventBus {
  private readonly handlers = new Set<EventHandler>();
  private readonly deliveryListeners = new Set<DeliveryListener>();
  private readonly log: Logger;
  private readonly query: BusQuery;
  private readonly pool: pg.Pool | undefined;
  private listener: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = RECONNECT_MIN_MS;
  private closed = false;
  /** Keeps delivery in NOTIFY order even when a large event has to be loaded first. */
  private delivery: Promise<void> = Promise.resolve();
  private readonly instanceId = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  private sequence = 0;
  /** This instance's publishes waiting to come back through LISTEN, by origin mark. */
  private readonly echoes = new Map<string, () => void>();
  /** Notifications waiting for the next NOTIFY statement, in publish order. */
  private readonly unsent: { payload: string | Promise<string>; sent(): void; failed(err: unknown): void }[] = [];
  private notifying = false;

  private constructor(private readonly options: PostgresEventBusOptions) {
    this.log = options.logger ?? console;
    if (options.query) {
      this.query = options.query;
    } else {
      const pool = new pg.Pool({ connectionString: options.connectionString, max: 2 });
      pool.on("error", (err) => this.log.warn({ err }, "event bus pool client error"));
      this.pool = pool;
      this.query = (text, values) => pool.query(text, values);
    }
  }

  /** Opens the bus once its LISTEN connection is up, so no event published afterwards is missed. */
  static async connect(options: PostgresEventBusOptions): Promise<PostgresEventBus> {
    const bus = new PostgresEventBus(options);
    try {
      await bus.listen();
    } catch (err) {
      await bus.close();
      throw err;
    }
    return bus;
  }

  async publish(event: DomainEvent): Promise<void> {
    const origin = `${this.instanceId}:${++this.sequence}`;
    const inline = JSON.stringify({ ...event, [ORIGIN_FIELD]: origin, [PUBLISHED_AT_FIELD]: Date.now() });
    // A large event is stored first and notified by reference; it keeps its place in the order meanwhile.
    const payload = Buffer.byteLength(inline, "utf8") > MAX_INLINE_BYTES ? this.store(inline) : inline;
    // Waiting for our own notification keeps one order for everything: the publisher's handlers
    // run in NOTIFY order like everyone else's, and the publisher continues after they have.
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<void>((resolve) => {
      this.echoes.set(origin, resolve);
      timer = setTimeout(() => {
        if (this.echoes.delete(origin)) this.log.warn({ eventType: event.type }, "event bus echo not received in time");
        resolve();
      }, ECHO_WAIT_MS);
    });
    try {
      await this.notify(payload);
      await echoed;
    } finally {
      clearTimeout(timer);
      this.echoes.delete(origin);
    }
  }

  /**
   * Sends one notification. Those published while a NOTIFY statement is under way (or in the same
   * turn of the event loop) go together in the next one, in publish order: each NOTIFY transaction
   * takes PostgreSQL's notify lock through its commit and its flush to disk, so one statement for
   * several keeps the lock, the flushes and the round trips down when the load is up.
   */
  private notify(payload: string | Promise<string>): Promise<void> {
    return new Promise<void>((sent, failed) => {
      this.unsent.push({ payload, sent, failed });
      if (!this.notifying) void this.sendUnsent();
    });
  }

  private async sendUnsent(): Promise<void> {
    this.notifying = true;
    await new Promise((resolve) => setImmediate(resolve));
    while (this.unsent.length) {
      const batch = this.unsent.splice(0, MAX_NOTIFIES_PER_STATEMENT);
      // A large event whose row could not be stored fails alone; the others still go.
      const payloads = await Promise.allSettled(batch.map((n) => n.payload));
      const ready: { notification: (typeof batch)[number]; payload: string }[] = [];
      for (const [i, payload] of payloads.entries()) {
        if (payload.status === "fulfilled") ready.push({ notification: batch[i], payload: payload.value });
        else batch[i].failed(payload.reason);
      }
      if (!ready.length) continue;
      try {
        // unnest yields the payloads in array order, and pg_notify queues them in the order it is called.
        await this.query("SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload", [
          CHANNEL,
          ready.map((r) => r.payload),
        ]);
        for (const { notification } of ready) notification.sent();
      } catch (err) {
        for (const { notification } of ready) notification.failed(err);
      }
    }
    this.notifying = false;
  }

  /** Keeps a large event in bus_events; answers the notification that refers to it. */
  private async store(payload: string): Promise<string> {
    // Old rows are pruned on the way: receivers load a row within moments of its NOTIFY.
    const { rows } = await this.query(
      `WITH pruned AS (DELETE FROM bus_events WHERE created_at < now() - interval '10 minutes')
       INSERT INTO bus_events (payload) VALUES ($1) RETURNING id`,
      [payload],
    );
    return JSON.stringify({ ref: rows[0].id });
  }

  subscribe(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  onDelivered(listener: DeliveryListener): () => void {
    this.deliveryListeners.add(listener);
    return () => this.deliveryListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    this.deliveryListeners.clear();
    for (const release of this.echoes.values()) release();
    this.echoes.clear();
    clearTimeout(this.reconnectTimer);
    const listener = this.listener;
    this.listener = undefined;
    await Promise.allSettled([listener?.end(), this.pool?.end()]);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString });
    // Setup failures reject listen(); only a connection that was listening triggers a reconnect.
    let listening = false;
    const onDrop = (err?: Error) => {
      if (!listening || this.closed) return;
      listening = false;
      this.listener = undefined;
      this.log.warn({ err }, "event bus listener disconnected, reconnecting");
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on("error", onDrop);
    client.on("end", () => onDrop());
    client.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload !== undefined) this.receive(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    listening = true;
    this.listener = client;
  }

  private scheduleReconnect(): void {
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.listen().then(
        () => {
          this.reconnectDelay = RECONNECT_MIN_MS;
          if (!this.closed) this.log.info({}, "event bus listener reconnected");
        },
        (err: unknown) => {
          this.log.warn({ err, retryInMs: this.reconnectDelay }, "event bus listener reconnect failed");
          if (!this.closed) this.scheduleReconnect();
        },
      );
    }, delay);
  }

  private receive(payload: string): void {
    this.delivery = this.delivery
      .then(async () => {
        const message = JSON.parse(payload) as DomainEvent | { ref: string };
        const marked = "ref" in message && !("type" in message) ? await this.load(message.ref) : message;
        if (!marked) return;
        const { [ORIGIN_FIELD]: origin, [PUBLISHED_AT_FIELD]: publishedAt, ...event } = marked;
        dispatch(this.handlers, event as DomainEvent, this.log);
        if (typeof publishedAt === "number") {
          const delivery = {
            // Another machine's clock may run ahead of this one's.
            lagSeconds: Math.max(0, Date.now() - publishedAt) / 1000,
            publishedHere: typeof origin === "string" && origin.startsWith(`${this.instanceId}:`),
          };
          for (const listener of this.deliveryListeners) listener(delivery);
        }
        if (typeof origin === "string") this.echoes.get(origin)?.();
      })
      .catch((err: unknown) => this.log.error({ err }, "event bus could not read a notification"));
  }

  private async load(ref: string): Promise<DomainEvent | undefined> {
    const { rows } = await this.query("SELECT payload FROM bus_events WHERE id = $1", [ref]);
    if (rows.length === 0) this.log.warn({ ref }, "event bus row not found");
    return rows[0]?.payload as DomainEvent | undefined;
  }
}

/** Picks the bus from configuration: PostgreSQL when the database is a server, in-process otherwise. */
export async function createEventBus(options: { databaseUrl?: string; logger?: Logger }): Promise<EventBus> {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    return PostgresEventBus.connect({ connectionString: url, logger: options.logger });
  }
  return new InProcessEventBus({ logger: options.logger });
}
