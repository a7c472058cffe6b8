/**
 * What the bench and its subscriber fleets (subscriber-fleet.ts, a child process each) say to each
 * other over IPC. Apart from the child's entry, so the bench can use it without starting a fleet.
 */

export interface FleetSubscriber {
  token: string;
  destinations: string[];
}

export type FleetCommand =
  | {
      type: "open";
      wsUrl: string;
      /** Source address of every socket (e.g. 127.0.0.3), so several fleets use several port ranges. */
      localAddress: string;
      /** What the subscribers ask in CONNECT as both cx and cy (the web app asks 10 s). */
      heartbeatMs: number;
      /** Handshakes under way at once. */
      concurrency: number;
      subscribers: FleetSubscriber[];
    }
  | { type: "report" }
  | { type: "close" };

/** What a fleet has seen so far; the bench adds the fleets' reports together. */
export interface FleetCounts {
  /** Subscribers whose every SUBSCRIBE was confirmed by a RECEIPT. */
  subscribed: number;
  /** Subscribers that could not connect or subscribe, by reason. */
  failures: Record<string, number>;
  /** MESSAGE frames received: an idle subscriber should receive none. */
  messages: number;
  /** Destinations of the first MESSAGE frames received, to say what leaked where. */
  messageDestinations: string[];
  /** ERROR frames received after subscribing. */
  errors: number;
  /** Sockets the server closed while the fleet was holding them. */
  closedByServer: number;
  heartbeatsSent: number;
  heartbeatsReceived: number;
  /** CPU time of this process so far (user + system, ms). */
  cpuMs: number;
  /** Resident memory of this process (bytes). */
  rssBytes: number;
}

export type FleetReply =
  | { type: "progress"; settled: number }
  | { type: "opened"; counts: FleetCounts }
  | { type: "report"; counts: FleetCounts }
  | { type: "closed"; counts: FleetCounts };

/** A fleet that has seen nothing yet, and the start of the bench's sum of the fleets' reports. */
export function noFleetCounts(): FleetCounts {
  return {
    subscribed: 0,
    failures: {},
    messages: 0,
    messageDestinations: [],
    errors: 0,
    closedByServer: 0,
    heartbeatsSent: 0,
    heartbeatsReceived: 0,
    cpuMs: 0,
    rssBytes: 0,
  };
}
