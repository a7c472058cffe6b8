import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PrintQueue, type PrintTask, retryDelayAfter } from "./print-queue.ts";
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

  it("does not let a failing job hold back the ones behind it: they print in order (issue 15)", async () => {
    const printer = manualPrinter();
    const onFailed = vi.fn();
    const queue = new PrintQueue<string>({ send: printer.send, retryDelayMs: 10_000 });
    queue.enqueue(task("a", { onFailed }));
    queue.enqueue(task("b"));
    queue.enqueue(task("c"));
    await flush();
    printer.calls[0].resolve({ ok: false, error: "printer_unreachable", message: "no route" });
    await flush();
    // b goes next at once, not after a pause.
    expect(printer.calls.map((c) => c.job)).toEqual(["a", "b"]);
    printer.calls[1].resolve({ ok: true });
    await flush();
    printer.calls[2].resolve({ ok: true });
    await flush();
    expect(printer.calls.map((c) => c.job)).toEqual(["a", "b", "c"]);
    expect(queue.isDone("b") && queue.isDone("c")).toBe(true);
    expect(queue.isDone("a")).toBe(false);
    expect(onFailed).toHaveBeenCalledWith({ ok: false, error: "printer_unreachable", message: "no route" });
    expect(queue.state()).toMatchObject({ busy: false, waiting: 0, lastFailure: "printer_unreachable" });
  });

  it("lists what did not print, and tries each again later, waiting longer every time (back-off)", async () => {
    const send = vi.fn(async (_job: string): Promise<PrintResult> => ({ ok: false, error: "invalid_job", message: "refused" }));
    const onRetryDue = vi.fn();
    const queue = new PrintQueue<string>({ send, retryDelayMs: 10_000, maxRetryDelayMs: 30_000, onRetryDue });
    vi.setSystemTime(0);
    queue.enqueue(task("bad"));
    await flush();
    expect(queue.failed()).toEqual([
      { key: "bad", job: "bad", error: "invalid_job", message: "refused", attempts: 1, failedAt: 0, retryAt: 10_000 },
    ]);
    // Offered again during its back-off (e.g. on a feed change): refused, nothing sent.
    expect(queue.enqueue(task("bad"))).toBe(false);
    // 10 s, then 20 s, then the 30 s cap.
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { retryAt, failedAt } = queue.failed()[0];
      waits.push(retryAt - failedAt);
      await vi.advanceTimersByTimeAsync(retryAt - failedAt - 1);
      expect(queue.enqueue(task("bad"))).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(onRetryDue).toHaveBeenCalledTimes(attempt);
      expect(queue.enqueue(task("bad"))).toBe(true);
      await flush();
    }
    expect(waits).toEqual([10_000, 20_000, 30_000]);
    expect(queue.failed()[0].attempts).toBe(4);
    expect(retryDelayAfter(9, 10_000, 30_000)).toBe(30_000);
  });

  it("prints a failed job again at once when asked, and takes it off the list once it prints", async () => {
    let answer: PrintResult = { ok: false, error: "printer_timeout" };
    const send = vi.fn(async (_job: string) => answer);
    const queue = new PrintQueue<string>({ send, retryDelayMs: 60_000 });
    queue.enqueue(task("a"));
    await flush();
    expect(queue.failed().map((f) => f.key)).toEqual(["a"]);
    expect(queue.retryNow("unknown")).toBe(false);
    answer = { ok: true };
    expect(queue.retryNow("a")).toBe(true);
    await flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(queue.isDone("a")).toBe(true);
    expect(queue.failed()).toEqual([]);
    expect(queue.state().lastFailure).toBeNull();
  });

  it("retries what failed for the printer's sake as soon as another job prints, but not a refused job", async () => {
    const broken = new Set(["a", "bad"]);
    const send = vi.fn(
      async (job: string): Promise<PrintResult> =>
        broken.has(job) ? { ok: false, error: job === "bad" ? "invalid_job" : "printer_unreachable" } : { ok: true },
    );
    const onRetryDue = vi.fn();
    const queue = new PrintQueue<string>({ send, retryDelayMs: 60_000, onRetryDue });
    queue.enqueue(task("a"));
    queue.enqueue(task("bad"));
    await flush();
    expect(queue.failed().map((f) => f.key)).toEqual(["a", "bad"]);
    broken.delete("a");
    queue.enqueue(task("b"));
    await flush();
    // b came out: the printer works again, so a is due now (the caller offers it again).
    expect(onRetryDue).toHaveBeenCalledTimes(1);
    expect(queue.enqueue(task("a"))).toBe(true);
    expect(queue.enqueue(task("bad"))).toBe(false);
    await flush();
    expect(queue.failed().map((f) => f.key)).toEqual(["bad"]);
  });

  it("neither retries nor lists a print someone waits for, and forgets failed jobs no longer needed", async () => {
    const send = vi.fn(async (_job: string): Promise<PrintResult> => ({ ok: false, error: "printer_unreachable" }));
    const queue = new PrintQueue<string>({ send });
    const onFailed = vi.fn();
    queue.enqueue(task("reprint", { once: true, onFailed }));
    let needed = true;
    queue.enqueue(task("ticket", { build: () => (needed ? "ticket" : null) }));
    await flush();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(queue.failed().map((f) => f.key)).toEqual(["ticket"]);
    expect(queue.enqueue(task("reprint", { once: true }))).toBe(true);
    queue.forgetUnneeded();
    expect(queue.failed()).toHaveLength(1);
    needed = false;
    queue.forgetUnneeded();
    expect(queue.failed()).toEqual([]);
    expect(queue.state().lastFailure).toBeNull();
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
