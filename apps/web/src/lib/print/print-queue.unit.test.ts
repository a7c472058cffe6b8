import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PrintQueue, type PrintTask } from "./print-queue.ts";
import type { PrintResult } from "./print-service.ts";

interface Deferred {
  job: string;
  resolve: (result: PrintResult) => void;
}

/** A printer the test answers by hand: each job waits until the test says ok or fails it. */
function manualPrinter() {
  const calls: Deferred[] = [];
  const send = vi.fn(
    (job: string) =>
      new Promise<PrintResult>((resolve) => {
        calls.push({ job, resolve });
      }),
  );
  return { calls, send };
}

const task = (key: string, extra: Partial<PrintTask<string>> = {}): PrintTask<string> => ({ key, build: () => key, ...extra });
const flush = () => vi.advanceTimersByTimeAsync(0);

describe("PrintQueue", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Failures are logged by design; keep the test output quiet.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("prints one job at a time, in the order given", async () => {
    const printer = manualPrinter();
    const queue = new PrintQueue<string>({ send: printer.send });
    queue.enqueue(task("a"));
    queue.enqueue(task("b"));
    queue.enqueue(task("c"));
    await flush();
    expect(printer.calls.map((c) => c.job)).toEqual(["a"]);
    expect(queue.state()).toMatchObject({ busy: true, waiting: 2 });
    printer.calls[0].resolve({ ok: true });
    await flush();
    expect(printer.calls.map((c) => c.job)).toEqual(["a", "b"]);
    printer.calls[1].resolve({ ok: true });
    await flush();
    printer.calls[2].resolve({ ok: true });
    await flush();
    expect(printer.calls.map((c) => c.job)).toEqual(["a", "b", "c"]);
    expect(queue.state()).toMatchObject({ busy: false, waiting: 0 });
  });

  it("prints a key at most once, however often it is offered", async () => {
    const send = vi.fn(async () => ({ ok: true }) as const);
    const onPrinted = vi.fn();
    const queue = new PrintQueue<string>({ send });
    expect(queue.enqueue(task("t1", { onPrinted }))).toBe(true);
    expect(queue.enqueue(task("t1", { onPrinted }))).toBe(false); // waiting already
    await flush();
    expect(queue.enqueue(task("t1", { onPrinted }))).toBe(false); // done
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(onPrinted).toHaveBeenCalledTimes(1);
    expect(queue.isDone("t1")).toBe(true);
  });

  it("remembers keys done before a reload", async () => {
    const send = vi.fn(async () => ({ ok: true }) as const);
    const queue = new PrintQueue<string>({ send, doneKeys: ["t1"] });
    expect(queue.enqueue(task("t1"))).toBe(false);
    await flush();
    expect(send).not.toHaveBeenCalled();
  });

  it("reports each key it printed, for the caller to keep", async () => {
    const onDone = vi.fn();
    const queue = new PrintQueue<string>({ send: async () => ({ ok: true }), onDone });
    queue.enqueue(task("a"));
    await flush();
    expect(onDone).toHaveBeenCalledWith("a");
  });

  it("skips a job that is no longer needed when its turn comes", async () => {
    const send = vi.fn(async (_job: string) => ({ ok: true }) as const);
    const queue = new PrintQueue<string>({ send });
    queue.enqueue(task("gone", { build: () => null }));
    queue.enqueue(task("b"));
    await flush();
    expect(send.mock.calls.map((c) => c[0])).toEqual(["b"]);
    expect(queue.isDone("gone")).toBe(false);
  });

  it("leaves a failed ticket undone, pauses, drops what waited, and asks again after the delay", async () => {
    const printer = manualPrinter();
    const onRetryDue = vi.fn();
    const onFailed = vi.fn();
    const queue = new PrintQueue<string>({ send: printer.send, retryDelayMs: 10_000, onRetryDue });
    queue.enqueue(task("a"));
    queue.enqueue(task("b", { onFailed }));
    await flush();
    printer.calls[0].resolve({ ok: false, error: "printer_unreachable" });
    await flush();
    // b was never sent: the printer is down, it would fail the same way.
    expect(printer.calls.map((c) => c.job)).toEqual(["a"]);
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(queue.isDone("a")).toBe(false);
    expect(queue.state()).toMatchObject({ busy: false, waiting: 0, lastFailure: "printer_unreachable" });
    // Offered again during the pause (e.g. on a feed change): refused, in order, nothing sent.
    expect(queue.enqueue(task("a"))).toBe(false);
    expect(queue.enqueue(task("b"))).toBe(false);
    expect(onRetryDue).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(10_000);
    expect(onRetryDue).toHaveBeenCalledTimes(1);
    expect(queue.enqueue(task("a"))).toBe(true);
    expect(queue.enqueue(task("b"))).toBe(true);
    await flush();
    printer.calls[1].resolve({ ok: true });
    await flush();
    printer.calls[2].resolve({ ok: true });
    await flush();
    expect(printer.calls.map((c) => c.job)).toEqual(["a", "a", "b"]);
    expect(queue.isDone("a") && queue.isDone("b")).toBe(true);
    expect(queue.state().lastFailure).toBeNull();
  });

  it("lets the others through when the agent refuses one job (invalid_job)", async () => {
    const send = vi.fn(
      async (job: string): Promise<PrintResult> => (job === "bad" ? { ok: false, error: "invalid_job" } : { ok: true }),
    );
    const queue = new PrintQueue<string>({ send, retryDelayMs: 5_000 });
    queue.enqueue(task("bad"));
    queue.enqueue(task("good"));
    await flush();
    expect(send.mock.calls.map((c) => c[0])).toEqual(["bad", "good"]);
    expect(queue.isDone("good")).toBe(true);
    expect(queue.enqueue(task("bad"))).toBe(false);
    expect(queue.enqueue(task("other"))).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(queue.enqueue(task("bad"))).toBe(true);
  });

  it("survives a sender or a callback that throws", async () => {
    const send = vi.fn(async (job: string): Promise<PrintResult> => {
      if (job === "boom") throw new Error("socket exploded");
      return { ok: true };
    });
    const queue = new PrintQueue<string>({ send, retryDelayMs: 1_000 });
    queue.enqueue(task("boom"));
    await flush();
    expect(queue.isDone("boom")).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    queue.enqueue(
      task("x", {
        onPrinted: () => {
          throw new Error("mark failed");
        },
      }),
    );
    queue.enqueue(task("y"));
    await flush();
    expect(queue.isDone("x") && queue.isDone("y")).toBe(true);
  });

  it("prints nothing more once stopped", async () => {
    const printer = manualPrinter();
    const queue = new PrintQueue<string>({ send: printer.send });
    queue.enqueue(task("a"));
    queue.enqueue(task("b"));
    await flush();
    queue.stop();
    printer.calls[0].resolve({ ok: true });
    await flush();
    expect(printer.calls).toHaveLength(1);
    expect(queue.enqueue(task("c"))).toBe(false);
  });
});
