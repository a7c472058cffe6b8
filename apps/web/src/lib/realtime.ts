import type { Client, IFrame, StompSubscription } from "@stomp/stompjs";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { getToken, subscribeSession } from "./session.ts";

/** Connection states named by the spec (spec 1 §4, spec 2 §7). */
export type RealtimeStatus = "DISCONNECTED" | "IS_CONNECTING" | "CONNECTED" | "ERROR";

type MessageHandler = (body: unknown) => void;

interface Entry {
  destination: string;
  onMessage: MessageHandler;
  /** Runs once the server has confirmed the subscription, after every (re)connection. */
  onResync: () => void;
  onRefused: () => void;
  stomp: StompSubscription | null;
  receipt: string | null;
}

const RECONNECT_DELAY_MS = 2_000;
const MAX_RECONNECT_DELAY_MS = 15_000;
const HEARTBEAT_MS = 10_000;
/** A screen change unsubscribes then subscribes again at once; do not drop the socket between. */
const IDLE_DISCONNECT_MS = 1_500;

function brokerUrl(token: string): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/websocket/feed?access_token=${encodeURIComponent(token)}`;
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * One STOMP connection for the whole app. Subscriptions are remembered here, not in stompjs, so
 * they are made again after every reconnection (a dropped network, a server restart), and each
 * one resyncs its screen once the server confirms it, so nothing missed while away is lost.
 */
class RealtimeClient {
  private status: RealtimeStatus = "DISCONNECTED";
  private readonly statusListeners = new Set<() => void>();
  private readonly entries = new Map<number, Entry>();
  private nextId = 1;
  private client: Client | null = null;
  /** The STOMP library while it is being fetched (see ensureActive). */
  private loading: Promise<void> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private token: string | null = null;

  constructor() {
    // A new sign-in (or a sign-out) means another identity: reconnect with the new token.
    if (typeof window !== "undefined") subscribeSession(() => this.onSessionChange());
  }

  getStatus = (): RealtimeStatus => this.status;

  onStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  subscribe(destination: string, onMessage: MessageHandler, onResync: () => void, onRefused: () => void = () => {}): () => void {
    const id = this.nextId++;
    const entry: Entry = { destination, onMessage, onResync, onRefused, stomp: null, receipt: null };
    this.entries.set(id, entry);
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    if (this.client?.connected) this.send(id, entry);
    else this.ensureActive();
    return () => this.unsubscribe(id);
  }

  private unsubscribe(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    if (this.client?.connected && entry.stomp) {
      try {
        entry.stomp.unsubscribe();
      } catch {
        /* the socket just closed; nothing to undo */
      }
    }
    this.stopWhenIdle();
  }

  private stopWhenIdle(): void {
    if (this.entries.size > 0 || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.entries.size === 0) void this.stop();
    }, IDLE_DISCONNECT_MS);
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private ensureActive(): void {
    if (this.client?.active || this.loading) return;
    if (!getToken()) return;
    // The STOMP library is fetched on first use, not in the first load: a guest's menu is usable
    // before it arrives, and the guest's JavaScript budget has no room for it (issue 4).
    this.loading = import("@stomp/stompjs").then(({ Client }) => {
      this.loading = null;
      // Meanwhile every screen may have left, or the guest signed out.
      if (this.entries.size > 0) this.activate(Client);
    });
  }

  private activate(StompClient: typeof Client): void {
    if (this.client?.active) return;
    if (!getToken()) return;
    const client = new StompClient({
      heartbeatIncoming: HEARTBEAT_MS,
      heartbeatOutgoing: HEARTBEAT_MS,
      reconnectDelay: RECONNECT_DELAY_MS,
      maxReconnectDelay: MAX_RECONNECT_DELAY_MS,
      connectionTimeout: 10_000,
    });
    // Read the token on every attempt: it may have changed since the last connection.
    const current = () => this.client === client;
    client.beforeConnect = (c) => {
      if (!current()) return;
      const token = getToken();
      if (!token) {
        void c.deactivate();
        this.setStatus("DISCONNECTED");
        return;
      }
      this.token = token;
      c.brokerURL = brokerUrl(token);
      this.setStatus("IS_CONNECTING");
    };
    client.onConnect = () => {
      if (!current()) return;
      this.setStatus("CONNECTED");
      for (const [id, entry] of this.entries) this.send(id, entry);
    };
    client.onStompError = (frame: IFrame) => {
      if (!current()) return;
      // A refused SUBSCRIBE names its receipt: stop asking for that destination.
      const receipt = frame.headers["receipt-id"];
      for (const [id, entry] of this.entries) {
        if (receipt && entry.receipt === receipt) {
          this.entries.delete(id);
          entry.stomp?.unsubscribe();
          entry.onRefused();
        }
      }
      // An error naming a subscription refused that one alone (an unknown or another area's
      // ticket): the server keeps the connection, so the live indicator stays as it was.
      if (frame.headers.subscription === undefined) this.setStatus("ERROR");
      this.stopWhenIdle();
    };
    client.onWebSocketError = () => {
      if (current()) this.setStatus("ERROR");
    };
    client.onWebSocketClose = () => {
      if (!current()) return;
      for (const entry of this.entries.values()) {
        entry.stomp = null;
        entry.receipt = null;
      }
      if (this.status !== "ERROR") this.setStatus(client.active ? "IS_CONNECTING" : "DISCONNECTED");
    };
    this.client = client;
    client.activate();
  }

  private send(id: number, entry: Entry): void {
    const client = this.client;
    if (!client?.connected) return;
    const receipt = `sub-${id}-${Date.now()}`;
    entry.receipt = receipt;
    client.watchForReceipt(receipt, () => {
      if (this.entries.get(id) === entry) entry.onResync();
    });
    entry.stomp = client.subscribe(entry.destination, (message) => entry.onMessage(parseBody(message.body)), { receipt });
  }

  private async stop(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.token = null;
    if (client) await client.deactivate();
    this.setStatus("DISCONNECTED");
  }

  private onSessionChange(): void {
    const token = getToken();
    if (token === this.token) return;
    void this.stop().then(() => {
      if (this.entries.size > 0) this.ensureActive();
    });
  }
}

export const realtime = new RealtimeClient();

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(realtime.onStatus, realtime.getStatus, realtime.getStatus);
}

/**
 * Listens on a destination while the screen is shown (null: not yet known). onResync runs after
 * every (re)connection once the subscription is live, so the screen refetches what it missed.
 */
export function useRealtime(
  destination: string | null,
  onMessage: MessageHandler,
  onResync: () => void,
  onRefused?: () => void,
): RealtimeStatus {
  const handlers = useRef({ onMessage, onResync, onRefused });
  handlers.current = { onMessage, onResync, onRefused };
  useEffect(() => {
    if (!destination) return;
    return realtime.subscribe(
      destination,
      (body) => handlers.current.onMessage(body),
      () => handlers.current.onResync(),
      () => handlers.current.onRefused?.(),
    );
  }, [destination]);
  return useRealtimeStatus();
}
