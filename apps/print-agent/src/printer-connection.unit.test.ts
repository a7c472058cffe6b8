import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PrinterError, PrinterQueue, type PrinterTarget, sendToPrinter } from "./printer-connection.ts";

const deferred = () => {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const kitchen: PrinterTarget = { host: "192.168.1.50", port: 9100 };
const bar: PrinterTarget = { host: "192.168.1.51", port: 9100 };
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("PrinterQueue", () => {
  it("runs jobs for one printer one at a time, in order, and other printers alongside", async () => {
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const queue = new PrinterQueue(async (target, bytes) => {
      const name = `${target.host}/${bytes[0]}`;
      started.push(name);
      const gate = deferred();
      gates.set(name, gate);
      await gate.promise;
    });
    const first = queue.print(kitchen, Uint8Array.of(1));
    const second = queue.print(kitchen, Uint8Array.of(2));
    const other = queue.print(bar, Uint8Array.of(3));
    await tick();
    expect(started).toEqual(["192.168.1.50/1", "192.168.1.51/3"]);
    gates.get("192.168.1.51/3")?.resolve();
    await other;
    expect(started).toHaveLength(2);
    gates.get("192.168.1.50/1")?.resolve();
    await first;
    await tick();
    expect(started).toEqual(["192.168.1.50/1", "192.168.1.51/3", "192.168.1.50/2"]);
    gates.get("192.168.1.50/2")?.resolve();
    await second;
    await tick();
    expect(queue.busyPrinters).toBe(0);
  });

  it("does not let a failed job hold up the next one", async () => {
    const printed: number[] = [];
    const queue = new PrinterQueue(async (_target, bytes) => {
      if (bytes[0] === 1) throw new PrinterError("printer_timeout", "paper out");
      printed.push(bytes[0]);
    });
    const failing = queue.print(kitchen, Uint8Array.of(1));
    const next = queue.print(kitchen, Uint8Array.of(2));
    await expect(failing).rejects.toMatchObject({ code: "printer_timeout" });
    await next;
    expect(printed).toEqual([2]);
  });
});

describe("sendToPrinter", () => {
  afterEach(() => vi.restoreAllMocks());

  it("gives up on a printer that never answers the connection, and destroys the socket", async () => {
    // A printer that is off: the connection attempt neither succeeds nor fails.
    vi.spyOn(net.Socket.prototype, "connect").mockImplementation(function (this: net.Socket) {
      return this;
    });
    const destroy = vi.spyOn(net.Socket.prototype, "destroy");
    const started = Date.now();
    const error = await sendToPrinter(kitchen, Uint8Array.of(1), { connectTimeoutMs: 100, writeTimeoutMs: 1000 }).catch((e) => e);
    expect(error).toBeInstanceOf(PrinterError);
    expect(error).toMatchObject({ code: "printer_unreachable", message: expect.stringContaining("within 100 ms") });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(destroy).toHaveBeenCalled();
  });
});
