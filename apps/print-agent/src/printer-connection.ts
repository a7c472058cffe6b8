import { once } from "node:events";
import net from "node:net";

export const DEFAULT_PRINTER_PORT = 9100;

export interface PrinterTarget {
  host: string;
  port: number;
}

export interface PrinterTimeouts {
  /** How long the printer may take to accept the connection. */
  connectTimeoutMs: number;
  /** How long the printer may go without taking data (a drain) before the job fails. */
  writeTimeoutMs: number;
}

export const DEFAULT_PRINTER_TIMEOUTS: PrinterTimeouts = { connectTimeoutMs: 3_000, writeTimeoutMs: 5_000 };

export type PrinterErrorCode = "printer_unreachable" | "printer_timeout";

/** A printer failure with the code the print protocol reports to the browser. */
export class PrinterError extends Error {
  constructor(
    readonly code: PrinterErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "PrinterError";
  }
}

/** Sends bytes to one printer; the agent's seam between protocol and transport (TCP, or a dry run). */
export type PrinterSend = (target: PrinterTarget, bytes: Uint8Array) => Promise<void>;

/** Written in chunks so a printer that stops reading is noticed within the drain timeout. */
const CHUNK_BYTES = 16 * 1024;

/**
 * Sends a job to an ESC/POS printer's raw port (9100). Fails with `printer_unreachable` when it
 * cannot connect in time or the connection breaks, and with `printer_timeout` when the printer
 * accepted the connection but stopped taking data (paper out, cover open, a wedged spooler).
 * The socket is always destroyed; nothing here throws outside the returned promise.
 */
export async function sendToPrinter(
  target: PrinterTarget,
  bytes: Uint8Array,
  timeouts: PrinterTimeouts = DEFAULT_PRINTER_TIMEOUTS,
): Promise<void> {
  const where = `${target.host}:${target.port}`;
  const socket = new net.Socket();
  // A late error (after we gave up) must never become an uncaught exception.
  socket.on("error", () => {});
  try {
    try {
      const connected = once(socket, "connect", { signal: AbortSignal.timeout(timeouts.connectTimeoutMs) });
      socket.connect({ host: target.host, port: target.port });
      await connected;
    } catch (error) {
      if (isAbort(error)) {
        throw new PrinterError(
          "printer_unreachable",
          `${where} did not accept a connection within ${timeouts.connectTimeoutMs} ms`,
        );
      }
      throw new PrinterError("printer_unreachable", `cannot connect to ${where}: ${describe(error)}`);
    }
    // Some printers send status bytes; read and drop them so a close never resets the connection.
    socket.resume();
    try {
      for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
        if (!socket.write(bytes.subarray(offset, offset + CHUNK_BYTES))) {
          await waitFor(socket, "drain", timeouts.writeTimeoutMs);
        }
      }
      const finished = waitFor(socket, "finish", timeouts.writeTimeoutMs);
      socket.end();
      await finished;
    } catch (error) {
      if (isAbort(error)) {
        throw new PrinterError("printer_timeout", `${where} stopped taking data for ${timeouts.writeTimeoutMs} ms`);
      }
      throw new PrinterError("printer_unreachable", `connection to ${where} broke: ${describe(error)}`);
    }
  } finally {
    socket.destroy();
  }
}

/** Resolves on the event; rejects on error, on a close before it, or with an AbortError on timeout. */
async function waitFor(socket: net.Socket, event: "drain" | "finish", timeoutMs: number): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const closed = once(socket, "close", { signal: controller.signal }).then(() => {
    throw new Error("connection closed");
  });
  try {
    await Promise.race([once(socket, event, { signal: controller.signal }), closed]);
  } finally {
    clearTimeout(timer);
    controller.abort();
    closed.catch(() => {});
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

function describe(error: unknown): string {
  if (error instanceof Error) return "code" in error && error.code ? String(error.code) : error.message;
  return String(error);
}

/**
 * Runs jobs one at a time per printer, so two tickets never interleave on the paper, while jobs for
 * different printers run side by side. A failed job does not hold up the next one.
 */
export class PrinterQueue {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly send: PrinterSend) {}

  print(target: PrinterTarget, bytes: Uint8Array): Promise<void> {
    const key = `${target.host}:${target.port}`;
    const previous = this.tails.get(key) ?? Promise.resolve();
    const job = previous.then(() => this.send(target, bytes));
    const tail = job.then(
      () => {},
      () => {},
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return job;
  }

  /** Printers with a job queued or printing. */
  get busyPrinters(): number {
    return this.tails.size;
  }
}
