import { WebSocket } from "ws";

export type Message = Record<string, any>;

export interface TestClient {
  ws: WebSocket;
  /** Messages received so far, oldest first. */
  messages: Message[];
  next(predicate: (m: Message) => boolean, timeoutMs?: number): Promise<Message>;
  send(message: unknown): void;
  /** Sends a print request and waits for its result. */
  print(request: Message, timeoutMs?: number): Promise<Message>;
  close(): void;
}

/** Connects like the preparation screen would, optionally from a given page origin. */
export async function connectClient(
  url: string,
  options: { origin?: string; rejectUnauthorized?: boolean } = {},
): Promise<TestClient> {
  const ws = new WebSocket(url, { origin: options.origin, rejectUnauthorized: options.rejectUnauthorized ?? true });
  const messages: Message[] = [];
  const waiting = new Set<() => void>();
  ws.on("message", (data) => {
    messages.push(JSON.parse(data.toString()));
    for (const wake of waiting) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
    ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
  let seen = 0;
  const client: TestClient = {
    ws,
    messages,
    next(predicate, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.slice(seen).find(predicate);
          if (!found) return false;
          seen = Math.max(seen, messages.indexOf(found) + 1);
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        if (!check()) waiting.add(check);
      });
    },
    send(message) {
      ws.send(typeof message === "string" ? message : JSON.stringify(message));
    },
    async print(request, timeoutMs) {
      const result = client.next((m) => m.type === "result" && m.id === request.id, timeoutMs);
      client.send({ type: "print", ...request });
      return result;
    },
    close() {
      ws.close();
    },
  };
  return client;
}
