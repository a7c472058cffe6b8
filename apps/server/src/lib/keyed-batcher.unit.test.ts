import { describe, expect, it } from "vitest";
import { KeyedBatcher } from "./keyed-batcher.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("KeyedBatcher", () => {
  it("sends the first item at once and gathers the ones that arrive meanwhile into the next batch", async () => {
    const batches: number[][] = [];
    const batcher = new KeyedBatcher<string, number, number>(async (_key, items) => {
      batches.push(items);
      await sleep(20);
      return items.map((n) => n * 10);
    }, 10);
    const first = batcher.add("venue:1", 1);
    const later = [batcher.add("venue:1", 2), batcher.add("venue:1", 3)];
    expect(await Promise.all([first, ...later])).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("keeps one batch under way per key, runs other keys side by side, and caps a batch's size", async () => {
    const running = new Map<string, number>();
    let sideBySide = 0;
    const batches: [string, number[]][] = [];
    const batcher = new KeyedBatcher<string, number, number>(async (key, items) => {
      running.set(key, (running.get(key) ?? 0) + 1);
      expect(running.get(key)).toBe(1);
      sideBySide = Math.max(sideBySide, [...running.values()].filter((n) => n > 0).length);
      batches.push([key, items]);
      await sleep(10);
      running.set(key, (running.get(key) ?? 0) - 1);
      return items;
    }, 2);
    const results = await Promise.all([
      batcher.add("a", 1),
      batcher.add("b", 1),
      batcher.add("a", 2),
      batcher.add("a", 3),
      batcher.add("a", 4),
    ]);
    expect(results).toEqual([1, 1, 2, 3, 4]);
    expect(sideBySide).toBe(2);
    expect(batches.filter(([key]) => key === "a").map(([, items]) => items)).toEqual([[1], [2, 3], [4]]);
  });

  it("runs each item of a failed batch alone, so only the item at fault fails", async () => {
    const batches: number[][] = [];
    const batcher = new KeyedBatcher<string, number, number>(async (_key, items) => {
      batches.push(items);
      await sleep(5);
      if (items.includes(13)) throw new Error("unlucky");
      return items;
    }, 10);
    const first = batcher.add("k", 1);
    const rest = [batcher.add("k", 12), batcher.add("k", 13), batcher.add("k", 14)].map((p) =>
      p.then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    expect(await first).toBe(1);
    expect(await Promise.all(rest)).toEqual([{ value: 12 }, { error: "unlucky" }, { value: 14 }]);
    expect(batches).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
  });

  it("refuses a batch that answers a different number of results", async () => {
    const batcher = new KeyedBatcher<string, number, number>(async () => [], 10);
    await expect(batcher.add("k", 1)).rejects.toThrow("a batch of 1 answered 0 results");
  });
});
