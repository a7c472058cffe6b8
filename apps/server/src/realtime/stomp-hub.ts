import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { type RawData, WebSocket, WebSocketServer } from "ws";
import type { Principal } from "../auth/principal.ts";
import { parseFrames, type StompFrame, serializeFrame } from "./stomp-frame.ts";
import { TimingWheel, type WheelEntry } from "./timing-wheel.ts";
import type { SubscriptionAuthorizer, TokenVerifier } from "./types.ts";

type Logger = Pick<FastifyBaseLogger, "info" | "warn" | "error">;
type SubscribeListener = (principal: Principal, destination: string) => void | Promise<void>;

export interface StompHubOptions {
  verifyToken: TokenVerifier;
  authorize: SubscriptionAuthorizer;
  /** Upgrade path the hub answers; other paths are left to other listeners. */
  path?: string;
  /** What the hub offers as both sx and sy in CONNECTED; 0 disables heart-beats. */
  heartbeatMs?: number;
  /** How long a socket may stay open without CONNECT (10 s; shorter in tests). */
  connectTimeoutMs?: number;
  logger?: Logger;
}

/** A connection sits in the hub's timing wheel once, at its earliest deadline (see sweep()). */
interface Connection extends WheelEntry {
  socket: WebSocket;
  /** The TCP socket under `socket`, which heart-beats are written to directly (see beat()). */
  stream: Duplex;
  principal: Principal;
  connected: boolean;
  closed: boolean;
  /** Times (Date.now()) the connection opened, last received anything, and was last written to. */
  openedAt: number;
  lastReceived: number;
  lastSent: number;
  /** Heart-beats agreed in CONNECT: write at least every sendEvery ms, hear from the client every expectEvery ms (0: none). */
  sendEvery: number;
  expectEvery: number;
  /** Frames run one after another, so a RECEIPT or an UNSUBSCRIBE never overtakes a SUBSCRIBE. */
  queue: Promise<void>;
  /** An array, not a Map: a screen holds a handful, and a small Map costs hundreds of bytes more per connection. */
  subscriptions: Subscription[];
}

interface Subscription {
  id: string;
  destination: string;
  connection: Connection;
}

// Preference order when a client offers several STOMP subprotocols.
const SUBPROTOCOLS = ["v12.stomp", "v11.stomp", "v10.stomp"];
const CONNECT_TIMEOUT_MS = 10_000;
const LF = 0x0a;
/** Most time between two sweeps of the connections' deadlines, and so the most a heart-beat or a close is late (see sweep()). */
const MAX_SWEEP_MS = 20;
/**
 * STOMP's heart-beat (one LF) as a whole WebSocket frame from a server (FIN, text, unmasked,
 * length 1), built once and written by every connection: no frame to build or buffer to allocate
 * for each of the thousands of beats a second.
 */
const HEARTBEAT_FRAME = Buffer.from([0x81, 0x01, LF]);
const MAX_FRAME_BYTES = 64 * 1024;
const CLOSE_NORMAL = 1000;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_PROTOCOL_ERROR = 1002;
const CLOSE_POLICY_VIOLATION = 1008;

/** A socket in the upgrade, before ws takes it over: a client hanging up must not crash the process. */
function destroyOnError(this: Duplex): void {
  this.destroy();
}

/** What clients are told when the instance stops (the ERROR frame's message). */
export const SHUTDOWN_MESSAGE = "server shutting down, reconnect";

/**
 * The server side of STOMP 1.2 over WebSocket: authenticates the upgrade, authorizes every
 * SUBSCRIBE, and delivers messages to this instance's subscriptions, indexed by destination.
 */
export class StompHub {
  private readonly verifyToken: TokenVerifier;
  private readonly authorize: SubscriptionAuthorizer;
  private readonly path: string;
  private readonly heartbeatMs: number;
  private readonly connectTimeoutMs: number;
  private readonly log: Logger;
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<Connection>();
  private readonly byDestination = new Map<string, Set<Subscription>>();
  private readonly subscribeListeners = new Set<SubscribeListener>();
  private readonly detachers: Array<() => void> = [];
  /** Every connection with a deadline, each once, at its earliest (see sweep()). */
  private readonly deadlines: TimingWheel<Connection>;
  private readonly sweepMs: number;
  private sweepTimer: NodeJS.Timeout | null = null;
  /** Set by close() while it waits for the last connection to go. */
  private onAllClosed: (() => void) | null = null;
  private messageSeq = 0;

  constructor(options: StompHubOptions) {
    this.verifyToken = options.verifyToken;
    this.authorize = options.authorize;
    this.path = options.path ?? "/websocket/feed";
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
    this.log = options.logger ?? console;
    // A tenth of the heart-beat period at most, so a beat or a silent client's close is at most that late.
    this.sweepMs = this.heartbeatMs > 0 ? Math.min(MAX_SWEEP_MS, Math.max(1, this.heartbeatMs / 10)) : MAX_SWEEP_MS;
    this.deadlines = new TimingWheel<Connection>({ tickMs: this.sweepMs, now: Date.now() });
    this.wss = new WebSocketServer({
      noServer: true,
      // The hub tracks its connections itself (close() waits for them); ws's own tracking would add a Set entry and a listener per socket.
      clientTracking: false,
      // Off, as ws's default, and said so that nobody turns it on: compression would hold a zlib
      // context per socket (ws's README warns of its memory and speed), compress each ticket again
      // for every subscriber of a fan-out, and make ws queue frames while it compresses, which
      // beat() writing the shared heart-beat frame beside ws relies on not happening.
      perMessageDeflate: false,
      maxPayload: MAX_FRAME_BYTES,
      handleProtocols: (offered) => SUBPROTOCOLS.find((p) => offered.has(p)) ?? false,
    });
  }

  /** Serves the hub's path on an HTTP server's upgrades; a missing or invalid token gets 401. */
  attach(server: Server): void {
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (url.pathname !== this.path) return;
      socket.on("error", destroyOnError);
      void this.upgrade(req, socket, head, url.searchParams.get("access_token"));
    };
    server.on("upgrade", onUpgrade);
    this.detachers.push(() => server.off("upgrade", onUpgrade));
  }

  /** Broadcasts to every subscription of a topic on this instance; the body is encoded once. */
  send(destination: string, body: unknown): void {
    const subscriptions = this.byDestination.get(destination);
    if (!subscriptions) return;
    const json = JSON.stringify(body);
    const length = String(Buffer.byteLength(json, "utf8"));
    for (const subscription of subscriptions) this.deliver(subscription, json, length);
  }

  /**
   * Delivers on a per-user destination (e.g. /user/queue/kitchen) only to the subscriptions whose
   * principal is selected, so each user gets only their own messages.
   */
  sendToUsers(destination: string, select: (principal: Principal) => boolean, body: unknown): void {
    const subscriptions = this.byDestination.get(destination);
    if (!subscriptions) return;
    let json: string | undefined;
    let length = "";
    for (const subscription of subscriptions) {
      if (!select(subscription.connection.principal)) continue;
      if (json === undefined) {
        json = JSON.stringify(body);
        length = String(Buffer.byteLength(json, "utf8"));
      }
      this.deliver(subscription, json, length);
    }
  }

  /**
   * Distinct principals listening on a destination (those `select` keeps, if given), so a render
   * happens once per reader. Selecting here, not after, matters on a per-user queue: every venue's
   * screens share it, and only the selected ones are told apart.
   */
  subscribers(destination: string, select?: (principal: Principal) => boolean): Principal[] {
    const distinct = new Map<string, Principal>();
    for (const { connection } of this.byDestination.get(destination) ?? []) {
      const p = connection.principal;
      if (select && !select(p)) continue;
      distinct.set(`${p.userId}|${p.role}|${p.retailerId}|${p.prepAreaId}|${p.anonymous}|${p.login}`, p);
    }
    return [...distinct.values()];
  }

  /** Destinations with at least one subscription under a prefix, e.g. which table feeds to render. */
  destinations(prefix: string): string[] {
    return [...this.byDestination.keys()].filter((d) => d.startsWith(prefix));
  }

  /**
   * Lets callers skip rendering for destinations nobody on this instance listens to; with `select`,
   * whether anyone it keeps listens (e.g. a cook of one area on the kitchen queue every cook shares).
   */
  hasSubscribers(destination: string, select?: (principal: Principal) => boolean): boolean {
    const subscriptions = this.byDestination.get(destination);
    if (!subscriptions || !select) return subscriptions !== undefined;
    for (const { connection } of subscriptions) if (select(connection.principal)) return true;
    return false;
  }

  /** Runs after each accepted SUBSCRIBE, e.g. to push the current state to a new reader. */
  onSubscribe(listener: SubscribeListener): () => void {
    this.subscribeListeners.add(listener);
    return () => this.subscribeListeners.delete(listener);
  }

  /** Closes the sockets of accounts that can no longer act (deleted or disabled staff). */
  disconnectUsers(userIds: readonly number[]): void {
    const revoked = new Set(userIds);
    for (const connection of this.connections) {
      if (revoked.has(connection.principal.userId)) this.closeConnection(connection, CLOSE_POLICY_VIOLATION);
    }
  }

  /** For the metrics' gauges, tests and benchmarks. */
  stats(): { connections: number; subscriptions: number } {
    let subscriptions = 0;
    for (const set of this.byDestination.values()) subscriptions += set.size;
    return { connections: this.connections.size, subscriptions };
  }

  /** Stops serving upgrades and closes every socket, resolving once all are closed. */
  async close(): Promise<void> {
    for (const detach of this.detachers.splice(0)) detach();
    // An ERROR frame first, so a STOMP client learns why and reconnects (to another instance).
    for (const connection of this.connections) {
      if (connection.connected) this.fail(connection, SHUTDOWN_MESSAGE, CLOSE_GOING_AWAY);
      else connection.socket.close(CLOSE_GOING_AWAY, SHUTDOWN_MESSAGE);
    }
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    if (this.connections.size > 0) await new Promise<void>((resolve) => (this.onAllClosed = resolve));
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, token: string | null): Promise<void> {
    let principal: Principal | null = null;
    try {
      principal = token ? await this.verifyToken(token) : null;
    } catch (err) {
      this.log.warn({ err }, "websocket token verification failed");
    }
    if (!principal) {
      socket.end("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const verified = principal;
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      // From here on ws handles the socket's errors.
      socket.off("error", destroyOnError);
      this.accept(ws, socket, verified);
    });
  }

  private accept(socket: WebSocket, stream: Duplex, principal: Principal): void {
    const now = Date.now();
    const connection: Connection = {
      socket,
      stream,
      principal,
      connected: false,
      closed: false,
      openedAt: now,
      lastReceived: now,
      lastSent: now,
      sendEvery: 0,
      expectEvery: 0,
      queue: Promise.resolve(),
      subscriptions: [],
      wheelSlot: -1,
      wheelIndex: -1,
      wheelTick: 0,
    };
    this.connections.add(connection);
    this.reschedule(connection);
    socket.on("message", (data) => this.receive(connection, data));
    socket.on("error", (err) => this.log.warn({ err, userId: principal.userId }, "websocket error"));
    socket.on("close", () => this.drop(connection));
  }

  private receive(connection: Connection, data: RawData): void {
    connection.lastReceived = Date.now();
    // Most messages of an idle connection are heart-beats: nothing to parse.
    if ((data as Buffer).length === 1 && (data as Buffer)[0] === LF) return;
    let frames: StompFrame[];
    try {
      // The server keeps ws's default binaryType ("nodebuffer"), so every message is one Buffer.
      frames = parseFrames(data as Buffer).frames;
    } catch (err) {
      this.fail(connection, err instanceof Error ? err.message : "Malformed frame", CLOSE_PROTOCOL_ERROR);
      return;
    }
    for (const frame of frames) {
      connection.queue = connection.queue
        .then(() => this.handle(connection, frame))
        .catch((err: unknown) => {
          this.log.error({ err }, "stomp frame handling failed");
          this.fail(connection, "Internal error", CLOSE_PROTOCOL_ERROR);
        });
    }
  }

  private async handle(connection: Connection, frame: StompFrame): Promise<void> {
    if (connection.closed) return;
    const { command, headers } = frame;
    if (command === "CONNECT" || command === "STOMP") {
      this.connect(connection, headers);
      return;
    }
    if (!connection.connected) {
      this.fail(connection, "Expected CONNECT as the first frame", CLOSE_PROTOCOL_ERROR, headers.receipt);
      return;
    }
    switch (command) {
      case "SUBSCRIBE":
        await this.subscribe(connection, headers);
        return;
      case "UNSUBSCRIBE":
        if (headers.id === undefined) {
          this.fail(connection, "UNSUBSCRIBE requires an id header", CLOSE_PROTOCOL_ERROR, headers.receipt);
          return;
        }
        this.unsubscribe(connection, headers.id);
        this.receipt(connection, headers.receipt);
        return;
      case "DISCONNECT":
        this.receipt(connection, headers.receipt);
        this.closeConnection(connection, CLOSE_NORMAL);
        return;
      case "SEND":
        this.fail(connection, "SEND is not supported", CLOSE_POLICY_VIOLATION, headers.receipt);
        return;
      default:
        this.fail(connection, `Unsupported command ${command}`, CLOSE_PROTOCOL_ERROR, headers.receipt);
    }
  }

  // `host` is not required although STOMP 1.2 asks for it: @stomp/stompjs does not send it.
  private connect(connection: Connection, headers: Record<string, string>): void {
    if (connection.connected) {
      this.fail(connection, "Already connected", CLOSE_PROTOCOL_ERROR);
      return;
    }
    const versions = (headers["accept-version"] ?? "").split(",").map((v) => v.trim());
    if (!versions.includes("1.2")) {
      this.fail(connection, "Supported protocol versions are 1.2", CLOSE_PROTOCOL_ERROR, undefined, { version: "1.2" });
      return;
    }
    const heartBeat = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(headers["heart-beat"] ?? "0,0");
    if (!heartBeat) {
      this.fail(connection, "Invalid heart-beat header", CLOSE_PROTOCOL_ERROR);
      return;
    }
    const cx = Number(heartBeat[1]);
    const cy = Number(heartBeat[2]);
    const s = this.heartbeatMs;
    connection.connected = true;
    this.write(connection, { command: "CONNECTED", headers: { version: "1.2", "heart-beat": `${s},${s}` }, body: "" });
    // Spec: the server sends every max(sx, cy) and expects data every max(cx, sy).
    if (s > 0 && cy > 0) connection.sendEvery = Math.max(s, cy);
    if (s > 0 && cx > 0) connection.expectEvery = Math.max(cx, s);
    // From the CONNECT timeout to the heart-beats' deadlines, or out of the wheel if none were agreed.
    this.reschedule(connection);
  }

  /**
   * Keeps every connection's deadlines from one timer, not timers per connection (tens of
   * thousands of idle phones would each hold two): a heart-beat where nothing else was written
   * for sendEvery, a close where the client was silent for twice expectEvery, and a close where
   * CONNECT never came. Each connection sits in the wheel once, at the earliest of its deadlines as
   * they stood when it was put there; writes and reads since only move the deadlines later, so the
   * sweep checks a connection that comes due against its times and puts it back at its next deadline,
   * instead of moving it on every frame. A sweep thus visits only the connections due (an idle
   * phone with 10 s heart-beats once every 10 s), not every connection. Each connection beats on its
   * own schedule (from its last write), so the beats stay spread over time as the connections are.
   */
  private sweep(): void {
    const now = Date.now();
    for (const connection of this.deadlines.advance(now)) {
      if (connection.closed) continue;
      if (!connection.connected) {
        if (now - connection.openedAt > this.connectTimeoutMs) this.closeConnection(connection, CLOSE_POLICY_VIOLATION);
        else this.reschedule(connection);
        continue;
      }
      if (connection.expectEvery > 0 && now - connection.lastReceived > 2 * connection.expectEvery) {
        this.log.info({ userId: connection.principal.userId }, "stomp connection silent, closing");
        connection.closed = true;
        connection.socket.terminate();
        continue;
      }
      if (connection.sendEvery > 0 && now - connection.lastSent >= connection.sendEvery) this.beat(connection, now);
      this.reschedule(connection);
    }
    if (this.deadlines.size === 0 && this.sweepTimer) {
      clearInterval(this.sweepTimer);
      this.sweepTimer = null;
    }
  }

  /** Puts a connection in the wheel at its earliest deadline (the first instant sweep() would act), or out of it if it has none. */
  private reschedule(connection: Connection): void {
    let at = Number.POSITIVE_INFINITY;
    if (!connection.connected) at = connection.openedAt + this.connectTimeoutMs + 1;
    else {
      if (connection.sendEvery > 0) at = connection.lastSent + connection.sendEvery;
      if (connection.expectEvery > 0) at = Math.min(at, connection.lastReceived + 2 * connection.expectEvery + 1);
    }
    if (at === Number.POSITIVE_INFINITY) {
      this.deadlines.cancel(connection);
      return;
    }
    this.deadlines.schedule(connection, at);
    if (!this.sweepTimer) {
      this.sweepTimer = setInterval(() => this.sweep(), this.sweepMs);
      // Open sockets keep the process alive anyway; the sweep alone must not.
      this.sweepTimer.unref();
    }
  }

  /**
   * Writes the shared heart-beat frame to the TCP socket, past ws: ws writes each of its frames
   * whole and at once (perMessageDeflate is off, and the hub never sends Blobs, the two cases where
   * ws queues frames), so this lands between two of its frames, never inside one.
   */
  private beat(connection: Connection, now: number): void {
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    connection.stream.write(HEARTBEAT_FRAME);
    connection.lastSent = now;
  }

  private async subscribe(connection: Connection, headers: Record<string, string>): Promise<void> {
    const { id, destination, receipt } = headers;
    if (id === undefined || destination === undefined) {
      this.fail(connection, "SUBSCRIBE requires id and destination headers", CLOSE_PROTOCOL_ERROR, receipt);
      return;
    }
    if (connection.subscriptions.some((s) => s.id === id)) {
      this.fail(connection, `Subscription id ${id} is already in use`, CLOSE_PROTOCOL_ERROR, receipt);
      return;
    }
    let allowed = false;
    try {
      allowed = await this.authorize(connection.principal, destination);
    } catch (err) {
      this.log.error({ err, destination }, "subscription authorization failed");
    }
    if (connection.closed) return;
    if (!allowed) {
      this.refuse(connection, id, `Access denied to ${destination}`, receipt);
      return;
    }
    let set = this.byDestination.get(destination);
    if (!set) {
      set = new Set();
      this.byDestination.set(destination, set);
    }
    // Every subscription of a destination shares one copy of its name (a table's phones all hold it).
    const shared: string = set.values().next().value?.destination ?? destination;
    const subscription: Subscription = { id, destination: shared, connection };
    connection.subscriptions.push(subscription);
    set.add(subscription);
    this.receipt(connection, receipt);
    for (const listener of this.subscribeListeners) {
      Promise.resolve()
        .then(() => listener(connection.principal, destination))
        .catch((err: unknown) => this.log.error({ err, destination }, "subscribe listener failed"));
    }
  }

  private unsubscribe(connection: Connection, id: string): void {
    const index = connection.subscriptions.findIndex((s) => s.id === id);
    if (index < 0) return;
    const [subscription] = connection.subscriptions.splice(index, 1);
    const set = this.byDestination.get(subscription.destination);
    set?.delete(subscription);
    if (set?.size === 0) this.byDestination.delete(subscription.destination);
  }

  private deliver(subscription: Subscription, json: string, length: string): void {
    this.write(subscription.connection, {
      command: "MESSAGE",
      headers: {
        destination: subscription.destination,
        "message-id": String(++this.messageSeq),
        subscription: subscription.id,
        "content-type": "application/json",
        "content-length": length,
      },
      body: json,
    });
  }

  private receipt(connection: Connection, receiptId: string | undefined): void {
    if (receiptId !== undefined) this.write(connection, { command: "RECEIPT", headers: { "receipt-id": receiptId }, body: "" });
  }

  /**
   * Refuses one SUBSCRIBE (a destination the token may not read, or an unknown ticket) and keeps
   * the connection: the other screens' subscriptions on it go on, and the live indicator stays
   * green (issue 15). STOMP 1.2 has no per-subscription error, so this is an ERROR frame that
   * names the subscription and the receipt and is not followed by a close, unlike fail() below.
   */
  private refuse(connection: Connection, subscriptionId: string, message: string, receiptId?: string): void {
    const headers: Record<string, string> = { message, subscription: subscriptionId, "content-type": "text/plain" };
    if (receiptId !== undefined) headers["receipt-id"] = receiptId;
    this.write(connection, { command: "ERROR", headers, body: message });
  }

  /** Spec: after an ERROR frame the server closes the connection. */
  private fail(
    connection: Connection,
    message: string,
    code: number,
    receiptId?: string,
    extra: Record<string, string> = {},
  ): void {
    const headers: Record<string, string> = { ...extra, message, "content-type": "text/plain" };
    if (receiptId !== undefined) headers["receipt-id"] = receiptId;
    this.write(connection, { command: "ERROR", headers, body: message });
    this.closeConnection(connection, code);
  }

  private closeConnection(connection: Connection, code: number): void {
    connection.closed = true;
    connection.socket.close(code);
  }

  private write(connection: Connection, frame: StompFrame): void {
    if (connection.closed || connection.socket.readyState !== WebSocket.OPEN) return;
    connection.socket.send(serializeFrame(frame));
    connection.lastSent = Date.now();
  }

  private drop(connection: Connection): void {
    connection.closed = true;
    this.deadlines.cancel(connection);
    for (const { id } of [...connection.subscriptions]) this.unsubscribe(connection, id);
    this.connections.delete(connection);
    if (this.connections.size === 0) this.onAllClosed?.();
  }
}
