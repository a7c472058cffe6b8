import { describe, expect, it } from "vitest";
import { KeyedSerialQueue } from "./keyed-serial-queue.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("KeyedSerialQueue", () => {
  it("finishes tasks of one key in the order they came, even when a later one is faster", async () => {
    const queue = new KeyedSerialQueue();
    const done: string[] = [];
    await Promise.all([
      queue.run("table:1", async () => {
        await sleep(30);
        done.push("first");
      }),
      queue.run("table:1", async () => {
        done.push("second");
      }),
    ]);
    expect(done).toEqual(["first", "second"]);
  });

  it("runs different keys side by side, and a failed task does not block the next", async () => {
    const queue = new KeyedSerialQueue();
    const done: string[] = [];
    const slow = queue.run("a", async () => {
      await sleep(30);
      done.push("a");
    });
    await queue.run("b", async () => {
      done.push("b");
    });
    await slow;
    expect(done).toEqual(["b", "a"]);
    await expect(queue.run("a", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await queue.run("a", async () => {
      done.push("after failure");
    });
    expect(done).toContain("after failure");
  });
});
