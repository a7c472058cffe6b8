import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { type RawData, WebSocket, WebSocketServer } from "ws";
import type { CodePageName } from "./escpos/code-pages.ts";
import { type Logger, silentLogger } from "./logger.ts";
import { renderJob } from "./print-job.ts";
import { PrinterError, type PrinterSend } from "./printer-connection.ts";
import {
  type AgentMessage,
  clientMessage,
  describeIssues,
  type JobErrorCode,
  MAX_MESSAGE_BYTES,
  type PrintRequest,
} from "./protocol.ts";
import { AGENT_VERSION } from "./version.ts";

type JobResult = { ok: true } | { ok: false; error: JobErrorCode; message: string };

/** How long, and how many, successful job ids are remembered to recognise a repeat. */
const RECENT_JOBS_MS = 10 * 60_000;
const RECENT_JOBS_MAX = 2_000;

export interface AgentServerOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** Origins allowed to connect, e.g. "https://venue.example.com"; null allows every origin. */
  allowedOrigins: readonly string[] | null;
  /** Prints one job; in production a PrinterQueue over TCP, so jobs to one printer never interleave. */
  print: PrinterSend;
  defaultCodePage: CodePageName;
  logger?: Logger;
  /** Serves wss:// when set, so a page served over HTTPS may connect from another device. */
  tls?: { cert: string | Buffer; key: string | Buffer } | null;
  /** Interval of WebSocket pings that drop dead connections. */
  heartbeatMs?: number;
}

export interface RunningAgent {
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * The venue-side print service: a WebSocket server the preparation screen connects to. It sends
 * `hello` on connection, answers `ping` with `pong`, and answers each `print` with one `result`.
 * A malformed message gets an error answer and a printer failure an error result; neither ever
 * takes the process down.
 */
export async function startAgentServer(options: AgentServerOptions): Promise<RunningAgent> {
  const logger = options.logger ?? silentLogger;
  const allowed = options.allowedOrigins ? new Set(options.allowedOrigins.map(normalizeOrigin)) : null;

  const onHttp = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method === "GET" && req.url === "/health") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, version: AGENT_VERSION }));
      return;
    }
    res
      .writeHead(426, { "content-type": "text/plain", upgrade: "websocket" })
      .end("This is the print agent: connect over WebSocket.\n");
  };
  const server = options.tls
    ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, onHttp)
    : http.createServer(onHttp);

  const wss = new WebSocketServer({
    server,
    maxPayload: MAX_MESSAGE_BYTES,
    // Any web page on the venue's network could otherwise print; browsers always send Origin.
    // Clients without one are not web pages and could reach the printers' port 9100 directly anyway.
    verifyClient: ({ origin, req }, done) => {
      if (!allowed || !origin || allowed.has(normalizeOrigin(origin))) return done(true);
      logger.warn("connection refused: origin not allowed", { origin, remote: req.socket.remoteAddress });
      done(false, 403, "Origin not allowed");
    },
  });

  const alive = new WeakMap<WebSocket, boolean>();
  const heartbeat = setInterval(() => {
    for (const client of wss.clients) {
      if (alive.get(client) === false) {
        client.terminate();
        continue;
      }
      alive.set(client, false);
      client.ping();
    }
  }, options.heartbeatMs ?? 30_000);
  heartbeat.unref();

  const send = (ws: WebSocket, message: AgentMessage) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };

  // A browser that lost an answer sends the job again under the same id: answer it from here
  // instead of printing the ticket twice. Failures are forgotten so a retry prints.
  const recent = new Map<string, { result: Promise<JobResult>; at: number }>();
  const remember = (key: string, result: Promise<JobResult>) => {
    const now = Date.now();
    for (const [k, entry] of recent) {
      if (recent.size < RECENT_JOBS_MAX && now - entry.at < RECENT_JOBS_MS) break;
      recent.delete(k);
    }
    recent.set(key, { result, at: now });
    void result.then((r) => {
      if (!r.ok && recent.get(key)?.result === result) recent.delete(key);
    });
  };

  const runJob = async (request: PrintRequest): Promise<JobResult> => {
    const printer = `${request.printerIp}:${request.printerPort}`;
    const fields = { id: request.id, kind: request.job.kind, printer };
    let bytes: Uint8Array;
    try {
      bytes = renderJob(request.job, { defaultCodePage: options.defaultCodePage });
    } catch (error) {
      logger.warn("job could not be rendered", { ...fields, reason: error instanceof Error ? error.message : String(error) });
      return { ok: false, error: "invalid_job", message: "the job could not be rendered" };
    }
    const started = Date.now();
    try {
      await options.print({ host: request.printerIp, port: request.printerPort }, bytes);
      logger.info("printed", { ...fields, bytes: bytes.length, ms: Date.now() - started });
      return { ok: true };
    } catch (error) {
      const failure =
        error instanceof PrinterError
          ? error
          : new PrinterError("printer_unreachable", error instanceof Error ? error.message : String(error));
      logger.warn("print failed", { ...fields, error: failure.code, reason: failure.message, ms: Date.now() - started });
      return { ok: false, error: failure.code, message: failure.message };
    }
  };

  const print = async (ws: WebSocket, request: PrintRequest) => {
    const key = `${request.id}@${request.printerIp}:${request.printerPort}`;
    const earlier = recent.get(key);
    if (earlier) logger.info("repeated job answered without printing again", { id: request.id });
    const result = earlier?.result ?? runJob(request);
    if (!earlier) remember(key, result);
    send(ws, { type: "result", id: request.id, ...(await result) });
  };

  const onMessage = (ws: WebSocket, data: RawData, isBinary: boolean) => {
    if (isBinary) {
      send(ws, { type: "error", error: "invalid_message", message: "messages are JSON text" });
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(rawText(data));
    } catch {
      send(ws, { type: "error", error: "invalid_message", message: "not JSON" });
      return;
    }
    const parsed = clientMessage.safeParse(json);
    if (!parsed.success) {
      const message = describeIssues(parsed.error);
      const id = printRequestId(json);
      logger.warn("invalid message", { id, reason: message });
      if (id) send(ws, { type: "result", id, ok: false, error: "invalid_job", message });
      else send(ws, { type: "error", error: "invalid_message", message });
      return;
    }
    if (parsed.data.type === "ping") {
      send(ws, { type: "pong", version: AGENT_VERSION });
      return;
    }
    void print(ws, parsed.data);
  };

  wss.on("connection", (ws, req) => {
    alive.set(ws, true);
    logger.info("client connected", { origin: req.headers.origin, remote: req.socket.remoteAddress });
    ws.on("pong", () => alive.set(ws, true));
    ws.on("message", (data, isBinary) => onMessage(ws, data, isBinary));
    ws.on("error", (error) => logger.warn("client connection error", { reason: error.message }));
    ws.on("close", () => logger.debug("client disconnected", { remote: req.socket.remoteAddress }));
    send(ws, { type: "hello", version: AGENT_VERSION });
  });
  wss.on("error", (error) => logger.error("websocket server error", { reason: error.message }));

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", (error) => logger.error("server error", { reason: error.message }));

  const port = (server.address() as AddressInfo).port;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    port,
    url: `${options.tls ? "wss" : "ws"}://${host}:${port}`,
    close: async () => {
      clearInterval(heartbeat);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** "HTTPS://Venue.example.com/" and "https://venue.example.com" are the same origin. */
export function normalizeOrigin(origin: string): string {
  return origin.trim().toLowerCase().replace(/\/+$/, "");
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  return Buffer.from(data).toString("utf8");
}

/** The id of something that meant to be a print request, so its sender can match the failure. */
function printRequestId(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null) return undefined;
  const { type, id } = json as { type?: unknown; id?: unknown };
  return type === "print" && typeof id === "string" && id.length > 0 && id.length <= 128 ? id : undefined;
}
