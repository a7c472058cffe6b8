import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createEventBus, InProcessEventBus, PostgresEventBus } from "../src/realtime/event-bus.ts";
import type { DomainEvent } from "../src/realtime/types.ts";
import { createTestDatabaseUrl, postgresUrl } from "./support/test-app.ts";

const logs: Array<{ level: string; msg?: string }> = [];
const record = (level: string) => (_obj: unknown, msg?: string) => logs.push({ level, msg });
const logger = { info: record("info"), warn: record("warn"), error: record("error") };

afterEach(() => {
  logs.length = 0;
});

async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`condition not met after ${ms} ms`);
    await sleep(10);
  }
}

describe("InProcessEventBus", () => {
  it("has handed the event to every subscriber, as a JSON copy, when publish resolves", async () => {
    const bus = new InProcessEventBus({ logger });
    const first: DomainEvent[] = [];
    const second: DomainEvent[] = [];
    bus.subscribe((e) => {
      first.push(e);
    });
    bus.subscribe((e) => {
      second.push(e);
    });
    const event = { type: "order.sent", retailerId: 1, tableId: 5, at: new Date("2025-01-02T10:00:00Z") };
    const published = bus.publish(event);
    expect(first).toEqual([]); // never inside the publisher's own call
    await published;
    expect([first.length, second.length]).toEqual([1, 1]);
    expect(first[0]).toEqual({ type: "order.sent", retailerId: 1, tableId: 5, at: "2025-01-02T10:00:00.000Z" });
    expect(first[0]).not.toBe(event);
    await bus.close();
  });

  it("logs failing handlers without troubling the publisher or the other handlers", async () => {
    const bus = new InProcessEventBus({ logger });
    const received: string[] = [];
    bus.subscribe(() => {
      throw new Error("sync failure");
    });
    bus.subscribe(async () => {
      throw new Error("async failure");
    });
    bus.subscribe((e) => {
      received.push(e.type);
    });
    await expect(bus.publish({ type: "table.opened", retailerId: 1 })).resolves.toBeUndefined();
    await until(() => received.length === 1 && logs.length === 2);
    expect(logs).toEqual([
      { level: "error", msg: "event handler failed" },
      { level: "error", msg: "event handler failed" },
    ]);
    await bus.close();
  });

  it("stops delivering to an unsubscribed handler and after close", async () => {
    const bus = new InProcessEventBus({ logger });
    const kept: string[] = [];
    const dropped: string[] = [];
    bus.subscribe((e) => {
      kept.push(e.type);
    });
    const unsubscribe = bus.subscribe((e) => {
      dropped.push(e.type);
    });
    unsubscribe();
    await bus.publish({ type: "a", retailerId: 1 });
    await until(() => kept.length === 1);
    await bus.close();
    await bus.publish({ type: "b", retailerId: 1 });
    await sleep(20);
    expect(kept).toEqual(["a"]);
    expect(dropped).toEqual([]);
  });
});

describe("createEventBus", () => {
  it("uses the in-process bus unless the database is a PostgreSQL server", async () => {
    for (const databaseUrl of [undefined, "", "./data", "file:///srv/data"]) {
      const bus = await createEventBus({ databaseUrl, logger });
      expect(bus).toBeInstanceOf(InProcessEventBus);
      await bus.close();
    }
  });

  it("fails fast when the PostgreSQL server cannot be reached", async () => {
    await expect(createEventBus({ databaseUrl: "postgres://postgres@127.0.0.1:1/none", logger })).rejects.toThrow();
  });
});

// Runs in CI's PostgreSQL pass (TEST_POSTGRES_URL), each run in a database of its own.
describe.skipIf(!postgresUrl)("PostgresEventBus", () => {
  let databaseUrl = "";
  const tag = `bus-test-${process.pid}`;
  const withName = (name: string) => `${databaseUrl}${databaseUrl.includes("?") ? "&" : "?"}application_name=${name}`;
  let pool: pg.Pool;
  let a: PostgresEventBus;
  let b: PostgresEventBus;
  const onA: DomainEvent[] = [];
  const onB: DomainEvent[] = [];

  const connections = async (name: string, listenerOnly = false) => {
    const { rows } = await pool.query(
      `SELECT pid FROM pg_stat_activity WHERE application_name = $1 ${listenerOnly ? "AND query = 'LISTEN domain_events'" : ""}`,
      [name],
    );
    return rows.map((r) => r.pid as number);
  };

  beforeAll(async () => {
    databaseUrl = await createTestDatabaseUrl();
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    await pool.query(`CREATE TABLE IF NOT EXISTS bus_events (
      id bigserial PRIMARY KEY, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    a = await PostgresEventBus.connect({ connectionString: withName(`${tag}-a`), logger });
    b = await PostgresEventBus.connect({
      connectionString: withName(`${tag}-b`),
      query: (text, values) => pool.query(text, values),
      logger,
    });
    a.subscribe((e) => {
      onA.push(e);
    });
    b.subscribe((e) => {
      onB.push(e);
    });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await pool?.end();
  });

  const marked = (events: DomainEvent[], marker: string) => events.filter((e) => e.marker === marker);

  it("delivers an event published on one instance to every instance, the publisher included", async () => {
    const marker = randomUUID();
    await a.publish({ type: "order.sent", retailerId: 1, tableId: 5, marker });
    // The publisher's own handlers already have it (read your own writes), without the origin mark.
    expect(marked(onA, marker)).toEqual([{ type: "order.sent", retailerId: 1, tableId: 5, marker }]);
    await until(() => marked(onB, marker).length === 1);
    expect(marked(onB, marker)).toEqual([{ type: "order.sent", retailerId: 1, tableId: 5, marker }]);
  });

  it("carries an event over 7000 bytes through bus_events, keeping NOTIFY order", async () => {
    const marker = randomUUID();
    const note = "ψ".repeat(4000);
    await b.publish({ type: "feed.changed", retailerId: 1, marker, note, seq: 1 });
    await b.publish({ type: "feed.changed", retailerId: 1, marker, seq: 2 });
    await until(() => marked(onA, marker).length === 2 && marked(onB, marker).length === 2);
    expect(marked(onA, marker).map((e) => e.seq)).toEqual([1, 2]);
    expect(marked(onA, marker)[0].note).toBe(note);
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM bus_events WHERE payload->>'marker' = $1", [marker]);
    expect(rows[0].n).toBe(1);
  });

  it("sends events published together in one NOTIFY statement, delivered in publish order everywhere", async () => {
    const notifyStatements: number[] = [];
    const c = await PostgresEventBus.connect({
      connectionString: withName(`${tag}-batch`),
      query: (text, values) => {
        if (text.includes("pg_notify")) notifyStatements.push((values[1] as string[]).length);
        return pool.query(text, values);
      },
      logger,
    });
    try {
      const marker = randomUUID();
      const seqs = Array.from({ length: 30 }, (_, i) => i + 1);
      await Promise.all(seqs.map((seq) => c.publish({ type: "order.sent", retailerId: 1, tableId: seq, marker, seq })));
      expect(notifyStatements).toEqual([30]);
      await until(() => marked(onA, marker).length === 30 && marked(onB, marker).length === 30);
      expect(marked(onA, marker).map((e) => e.seq)).toEqual(seqs);
      expect(marked(onB, marker).map((e) => e.seq)).toEqual(seqs);
    } finally {
      await c.close();
    }
  });

  it("keeps publish order when a large event, stored first, is published together with a small one", async () => {
    const marker = randomUUID();
    await Promise.all([
      a.publish({ type: "order.sent", retailerId: 1, marker, note: "ψ".repeat(4000), seq: 1 }),
      a.publish({ type: "table.changed", retailerId: 1, marker, seq: 2 }),
    ]);
    await until(() => marked(onB, marker).length === 2);
    expect(marked(onA, marker).map((e) => e.seq)).toEqual([1, 2]);
    expect(marked(onB, marker).map((e) => e.seq)).toEqual([1, 2]);
  });

  it("logs notifications it cannot read and keeps listening", async () => {
    await pool.query("SELECT pg_notify('domain_events', $1)", [JSON.stringify({ ref: "-1" })]);
    await pool.query("SELECT pg_notify('domain_events', 'not json')");
    const marker = randomUUID();
    await a.publish({ type: "after.junk", retailerId: 1, marker });
    await until(() => marked(onB, marker).length === 1);
    expect(logs).toContainEqual({ level: "warn", msg: "event bus row not found" });
    expect(logs).toContainEqual({ level: "error", msg: "event bus could not read a notification" });
  });

  it("reconnects its listener when the connection drops", async () => {
    const [pid] = await connections(`${tag}-a`, true);
    expect(pid).toBeTypeOf("number");
    await pool.query("SELECT pg_terminate_backend($1)", [pid]);
    await until(() => logs.some((l) => l.msg === "event bus listener reconnected"));
    expect(logs).toContainEqual({ level: "warn", msg: "event bus listener disconnected, reconnecting" });

    const marker = randomUUID();
    await b.publish({ type: "after.reconnect", retailerId: 1, marker });
    await until(() => marked(onA, marker).length === 1);
  });

  it("close() releases its connections", async () => {
    const name = `${tag}-c`;
    const bus = await createEventBus({ databaseUrl: withName(name), logger });
    expect(bus).toBeInstanceOf(PostgresEventBus);
    await bus.publish({ type: "ping", retailerId: 1 });
    expect((await connections(name)).length).toBeGreaterThan(0);
    await bus.close();
    await until(async () => (await connections(name)).length === 0);
    expect(logs.filter((l) => l.level !== "info")).toEqual([]);
  });
});
