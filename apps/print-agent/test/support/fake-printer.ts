import net from "node:net";

export interface ReceivedJob {
  bytes: Buffer;
  /** 1 for the printer's first connection, 2 for the next… */
  connection: number;
}

export interface FakePrinter {
  port: number;
  /** Complete jobs, one per connection that ended, in the order they ended. */
  jobs: ReceivedJob[];
  /** Connections accepted so far. */
  connections: number;
  waitForJobs(count: number, timeoutMs?: number): Promise<ReceivedJob[]>;
  /** Lets paused connections read again. */
  resume(): void;
  close(): Promise<void>;
}

/**
 * A stand-in for an ESC/POS printer's raw port (127.0.0.1 on a free port unless told). With `paused`, it accepts connections
 * and reads nothing (a printer out of paper, or wedged), until `resume()`.
 */
export async function startFakePrinter(options: { paused?: boolean; host?: string; port?: number } = {}): Promise<FakePrinter> {
  const jobs: ReceivedJob[] = [];
  const sockets = new Set<net.Socket>();
  let paused = options.paused ?? false;
  let waiters: (() => void)[] = [];
  const server = net.createServer({ highWaterMark: 16 }, (socket) => {
    const connection = ++printer.connections;
    sockets.add(socket);
    const chunks: Buffer[] = [];
    if (paused) socket.pause();
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("end", () => {
      jobs.push({ bytes: Buffer.concat(chunks), connection });
      socket.end();
      for (const wake of waiters) wake();
    });
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));

  const printer: FakePrinter = {
    port: (server.address() as net.AddressInfo).port,
    jobs,
    connections: 0,
    async waitForJobs(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (jobs.length < count) {
        if (Date.now() > deadline) throw new Error(`printer got ${jobs.length} of ${count} jobs`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
        waiters = [];
      }
      // In connection order: a large job may finish draining after a small one sent after it.
      return [...jobs].sort((a, b) => a.connection - b.connection).slice(0, count);
    },
    resume() {
      paused = false;
      for (const socket of sockets) socket.resume();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return printer;
}

/** A port on 127.0.0.1 where nothing listens, so connecting is refused. */
export async function refusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
