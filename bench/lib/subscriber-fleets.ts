import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type FleetCommand, type FleetCounts, type FleetReply, type FleetSubscriber, noFleetCounts } from "./fleet-protocol.ts";

const FLEET_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), "subscriber-fleet.ts");
/** Sockets a fleet leaves free under its open-files limit: its IPC pipe, stdio, node's own files. */
const FD_MARGIN = 200;
/** Most subscribers in one fleet, whatever the limit: keeps each under one source address's ephemeral ports. */
const MOST_PER_FLEET = 10_000;
/** Handshakes each fleet keeps under way at once. */
const CONCURRENCY = 64;

/** A process's open-files limits (soft and hard), from /proc; null where they cannot be read. */
export function openFilesLimits(pid: number | "self"): { soft: number; hard: number } | null {
  try {
    const line = readFileSync(`/proc/${pid}/limits`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    if (!line) return null;
    const [soft, hard] = line
      .split(/\s{2,}/)
      .slice(1, 3)
      .map((v) => (v === "unlimited" ? Number.POSITIVE_INFINITY : Number(v)));
    return { soft, hard };
  } catch {
    return null;
  }
}

/**
 * Idle subscribers held by child processes ("fleets"). Each fleet holds at most what its
 * open-files limit allows and connects from a source address of its own (127.0.0.2, 127.0.0.3,
 * …): loopback offers about 28,000 ephemeral ports per source and destination address, fewer
 * than the subscribers one instance should hold.
 */
export class SubscriberFleets {
  private constructor(
    private readonly fleets: ChildProcess[],
    private readonly exited: Promise<void>[],
  ) {}

  /** Opens every subscriber and resolves once each is subscribed or has failed. */
  static async open(options: {
    wsUrl: string;
    subscribers: FleetSubscriber[];
    heartbeatMs: number;
    log: (line: string) => void;
  }): Promise<{ fleets: SubscriberFleets; counts: FleetCounts }> {
    const limit = openFilesLimits("self")?.soft ?? 1024;
    // Node raises its soft limit to the hard one at start, and a child inherits it.
    const perFleet = Math.max(1, Math.min(MOST_PER_FLEET, limit - FD_MARGIN));
    const total = options.subscribers.length;
    const fleetCount = Math.ceil(total / perFleet);
    if (fleetCount > 250) throw new Error(`${fleetCount} fleets needed for ${total} subscribers: raise the open-files limit`);
    const children: ChildProcess[] = [];
    const exited: Promise<void>[] = [];
    const settled = new Array<number>(fleetCount).fill(0);
    const opened: Promise<FleetCounts>[] = [];
    for (let i = 0; i < fleetCount; i++) {
      const child = fork(FLEET_ENTRY, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
      children.push(child);
      exited.push(new Promise((resolve) => child.once("exit", () => resolve())));
      opened.push(
        new Promise((resolve, reject) => {
          child.on("message", (reply: FleetReply) => {
            if (reply.type === "progress") settled[i] = reply.settled;
            else if (reply.type === "opened") resolve(reply.counts);
          });
          child.once("exit", (code) => reject(new Error(`subscriber fleet ${i + 1} exited (${code}) while opening`)));
        }),
      );
      const command: FleetCommand = {
        type: "open",
        wsUrl: options.wsUrl,
        localAddress: `127.0.0.${2 + i}`,
        heartbeatMs: options.heartbeatMs,
        concurrency: CONCURRENCY,
        subscribers: options.subscribers.slice(i * perFleet, (i + 1) * perFleet),
      };
      child.send(command);
    }
    const fleets = new SubscriberFleets(children, exited);
    const started = Date.now();
    const progress = setInterval(() => {
      const done = settled.reduce((a, b) => a + b, 0);
      options.log(`  ${done} of ${total} subscribers settled (${Math.round((done / ((Date.now() - started) / 1000)) | 0)}/s)`);
    }, 10_000);
    try {
      const counts = sum(await Promise.all(opened));
      return { fleets, counts };
    } catch (error) {
      await fleets.close();
      throw error;
    } finally {
      clearInterval(progress);
    }
  }

  /** How many child processes hold the subscribers. */
  get size(): number {
    return this.fleets.length;
  }

  /** What the fleets have seen so far, added together. */
  async report(): Promise<FleetCounts> {
    return sum(await Promise.all(this.fleets.map((child) => this.ask(child, { type: "report" }, "report"))));
  }

  /** Closes every subscriber and ends the fleets; resolves with their last counts. */
  async close(): Promise<FleetCounts | null> {
    const live = this.fleets.filter((child) => child.connected);
    const reports = await Promise.all(live.map((child) => this.ask(child, { type: "close" }, "closed").catch(() => null)));
    const timer = setTimeout(() => {
      for (const child of this.fleets) if (child.exitCode === null) child.kill("SIGKILL");
    }, 15_000);
    await Promise.all(this.exited);
    clearTimeout(timer);
    const received = reports.filter((r): r is FleetCounts => r !== null);
    return received.length ? sum(received) : null;
  }

  private ask(child: ChildProcess, command: FleetCommand, answer: "report" | "closed"): Promise<FleetCounts> {
    return new Promise((resolve, reject) => {
      const onMessage = (reply: FleetReply) => {
        if (reply.type !== answer) return;
        child.off("message", onMessage);
        resolve(reply.counts);
      };
      child.on("message", onMessage);
      child.once("exit", () => reject(new Error("subscriber fleet exited")));
      child.send(command);
    });
  }
}

function sum(reports: FleetCounts[]): FleetCounts {
  const total = noFleetCounts();
  for (const r of reports) {
    total.subscribed += r.subscribed;
    for (const [reason, n] of Object.entries(r.failures)) total.failures[reason] = (total.failures[reason] ?? 0) + n;
    total.messages += r.messages;
    total.messageDestinations.push(...r.messageDestinations);
    total.errors += r.errors;
    total.closedByServer += r.closedByServer;
    total.heartbeatsSent += r.heartbeatsSent;
    total.heartbeatsReceived += r.heartbeatsReceived;
    total.cpuMs += r.cpuMs;
    total.rssBytes += r.rssBytes;
  }
  return total;
}
