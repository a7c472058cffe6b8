import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { Client, type IFrame, type IMessage, type StompSubscription } from "@stomp/stompjs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { Principal } from "../src/auth/principal.ts";
import type { StompFrame } from "../src/realtime/stomp-frame.ts";
import { parseFrames } from "../src/realtime/stomp-frame.ts";
import { StompHub } from "../src/realtime/stomp-hub.ts";

const PRINCIPALS: Record<string, Principal> = {
  "cook-1": { userId: 1, role: "COOK", retailerId: 1, prepAreaId: 1, anonymous: false, login: "kitchen" },
  "cook-2": { userId: 2, role: "COOK", retailerId: 1, prepAreaId: 2, anonymous: false, login: "bar" },
  "guest-5": { userId: 50, role: "USER", retailerId: null, prepAreaId: null, anonymous: true, login: "guest-50" },
};
const KITCHEN = "/user/queue/kitchen";
const TABLE_FEED = "/topic/customer/el/5";

const logs: Array<{ level: string; msg?: string }> = [];
const record = (level: string) => (_obj: unknown, msg?: string) => logs.push({ level, msg });
const logger = { info: record("info"), warn: record("warn"), error: record("error") };

async function startHub(options: { connectTimeoutMs?: number } = {}): Promise<{ hub: StompHub; server: Server; url: string }> {
  const hub = new StompHub({
    ...options,
    // A fresh object per connection, as a real token verification gives.
    verifyToken: async (token) => (token in PRINCIPALS ? { ...PRINCIPALS[token] } : null),
    authorize: async (principal, destination) => {
      if (destination === "/topic/broken") throw new Error("policy store down");
      if (principal.role === "COOK") return destination === KITCHEN;
      return principal.anonymous && destination === TABLE_FEED;
    },
    heartbeatMs: 100,
    logger,
  });
  const server = createServer();
  hub.attach(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { hub, server, url: `ws://127.0.0.1:${port}/websocket/feed` };
}

function within<T>(promise: Promise<T>, ms = 2000): Promise<T> {
  return Promise.race([
    promise,
    sleep(ms).then(() => {
      throw new Error(`timed out after ${ms} ms`);
    }),
  ]);
}

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`condition not met after ${ms} ms`);
    await sleep(10);
  }
}

let hub: StompHub;
let server: Server;
let url: string;
const stompClients: Client[] = [];
const rawSockets: WebSocket[] = [];

beforeAll(async () => {
  ({ hub, server, url } = await startHub());
  // Another feature's upgrade path, which the hub must leave alone.
  server.on("upgrade", (req, socket) => {
    if (req.url === "/other") socket.end("HTTP/1.1 418 I'm a teapot\r\nContent-Length: 0\r\n\r\n");
  });
});

afterEach(async () => {
  await Promise.all(stompClients.splice(0).map((c) => c.deactivate()));
  for (const ws of rawSockets.splice(0)) ws.terminate();
  await until(() => hub.stats().connections === 0);
  logs.length = 0;
});

afterAll(async () => {
  await hub.close();
  server.close();
});

async function stompClient(token: string, onStompError?: (frame: IFrame) => void): Promise<Client> {
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${url}?access_token=${token}`, ["v12.stomp"]),
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  stompClients.push(client);
  const connected = new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onWebSocketClose = () => reject(new Error("socket closed before CONNECTED"));
  });
  if (onStompError) client.onStompError = onStompError;
  client.activate();
  await within(connected);
  return client;
}

let receiptSeq = 0;
/** Subscribes and resolves once the server's RECEIPT confirms the subscription is live. */
function subscribed(client: Client, destination: string, inbox: unknown[] = []): Promise<StompSubscription> {
  const receipt = `sub-${++receiptSeq}`;
  return within(
    new Promise((resolve) => {
      const subscription = client.subscribe(destination, (m: IMessage) => inbox.push(JSON.parse(m.body)), {
        receipt,
      });
      client.watchForReceipt(receipt, () => resolve(subscription));
    }),
  );
}

interface RawClient {
  ws: WebSocket;
  beats: number[];
  closed: Promise<number>;
  next(): Promise<StompFrame>;
  send(wire: string): void;
}

/** A bare ws client that writes hand-made frames and reads what the server sends. */
async function rawClient(token = "guest-5", protocols = ["v12.stomp"], hubUrl = url): Promise<RawClient> {
  const ws = new WebSocket(`${hubUrl}?access_token=${token}`, protocols);
  rawSockets.push(ws);
  const queue: StompFrame[] = [];
  const waiting: Array<(frame: StompFrame) => void> = [];
  const beats: number[] = [];
  ws.on("message", (data) => {
    const { frames, heartbeats } = parseFrames(data as Buffer);
    for (let i = 0; i < heartbeats; i++) beats.push(Date.now());
    for (const frame of frames) {
      const waiter = waiting.shift();
      if (waiter) waiter(frame);
      else queue.push(frame);
    }
  });
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  await within(once(ws, "open"));
  return {
    ws,
    beats,
    closed,
    next: () => {
      const frame = queue.shift();
      return within(frame ? Promise.resolve(frame) : new Promise<StompFrame>((resolve) => waiting.push(resolve)));
    },
    send: (wire) => ws.send(wire),
  };
}

async function rawConnected(token = "guest-5", heartBeat = "0,0"): Promise<RawClient> {
  const raw = await rawClient(token);
  raw.send(`CONNECT\naccept-version:1.1,1.2\nhost:venue\nheart-beat:${heartBeat}\n\n\0`);
  const connected = await raw.next();
  expect(connected.command).toBe("CONNECTED");
  return raw;
}

function upgradeStatus(target: string): Promise<number | undefined> {
  const ws = new WebSocket(target, ["v12.stomp"]);
  // Terminating during the handshake reports an abort error, which is expected here.
  ws.on("error", () => undefined);
  return within(
    new Promise((resolve) => {
      ws.on("unexpected-response", (_req, res) => {
        resolve(res.statusCode);
        ws.terminate();
      });
      ws.on("open", () => {
        resolve(undefined);
        ws.terminate();
      });
    }),
  );
}

describe("StompHub with @stomp/stompjs", () => {
  it("connects with STOMP 1.2 and delivers a sent message as JSON", async () => {
    const guest = await stompClient("guest-5");
    expect(guest.connectedVersion).toBe("1.2");
    expect((guest.webSocket as unknown as WebSocket).protocol).toBe("v12.stomp");
    const received: IMessage[] = [];
    const receipt = "r-feed";
    const subscribedOnce = new Promise<void>((resolve) => guest.watchForReceipt(receipt, () => resolve()));
    guest.subscribe(TABLE_FEED, (m) => received.push(m), { receipt, id: "feed" });
    await within(subscribedOnce);

    hub.send(TABLE_FEED, { items: [{ name: "Χωριάτικη", quantity: 2 }] });
    await until(() => received.length === 1);
    expect(JSON.parse(received[0].body)).toEqual({ items: [{ name: "Χωριάτικη", quantity: 2 }] });
    expect(received[0].headers).toMatchObject({
      destination: TABLE_FEED,
      subscription: "feed",
      "content-type": "application/json",
    });
    expect(received[0].headers["message-id"]).toBeTruthy();
  });

  it("sendToUsers reaches only the selected principals of a per-user queue", async () => {
    const [cook1, cook2] = await Promise.all([stompClient("cook-1"), stompClient("cook-2")]);
    const inbox1: unknown[] = [];
    const inbox2: unknown[] = [];
    await Promise.all([subscribed(cook1, KITCHEN, inbox1), subscribed(cook2, KITCHEN, inbox2)]);

    hub.sendToUsers(KITCHEN, (p) => p.prepAreaId === 1, { ticket: 1 });
    hub.sendToUsers(KITCHEN, () => false, { ticket: 2 });
    hub.send(KITCHEN, { all: true });
    // Frames on one socket arrive in order, so once the broadcast is in, nothing else is on its way.
    await until(() => inbox1.length === 2 && inbox2.length === 1);
    expect(inbox1).toEqual([{ ticket: 1 }, { all: true }]);
    expect(inbox2).toEqual([{ all: true }]);
  });

  it("reports distinct subscribers, active destinations and counts", async () => {
    const [cookA, cookB, guest] = await Promise.all([stompClient("cook-1"), stompClient("cook-1"), stompClient("guest-5")]);
    await Promise.all([subscribed(cookA, KITCHEN), subscribed(cookB, KITCHEN), subscribed(guest, TABLE_FEED)]);

    expect(hub.subscribers(KITCHEN)).toEqual([PRINCIPALS["cook-1"]]);
    expect(hub.subscribers("/user/queue/waiter")).toEqual([]);
    expect(hub.destinations("/topic/customer/")).toEqual([TABLE_FEED]);
    expect(hub.hasSubscribers(TABLE_FEED)).toBe(true);
    expect(hub.hasSubscribers("/topic/customer/el/6")).toBe(false);
    expect(hub.stats()).toEqual({ connections: 3, subscriptions: 3 });
  });

  it("tells apart only the selected subscribers of a per-user queue", async () => {
    const [cook1, cook2] = await Promise.all([stompClient("cook-1"), stompClient("cook-2")]);
    await Promise.all([subscribed(cook1, KITCHEN), subscribed(cook2, KITCHEN)]);

    expect(hub.subscribers(KITCHEN, (p) => p.prepAreaId === 2)).toEqual([PRINCIPALS["cook-2"]]);
    expect(hub.hasSubscribers(KITCHEN, (p) => p.prepAreaId === 1)).toBe(true);
    expect(hub.hasSubscribers(KITCHEN, (p) => p.prepAreaId === 3)).toBe(false);
    expect(hub.hasSubscribers("/user/queue/waiter", () => true)).toBe(false);
  });

  it("refuses a subscription the token may not read with an ERROR frame for it alone, and keeps the connection", async () => {
    const errors: IFrame[] = [];
    const guest = await stompClient("guest-5", (frame) => errors.push(frame));
    let closed = false;
    guest.onWebSocketClose = () => {
      closed = true;
    };
    guest.subscribe("/topic/customer/el/6", () => undefined, { id: "other-table", receipt: "r-other" });
    await until(() => errors.length === 1);
    expect(errors[0].headers).toMatchObject({
      message: "Access denied to /topic/customer/el/6",
      subscription: "other-table",
      "receipt-id": "r-other",
    });
    expect(hub.hasSubscribers("/topic/customer/el/6")).toBe(false);
    // The same connection still subscribes and receives.
    const inbox: unknown[] = [];
    await subscribed(guest, TABLE_FEED, inbox);
    hub.send(TABLE_FEED, { ok: 1 });
    await until(() => inbox.length === 1);
    expect(closed).toBe(false);
  });

  it("stops delivery after UNSUBSCRIBE", async () => {
    const cook = await stompClient("cook-1");
    const kept: unknown[] = [];
    const dropped: unknown[] = [];
    await subscribed(cook, KITCHEN, kept);
    const subscription = await subscribed(cook, KITCHEN, dropped);
    const receipt = "unsub-1";
    const unsubscribed = new Promise<void>((resolve) => cook.watchForReceipt(receipt, () => resolve()));
    subscription.unsubscribe({ receipt });
    await within(unsubscribed);
    expect(hub.stats().subscriptions).toBe(1);

    hub.send(KITCHEN, { n: 1 });
    await until(() => kept.length === 1);
    expect(dropped).toEqual([]);
  });

  it("runs onSubscribe listeners after a subscription is accepted", async () => {
    const seen: string[] = [];
    const stop = hub.onSubscribe((principal, destination) => {
      seen.push(`${principal.login} ${destination}`);
      hub.send(destination, { snapshot: true });
    });
    const guest = await stompClient("guest-5");
    const inbox: unknown[] = [];
    await subscribed(guest, TABLE_FEED, inbox);
    await until(() => inbox.length === 1);
    expect(inbox).toEqual([{ snapshot: true }]);
    expect(seen).toEqual([`guest-50 ${TABLE_FEED}`]);

    stop();
    await subscribed(guest, TABLE_FEED);
    expect(seen).toHaveLength(1);
  });

  it("answers DISCONNECT from deactivate() and forgets the connection", async () => {
    const cook = await stompClient("cook-1");
    await subscribed(cook, KITCHEN);
    await within(cook.deactivate());
    await until(() => hub.stats().connections === 0);
    expect(hub.stats().subscriptions).toBe(0);
    expect(hub.hasSubscribers(KITCHEN)).toBe(false);
  });
});

describe("StompHub upgrades", () => {
  it("refuses a missing or unknown token with 401", async () => {
    expect(await upgradeStatus(`${url}?access_token=forged`)).toBe(401);
    expect(await upgradeStatus(url)).toBe(401);
  });

  it("leaves other upgrade paths to their own listeners", async () => {
    expect(await upgradeStatus(url.replace("/websocket/feed", "/other"))).toBe(418);
  });

  it("selects the best STOMP subprotocol offered", async () => {
    expect((await rawClient("guest-5", ["v10.stomp", "v12.stomp", "v11.stomp"])).ws.protocol).toBe("v12.stomp");
    expect((await rawClient("guest-5", ["v10.stomp", "v11.stomp"])).ws.protocol).toBe("v11.stomp");
  });
});

describe("StompHub with hand-written frames", () => {
  it("handles two frames in one message, receipts and escaped headers", async () => {
    const raw = await rawClient("guest-5");
    raw.send(
      `CONNECT\naccept-version:1.2\nhost:venue\n\n\0\nSUBSCRIBE\nid:feed\\c1\ndestination:${TABLE_FEED}\nreceipt:r1\n\n\0`,
    );
    const connected = await raw.next();
    expect(connected).toEqual({ command: "CONNECTED", headers: { version: "1.2", "heart-beat": "100,100" }, body: "" });
    expect(await raw.next()).toEqual({ command: "RECEIPT", headers: { "receipt-id": "r1" }, body: "" });

    hub.send(TABLE_FEED, { price: 1250, note: "χωρίς κρεμμύδι" });
    const message = await raw.next();
    expect(message.command).toBe("MESSAGE");
    expect(message.headers).toMatchObject({
      destination: TABLE_FEED,
      subscription: "feed:1",
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(message.body)),
    });
    expect(JSON.parse(message.body)).toEqual({ price: 1250, note: "χωρίς κρεμμύδι" });

    raw.send(`UNSUBSCRIBE\nid:feed\\c1\nreceipt:r2\n\n\0DISCONNECT\nreceipt:bye\n\n\0`);
    expect((await raw.next()).headers).toEqual({ "receipt-id": "r2" });
    expect(await raw.next()).toEqual({ command: "RECEIPT", headers: { "receipt-id": "bye" }, body: "" });
    expect(await within(raw.closed)).toBe(1000);
  });

  it("accepts the STOMP command as CONNECT", async () => {
    const raw = await rawClient("cook-1");
    raw.send("STOMP\naccept-version:1.2\nhost:venue\n\n\0");
    expect((await raw.next()).command).toBe("CONNECTED");
  });

  it.each([
    ["a frame before CONNECT", "SUBSCRIBE\nid:1\ndestination:/topic/customer/el/5\n\n\0", "Expected CONNECT as the first frame"],
    ["a CONNECT without STOMP 1.2", "CONNECT\naccept-version:1.0,1.1\nhost:venue\n\n\0", "Supported protocol versions are 1.2"],
    ["a malformed heart-beat", "CONNECT\naccept-version:1.2\nheart-beat:soon\n\n\0", "Invalid heart-beat header"],
    ["a malformed frame", "CONNECT\naccept-version:1.2\n\nno terminator", "Incomplete frame: missing NUL terminator"],
  ])("answers %s with ERROR and closes", async (_name, wire, message) => {
    const raw = await rawClient("guest-5");
    raw.send(wire);
    const error = await raw.next();
    expect(error.command).toBe("ERROR");
    expect(error.headers.message).toBe(message);
    expect(await within(raw.closed)).toBeGreaterThanOrEqual(1000);
  });

  it.each([
    ["SEND", `SEND\ndestination:${TABLE_FEED}\nreceipt:s1\n\nhello\0`, "SEND is not supported", 1008],
    ["SUBSCRIBE without destination", "SUBSCRIBE\nid:1\nreceipt:s1\n\n\0", "SUBSCRIBE requires id and destination headers", 1002],
    ["UNSUBSCRIBE without id", "UNSUBSCRIBE\nreceipt:s1\n\n\0", "UNSUBSCRIBE requires an id header", 1002],
    ["a second CONNECT", "CONNECT\naccept-version:1.2\n\n\0", "Already connected", 1002],
    ["an unsupported command", "ACK\nid:1\nreceipt:s1\n\n\0", "Unsupported command ACK", 1002],
    ["an undefined escape", "SUBSCRIBE\nid:a\\tb\ndestination:x\n\n\0", 'Undefined escape sequence "\\t"', 1002],
  ])("answers %s after CONNECT with ERROR and closes", async (_name, wire, message, code) => {
    const raw = await rawConnected();
    raw.send(wire);
    const error = await raw.next();
    expect(error.command).toBe("ERROR");
    expect(error.headers.message).toBe(message);
    if (wire.includes("receipt:s1")) expect(error.headers["receipt-id"]).toBe("s1");
    expect(await within(raw.closed)).toBe(code);
  });

  it("refuses a subscription whose authorization fails, and logs the failure", async () => {
    const raw = await rawConnected();
    raw.send("SUBSCRIBE\nid:1\ndestination:/topic/broken\n\n\0");
    expect((await raw.next()).headers).toMatchObject({ message: "Access denied to /topic/broken", subscription: "1" });
    raw.send("SUBSCRIBE\nid:2\ndestination:/topic/customer/el/5\nreceipt:r2\n\n\0");
    expect((await raw.next()).command).toBe("RECEIPT");
    expect(logs).toContainEqual({ level: "error", msg: "subscription authorization failed" });
  });

  it("sends heart-beats at max(sx, cy) while the client stays silent", async () => {
    const raw = await rawConnected("guest-5", "0,100");
    await sleep(650);
    // One beat per ~100 ms; timers are not exact, so allow some slack.
    const { beats } = raw;
    expect(beats.length).toBeGreaterThanOrEqual(3);
    expect(beats.length).toBeLessThanOrEqual(7);
    const averageGap = (beats[beats.length - 1] - beats[0]) / (beats.length - 1);
    expect(averageGap).toBeGreaterThanOrEqual(80);
    expect(averageGap).toBeLessThanOrEqual(160);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("sends no heart-beats when the client does not want them", async () => {
    const raw = await rawConnected("guest-5", "0,0");
    await sleep(300);
    expect(raw.beats).toEqual([]);
  });

  it("closes a connection silent for more than twice max(cx, sy), and keeps a beating one", async () => {
    const start = Date.now();
    const silent = await rawConnected("guest-5", "100,0");
    const beating = await rawConnected("cook-1", "100,0");
    const pulse = setInterval(() => beating.send("\n"), 50);
    try {
      await within(silent.closed);
      const silentFor = Date.now() - start;
      expect(silentFor).toBeGreaterThanOrEqual(200);
      expect(silentFor).toBeLessThan(600);
      expect(beating.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      clearInterval(pulse);
    }
  });
});

describe("StompHub heart-beats and deadlines through its timing wheel", () => {
  /** Gaps between consecutive times, in ms. */
  const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]);

  it("beats every max(sx, cy) when the client asks for longer than the server offers", async () => {
    const raw = await rawConnected("guest-5", "0,250");
    await sleep(1150);
    // Beats at about 250, 500, 750, 1000 ms; each at most a sweep (10 ms here) and a timer's jitter late.
    expect(raw.beats.length).toBeGreaterThanOrEqual(3);
    expect(raw.beats.length).toBeLessThanOrEqual(5);
    for (const gap of gaps(raw.beats)) {
      expect(gap).toBeGreaterThanOrEqual(240);
      expect(gap).toBeLessThan(400);
    }
  });

  it("beats only after sendEvery without other frames: a MESSAGE puts the next beat off", async () => {
    const raw = await rawConnected("guest-5", "0,100");
    raw.send(`SUBSCRIBE\nid:feed\ndestination:${TABLE_FEED}\nreceipt:r\n\n\0`);
    expect((await raw.next()).command).toBe("RECEIPT");
    const talk = setInterval(() => hub.send(TABLE_FEED, { n: 1 }), 40);
    let talkedUntil = 0;
    try {
      await sleep(100);
      const beatsBefore = raw.beats.length;
      await sleep(400);
      // A frame every 40 ms leaves no 100 ms without one: no beat while the messages flow.
      expect(raw.beats.length).toBe(beatsBefore);
    } finally {
      clearInterval(talk);
      talkedUntil = Date.now();
    }
    await until(() => raw.beats.length > 0 && raw.beats[raw.beats.length - 1] > talkedUntil, 1000);
    const firstBeatAfter = raw.beats.find((t) => t > talkedUntil) as number;
    expect(firstBeatAfter - talkedUntil).toBeLessThan(250);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("closes a client that stops beating, twice max(cx, sy) after the last thing it sent", async () => {
    const raw = await rawConnected("guest-5", "100,0");
    const pulse = setInterval(() => raw.send("\n"), 50);
    await sleep(500);
    // Still open after 500 ms, well past 200 ms, because it kept beating.
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    clearInterval(pulse);
    const stoppedAt = Date.now();
    await within(raw.closed);
    const silentFor = Date.now() - stoppedAt;
    expect(silentFor).toBeGreaterThanOrEqual(150);
    expect(silentFor).toBeLessThan(500);
    expect(logs).toContainEqual({ level: "info", msg: "stomp connection silent, closing" });
  });

  it("keeps the beats of many connections apart, each on its own schedule", async () => {
    const clients = await Promise.all(Array.from({ length: 40 }, () => rawConnected("guest-5", "0,100")));
    await sleep(550);
    for (const client of clients) {
      expect(client.beats.length).toBeGreaterThanOrEqual(3);
      expect(client.beats.length).toBeLessThanOrEqual(7);
      expect(client.ws.readyState).toBe(WebSocket.OPEN);
    }
  });

  it("closes a socket that sends no CONNECT in time, and leaves one that did", async () => {
    const own = await startHub({ connectTimeoutMs: 150 });
    try {
      const start = Date.now();
      const [mute, prompt] = await Promise.all([
        rawClient("guest-5", ["v12.stomp"], own.url),
        rawClient("cook-1", ["v12.stomp"], own.url),
      ]);
      prompt.send("CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0");
      expect((await prompt.next()).command).toBe("CONNECTED");
      expect(await within(mute.closed)).toBe(1008);
      expect(Date.now() - start).toBeGreaterThanOrEqual(140);
      await sleep(200);
      expect(prompt.ws.readyState).toBe(WebSocket.OPEN);
      expect(own.hub.stats().connections).toBe(1);
    } finally {
      for (const ws of rawSockets.splice(0)) ws.terminate();
      await within(own.hub.close());
      own.server.close();
    }
  });
});

describe("StompHub.close", () => {
  it("closes every socket and stops serving upgrades", async () => {
    const own = await startHub();
    const raw = new WebSocket(`${own.url}?access_token=cook-1`, ["v12.stomp"]);
    const closed = new Promise<number>((resolve) => raw.on("close", (code) => resolve(code)));
    await within(once(raw, "open"));
    raw.send("CONNECT\naccept-version:1.2\n\n\0");
    await until(() => own.hub.stats().connections === 1);

    await within(own.hub.close());
    expect(await within(closed)).toBe(1001);
    expect(own.hub.stats()).toEqual({ connections: 0, subscriptions: 0 });
    expect(own.server.listenerCount("upgrade")).toBe(0);
    own.server.close();
  });
});
