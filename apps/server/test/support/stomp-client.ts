import { Client, type IFrame } from "@stomp/stompjs";
import { WebSocket } from "ws";

/** A listener as the browser would be one: @stomp/stompjs over a real WebSocket. */
export interface TestListener {
  messages: unknown[];
  errors: IFrame[];
  client: Client;
  /** Resolves with the first message matching, or rejects after the timeout. */
  next<T = any>(match?: (body: T) => boolean, timeoutMs?: number): Promise<T>;
  close(): Promise<void>;
}

export async function listen(wsUrl: string, token: string, destination: string): Promise<TestListener> {
  const messages: unknown[] = [];
  const errors: IFrame[] = [];
  const waiters: { match: (body: any) => boolean; resolve: (body: any) => void }[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${wsUrl}?access_token=${encodeURIComponent(token)}`, ["v12.stomp"]) as never,
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  const subscribed = new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      client.subscribe(
        destination,
        (message) => {
          const body = JSON.parse(message.body);
          messages.push(body);
          for (const waiter of [...waiters]) {
            if (waiter.match(body)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(body);
            }
          }
        },
        { receipt: "sub-1" },
      );
      client.watchForReceipt("sub-1", () => resolve());
    };
    client.onStompError = (frame) => {
      errors.push(frame);
      reject(new Error(frame.headers.message ?? "STOMP error"));
    };
    client.onWebSocketError = () => reject(new Error("WebSocket error"));
  });
  client.activate();
  try {
    await subscribed;
  } catch (error) {
    await client.deactivate();
    throw error;
  }
  return {
    messages,
    errors,
    client,
    next(match = () => true, timeoutMs = 5000) {
      const seen = messages.find((m) => match(m as never));
      if (seen) return Promise.resolve(seen as never);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no message on ${destination} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (body) => {
            clearTimeout(timer);
            resolve(body);
          },
        });
      });
    },
    close: () => client.deactivate(),
  };
}

/** Tries to subscribe and reports how the server answered: "subscribed" or the ERROR frame's message. */
export async function trySubscribe(wsUrl: string, token: string, destination: string): Promise<string> {
  try {
    const listener = await listen(wsUrl, token, destination);
    await listener.close();
    return "subscribed";
  } catch (error) {
    return (error as Error).message;
  }
}
