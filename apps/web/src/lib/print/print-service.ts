import { randomId } from "../uuid.ts";

/**
 * The browser's side of the venue's print agent (apps/print-agent): a WebSocket to the address
 * the server gives (api/cuisine/ip), speaking small JSON messages:
 *   agent → {type:"hello",version} on connect; client {type:"ping"} → {type:"pong"};
 *   client {type:"print",id,printerIp,job} → agent {type:"result",id,ok,error?,message?}.
 * A printer that is off, unplugged or slow must never crash or stall a screen, so nothing here
 * throws: every print resolves with a result, and the connection keeps retrying with backoff.
 */

/** UNCONFIGURED: the venue has no print agent address; CONNECTED only after the agent's hello. */
export type PrintServiceStatus = "UNCONFIGURED" | "CONNECTING" | "CONNECTED" | "DISCONNECTED";

/** The agent's own error codes, plus the client's: not connected, connection lost, no answer. */
export type PrintErrorCode =
  | "printer_unreachable"
  | "printer_timeout"
  | "invalid_job"
  | "not_connected"
  | "disconnected"
  | "no_answer";

export type PrintResult = { ok: true } | { ok: false; error: PrintErrorCode | (string & {}); message?: string };

export interface PrintRequest {
  /** The same id for a retried job lets the agent recognise a repeat. */
  id?: string;
  printerIp: string;
  /** The printer's raw port when not the agent's default (9100). */
  printerPort?: number;
  job: unknown;
}

/** What the client needs of a WebSocket, so tests can hand in a fake. */
export interface SocketLike {
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface PrintServiceOptions {
  createSocket?: (url: string) => SocketLike;
  /** A job without an answer after this long counts as failed (the printer may be slow or off). */
  jobTimeoutMs?: number;
  /** An open socket that never says hello is not the agent. */
  helloTimeoutMs?: number;
  /** Pings keep the line alive through NATs and show a dead agent within pingInterval + pongTimeout. */
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

export const PRINT_JOB_TIMEOUT_MS = 15_000;

interface Pending {
  resolve: (result: PrintResult) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** Only ws:// and wss:// addresses can be the agent; anything else is treated as no agent. */
export function isPrintServiceAddress(address: string | null | undefined): address is string {
  return typeof address === "string" && /^wss?:\/\/[^\s/]+/i.test(address.trim());
}

function defaultSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}

function parse(data: unknown): Record<string, unknown> | null {
  if (typeof data !== "string") return null;
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class PrintServiceClient {
  private status: PrintServiceStatus = "UNCONFIGURED";
  private readonly listeners = new Set<() => void>();
  private readonly pending = new Map<string, Pending>();
  private readonly options: Required<PrintServiceOptions>;
  private address: string | null = null;
  private socket: SocketLike | null = null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private helloTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  /** The agent's version from its hello, for the status line. */
  version: string | null = null;

  constructor(options: PrintServiceOptions = {}) {
    this.options = {
      createSocket: options.createSocket ?? defaultSocket,
      jobTimeoutMs: options.jobTimeoutMs ?? PRINT_JOB_TIMEOUT_MS,
      helloTimeoutMs: options.helloTimeoutMs ?? 5_000,
      pingIntervalMs: options.pingIntervalMs ?? 20_000,
      pongTimeoutMs: options.pongTimeoutMs ?? 10_000,
      initialBackoffMs: options.initialBackoffMs ?? 1_000,
      maxBackoffMs: options.maxBackoffMs ?? 30_000,
    };
  }

  getStatus = (): PrintServiceStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Points the client at an agent (or at none); the same address again changes nothing. */
  connect(address: string | null): void {
    if (this.disposed) return;
    const next = isPrintServiceAddress(address) ? address.trim() : null;
    if (next === this.address && (next === null || this.socket || this.reconnectTimer)) return;
    this.address = next;
    this.attempt = 0;
    this.teardown("disconnected");
    if (next === null) this.setStatus("UNCONFIGURED");
    else this.open();
  }

  /** Closes for good (the screen unmounted). */
  dispose(): void {
    this.disposed = true;
    this.address = null;
    this.teardown("disconnected");
    this.listeners.clear();
  }

  /** Sends one job and waits for the agent's answer; resolves with a failure, never rejects. */
  print(request: PrintRequest, timeoutMs = this.options.jobTimeoutMs): Promise<PrintResult> {
    const socket = this.socket;
    if (!socket || this.status !== "CONNECTED") return Promise.resolve({ ok: false, error: "not_connected" });
    let id = request.id ?? randomId();
    // Two jobs in flight under one id would answer each other: give the second its own.
    if (this.pending.has(id)) id = randomId();
    return new Promise<PrintResult>((resolve) => {
      const timer = setTimeout(() => this.settle(id, { ok: false, error: "no_answer" }), timeoutMs);
      this.pending.set(id, { resolve, timer });
      try {
        const { printerIp, printerPort, job } = request;
        socket.send(JSON.stringify({ type: "print", id, printerIp, ...(printerPort ? { printerPort } : {}), job }));
      } catch {
        this.settle(id, { ok: false, error: "disconnected" });
      }
    });
  }

  private setStatus(status: PrintServiceStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (error) {
        console.error(error);
      }
    }
  }

  private settle(id: string, result: PrintResult): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    pending.resolve(result);
  }

  private open(): void {
    const address = this.address;
    if (!address || this.disposed) return;
    this.setStatus("CONNECTING");
    let socket: SocketLike;
    try {
      // Throws at once for a blocked address (e.g. ws:// from an https page): retry later like any failure.
      socket = this.options.createSocket(address);
    } catch (error) {
      console.warn("print service:", error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    const current = () => this.socket === socket;
    socket.onopen = () => {
      if (!current()) return;
      this.helloTimer = setTimeout(() => current() && this.drop(), this.options.helloTimeoutMs);
    };
    socket.onmessage = (event) => {
      if (current()) this.onMessage(parse(event.data));
    };
    socket.onerror = () => {
      /* onclose follows and decides */
    };
    socket.onclose = () => {
      if (!current()) return;
      this.socket = null;
      this.teardown("disconnected");
      this.scheduleReconnect();
    };
  }

  private onMessage(message: Record<string, unknown> | null): void {
    if (!message) return;
    // Any word from the agent shows it is alive.
    if (this.pongTimer) {
      clearTimeout(this.pongTimer);
      this.pongTimer = null;
    }
    if (message.type === "hello") {
      if (this.helloTimer) clearTimeout(this.helloTimer);
      this.helloTimer = null;
      this.version = typeof message.version === "string" ? message.version : null;
      this.attempt = 0;
      this.startPings();
      this.setStatus("CONNECTED");
      return;
    }
    if (message.type === "result" && typeof message.id === "string") {
      const result: PrintResult =
        message.ok === true
          ? { ok: true }
          : {
              ok: false,
              error: typeof message.error === "string" ? message.error : "printer_unreachable",
              message: typeof message.message === "string" ? message.message : undefined,
            };
      this.settle(message.id, result);
    }
  }

  private startPings(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      const socket = this.socket;
      if (!socket) return;
      try {
        socket.send(JSON.stringify({ type: "ping" }));
      } catch {
        this.drop();
        return;
      }
      if (!this.pongTimer) this.pongTimer = setTimeout(() => this.drop(), this.options.pongTimeoutMs);
    }, this.options.pingIntervalMs);
  }

  /** Gives up on the current socket and tries again later. */
  private drop(): void {
    const socket = this.socket;
    this.socket = null;
    this.teardown("disconnected");
    try {
      socket?.close();
    } catch {
      /* already closed */
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.disposed || !this.address || this.reconnectTimer) return;
    this.setStatus("DISCONNECTED");
    const delay = Math.min(this.options.maxBackoffMs, this.options.initialBackoffMs * 2 ** this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delay);
  }

  /** Stops timers and the socket, and fails every job still waiting. */
  private teardown(error: PrintErrorCode): void {
    for (const timer of [this.helloTimer, this.pongTimer, this.reconnectTimer]) if (timer) clearTimeout(timer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.helloTimer = this.pongTimer = this.reconnectTimer = this.pingTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try {
        socket.close();
      } catch {
        /* already closed */
      }
    }
    for (const id of [...this.pending.keys()]) this.settle(id, { ok: false, error });
    if (this.status === "CONNECTED" || this.status === "CONNECTING") this.setStatus("DISCONNECTED");
  }
}
