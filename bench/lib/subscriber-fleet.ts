/**
 * A child process of the bench holding many idle STOMP subscribers, as phones and screens that
 * stay open: each connects with heart-beats, subscribes, waits for the receipts, then only beats
 * and counts what arrives. Started by subscriber-fleets.ts, which talks to it over IPC; the
 * subscribers are spread over several such processes because one process may hold only as many
 * sockets as its open-files limit allows.
 *
 * The STOMP side is written by hand on `ws`, not with @stomp/stompjs: a stompjs client keeps two
 * timers and several closures per connection, too heavy for tens of thousands in one process.
 * Heart-beats go out from one timer per process, not timers per connection.
 */
import { WebSocket } from "ws";
import { type FleetCommand, type FleetCounts, type FleetReply, type FleetSubscriber, noFleetCounts } from "./fleet-protocol.ts";

/** One subscriber to open: its token (for the upgrade) and the destinations it subscribes to. */

/** How often the heart-beat timer looks for connections whose period is up. */
const BEAT_TICK_MS = 100;
const HANDSHAKE_TIMEOUT_MS = 60_000;
const LF = 0x0a;

interface Held {
  socket: WebSocket;
  /** When it last beat (performance.now()). */
  lastBeat: number;
  /** RECEIPTs still awaited before the subscriber counts as subscribed. */
  awaitedReceipts: number;
}

const held: Held[] = [];
const counts: FleetCounts = noFleetCounts();
let closing = false;
let beatTimer: NodeJS.Timeout | null = null;

const send = (reply: FleetReply) => process.send?.(reply);

function snapshot(): FleetCounts {
  const cpu = process.cpuUsage();
  return { ...counts, cpuMs: (cpu.user + cpu.system) / 1000, rssBytes: process.memoryUsage.rss() };
}

function fail(reason: string): void {
  counts.failures[reason] = (counts.failures[reason] ?? 0) + 1;
}

/** The command line of a frame, and one header's value, without parsing the whole frame. */
function command(data: Buffer): string {
  const end = data.indexOf(LF);
  return data.toString("latin1", 0, end < 0 ? data.length : end);
}

function header(data: Buffer, name: string): string | undefined {
  const match = new RegExp(`\n${name}:([^\n]*)\n`).exec(data.toString("utf8", 0, Math.min(data.length, 1024)));
  return match?.[1];
}

/** Opens one subscriber and resolves once it is subscribed or has failed. */
function open(options: Extract<FleetCommand, { type: "open" }>, subscriber: FleetSubscriber): Promise<void> {
  return new Promise((settle) => {
    let settled = false;
    const done = (failure?: string) => {
      if (settled) return;
      settled = true;
      if (failure) {
        fail(failure);
        socket.terminate();
      } else {
        counts.subscribed += 1;
      }
      settle();
    };
    const socket = new WebSocket(`${options.wsUrl}?access_token=${encodeURIComponent(subscriber.token)}`, ["v12.stomp"], {
      localAddress: options.localAddress,
      perMessageDeflate: false,
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    });
    const entry: Held = { socket, lastBeat: 0, awaitedReceipts: subscriber.destinations.length };
    socket.on("open", () => {
      const beat = options.heartbeatMs;
      socket.send(`CONNECT\naccept-version:1.2\nhost:bench\nheart-beat:${beat},${beat}\n\n\0`);
    });
    socket.on("message", (raw: Buffer) => {
      if (raw.length <= 2 && raw[raw.length - 1] === LF) {
        counts.heartbeatsReceived += 1;
        return;
      }
      switch (command(raw)) {
        case "CONNECTED":
          // Beating from here on, even while the subscriptions are still being confirmed.
          entry.lastBeat = performance.now();
          held.push(entry);
          // One frame per message, as @stomp/stompjs sends them, each asking for a receipt as the web app does.
          subscriber.destinations.forEach((destination, i) => {
            socket.send(`SUBSCRIBE\nid:sub-${i}\ndestination:${destination}\nreceipt:r-${i}\n\n\0`);
          });
          return;
        case "RECEIPT":
          entry.awaitedReceipts -= 1;
          if (entry.awaitedReceipts === 0) done();
          return;
        case "MESSAGE":
          counts.messages += 1;
          if (counts.messageDestinations.length < 10) counts.messageDestinations.push(header(raw, "destination") ?? "?");
          return;
        case "ERROR":
          if (!settled) done(`ERROR ${header(raw, "message") ?? ""}`.trim());
          else counts.errors += 1;
          return;
        default:
          if (!settled) done(`unexpected ${command(raw).slice(0, 20)}`);
      }
    });
    socket.on("unexpected-response", (_req, res) => done(`HTTP ${res.statusCode}`));
    socket.on("error", (error: NodeJS.ErrnoException) => done(error.code ?? error.message.slice(0, 60)));
    socket.on("close", () => {
      if (!settled) done("closed before subscribed");
      else if (!closing) counts.closedByServer += 1;
    });
  });
}

async function openAll(options: Extract<FleetCommand, { type: "open" }>): Promise<void> {
  // Each tick beats the connections whose period is up, so the beats stay spread over time as the
  // connections are, and a tick that comes late (a busy machine) catches up instead of skipping.
  // The beats start at once: the server closes a connection silent for twice the period, and
  // opening them all takes longer than that.
  beatTimer = setInterval(() => {
    const now = performance.now();
    for (const entry of held) {
      if (now - entry.lastBeat < options.heartbeatMs || entry.socket.readyState !== WebSocket.OPEN) continue;
      entry.socket.send("\n");
      entry.lastBeat = now;
      counts.heartbeatsSent += 1;
    }
  }, BEAT_TICK_MS);
  let next = 0;
  let settledCount = 0;
  const progress = setInterval(() => send({ type: "progress", settled: settledCount }), 1000);
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency, options.subscribers.length) }, async () => {
      while (next < options.subscribers.length) {
        await open(options, options.subscribers[next++]);
        settledCount += 1;
      }
    }),
  );
  clearInterval(progress);
  send({ type: "opened", counts: snapshot() });
}

async function closeAll(): Promise<void> {
  closing = true;
  if (beatTimer) clearInterval(beatTimer);
  const report = snapshot();
  await Promise.all(
    held.map(
      ({ socket }) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once("close", () => resolve());
          socket.send("DISCONNECT\n\n\0");
          socket.close(1000);
          setTimeout(() => socket.terminate(), 5000).unref();
        }),
    ),
  );
  send({ type: "closed", counts: report });
  process.disconnect?.();
}

process.on("message", (message: FleetCommand) => {
  if (message.type === "open") void openAll(message);
  else if (message.type === "report") send({ type: "report", counts: snapshot() });
  else if (message.type === "close") void closeAll();
});
// The bench went away: nothing is left to report to.
process.on("disconnect", () => {
  if (!closing) process.exit(0);
});
