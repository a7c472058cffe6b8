import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGliteThread } from "../src/db/pglite-thread.ts";

// The embedded database runs in a worker thread; these show it keeps PGlite's promises:
// errors with their facts, transactions that commit or roll back, and nothing seen half-done.
let thread: PGliteThread;

beforeAll(async () => {
  thread = await PGliteThread.start(null);
  await thread.exec("create table t (id serial primary key, name text not null unique, at timestamptz default now())");
});
afterAll(async () => thread?.close());

describe("the embedded database in its own thread", () => {
  it("answers rows in either row mode, with timestamps as text when Drizzle asks for it", async () => {
    await thread.query("insert into t (name) values ($1)", ["first"]);
    const objects = await thread.query<{ name: string }>("select name from t where name = $1", ["first"]);
    expect(objects.rows).toEqual([{ name: "first" }]);
    const arrays = await thread.query("select name, at from t where name = $1", ["first"], {
      rowMode: "array",
      parsers: { 1184: (value: string) => value },
    });
    const [[name, at]] = arrays.rows as [string, unknown][];
    expect(name).toBe("first");
    expect(typeof at).toBe("string");
  });

  it("a failed statement rejects with its code and constraint, as PGlite's own errors do", async () => {
    await thread.query("insert into t (name) values ($1)", ["unique"]);
    const error = await thread.query("insert into t (name) values ($1)", ["unique"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "t_name_key" });
  });

  it("a transaction commits when its work resolves and rolls back when it throws", async () => {
    await thread.transaction(async (tx) => {
      await tx.query("insert into t (name) values ($1)", ["kept"]);
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into t (name) values ($1)", ["dropped"]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const names = (await thread.query<{ name: string }>("select name from t where name in ('kept', 'dropped')")).rows;
    expect(names).toEqual([{ name: "kept" }]);
  });

  it("a statement outside a transaction waits until the transaction ends, so it never sees half of it", async () => {
    let releaseTransaction: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      releaseTransaction = resolve;
    });
    const transaction = thread.transaction(async (tx) => {
      await tx.query("insert into t (name) values ($1)", ["half-1"]);
      await held;
      await tx.query("insert into t (name) values ($1)", ["half-2"]);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reading = thread.query<{ count: number }>("select count(*)::int as count from t where name like 'half-%'");
    releaseTransaction();
    await transaction;
    expect((await reading).rows).toEqual([{ count: 2 }]);
  });

  it("after close every call is refused instead of hanging", async () => {
    const other = await PGliteThread.start(null);
    await other.close();
    await expect(other.query("select 1")).rejects.toThrow(/closed/);
  });
});
