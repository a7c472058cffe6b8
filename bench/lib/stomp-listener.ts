import { performance } from "node:perf_hooks";
import { Client } from "@stomp/stompjs";
import { WebSocket } from "ws";

/** A subscriber as a kitchen screen is one: @stomp/stompjs over a real WebSocket. */
export interface StompListener {
  readonly destination: string;
  /** Messages received so far (including ones not parseable as JSON). */
  readonly received: number;
  /** ERROR frames or socket problems seen after subscribing. */
  readonly problems: string[];
  close(): Promise<void>;
}

/**
 * Connects with a token, subscribes (waiting for the RECEIPT, so nothing sent afterwards is
 * missed) and hands each message to `onMessage` with the time it arrived, taken first thing.
 */
export async function listen(options: {
  wsUrl: string;
  token: string;
  destination: string;
  onMessage: (body: any, arrivedAt: number) => void;
  timeoutMs?: number;
  /** Heart-beats asked in both directions, as the web app asks them (10 s); 0, the default, asks none. */
  heartbeatMs?: number;
}): Promise<StompListener> {
  const { wsUrl, token, destination } = options;
  const problems: string[] = [];
  let received = 0;
  let subscribedOnce = false;
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${wsUrl}?access_token=${encodeURIComponent(token)}`, ["v12.stomp"]) as never,
    // A lost socket is a finding, not something to paper over by reconnecting.
    reconnectDelay: 0,
    heartbeatIncoming: options.heartbeatMs ?? 0,
    heartbeatOutgoing: options.heartbeatMs ?? 0,
  });
  const subscribed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription receipt for ${destination}`)), options.timeoutMs ?? 10_000);
    client.onConnect = () => {
      client.subscribe(
        destination,
        (message) => {
          const arrivedAt = performance.now();
          received += 1;
          let body: any;
          try {
            body = JSON.parse(message.body);
          } catch {
            body = message.body;
          }
          options.onMessage(body, arrivedAt);
        },
        { receipt: "bench-sub-1" },
      );
      client.watchForReceipt("bench-sub-1", () => {
        clearTimeout(timer);
        subscribedOnce = true;
        resolve();
      });
    };
    client.onStompError = (frame) => {
      const message = frame.headers.message ?? "STOMP error";
      if (subscribedOnce) problems.push(`${destination}: ${message}`);
      else {
        clearTimeout(timer);
        reject(new Error(`${destination}: ${message}`));
      }
    };
    client.onWebSocketError = () => {
      if (subscribedOnce) problems.push(`${destination}: WebSocket error`);
      else {
        clearTimeout(timer);
        reject(new Error(`${destination}: WebSocket error`));
      }
    };
    client.onWebSocketClose = (event) => {
      if (subscribedOnce && client.active) problems.push(`${destination}: WebSocket closed (${event.code})`);
    };
  });
  client.activate();
  try {
    await subscribed;
  } catch (error) {
    await client.deactivate();
    throw error;
  }
  return {
    destination,
    get received() {
      return received;
    },
    problems,
    close: () => client.deactivate(),
  };
}
