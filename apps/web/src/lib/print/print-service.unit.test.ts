import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isPrintServiceAddress, PrintServiceClient, type SocketLike } from "./print-service.ts";

/** A socket the test drives: it opens, says things as the agent, and closes on command. */
class FakeSocket implements SocketLike {
  sent: Record<string, unknown>[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.({});
  }
  say(message: unknown) {
    this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) });
  }
  drop() {
    this.onclose?.({});
  }
}

function setup(options: ConstructorParameters<typeof PrintServiceClient>[0] = {}) {
  const sockets: FakeSocket[] = [];
  const client = new PrintServiceClient({
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    ...options,
  });
  const connectAgent = () => {
    const socket = sockets[sockets.length - 1];
    socket.open();
    socket.say({ type: "hello", version: "1.0.0" });
    return socket;
  };
  return { client, sockets, connectAgent };
}

describe("PrintServiceClient", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("accepts only ws:// and wss:// addresses", () => {
    expect(isPrintServiceAddress("ws://192.168.1.20:9100")).toBe(true);
    expect(isPrintServiceAddress("wss://print.local")).toBe(true);
    expect(isPrintServiceAddress("http://192.168.1.20")).toBe(false);
    expect(isPrintServiceAddress("")).toBe(false);
    expect(isPrintServiceAddress(null)).toBe(false);
    const { client, sockets } = setup();
    client.connect("192.168.1.20");
    expect(client.getStatus()).toBe("UNCONFIGURED");
    expect(sockets).toHaveLength(0);
  });

  it("is connected only after the agent's hello, and prints with an answer per job id", async () => {
    const { client, sockets, connectAgent } = setup();
    client.connect("ws://agent:9100");
    expect(client.getStatus()).toBe("CONNECTING");
    sockets[0].open();
    expect(client.getStatus()).toBe("CONNECTING");
    expect(await client.print({ printerIp: "10.0.0.5", job: { kind: "x" } })).toEqual({ ok: false, error: "not_connected" });
    connectAgent();
    expect(client.getStatus()).toBe("CONNECTED");
    expect(client.version).toBe("1.0.0");

    const printed = client.print({ id: "job-1", printerIp: "10.0.0.5", job: { kind: "kitchen-ticket" } });
    void client.print({ id: "job-2", printerIp: "10.0.0.6", printerPort: 9101, job: {} });
    expect(sockets[0].sent).toEqual([
      { type: "print", id: "job-1", printerIp: "10.0.0.5", job: { kind: "kitchen-ticket" } },
      { type: "print", id: "job-2", printerIp: "10.0.0.6", printerPort: 9101, job: {} },
    ]);
    sockets[0].say({ type: "result", id: "other", ok: true });
    sockets[0].say({ type: "result", id: "job-1", ok: false, error: "printer_unreachable", message: "no route" });
    expect(await printed).toEqual({ ok: false, error: "printer_unreachable", message: "no route" });
  });

  it("fails a job the agent never answers, after the job timeout", async () => {
    const { client, connectAgent } = setup({ jobTimeoutMs: 15_000 });
    client.connect("ws://agent:9100");
    connectAgent();
    const printed = client.print({ printerIp: "10.0.0.5", job: {} });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await printed).toEqual({ ok: false, error: "no_answer" });
  });

  it("fails waiting jobs when the connection drops, then reconnects with growing delays", async () => {
    const { client, sockets, connectAgent } = setup({ initialBackoffMs: 1_000, maxBackoffMs: 4_000 });
    client.connect("ws://agent:9100");
    connectAgent();
    const printed = client.print({ printerIp: "10.0.0.5", job: {} });
    sockets[0].drop();
    expect(await printed).toEqual({ ok: false, error: "disconnected" });
    expect(client.getStatus()).toBe("DISCONNECTED");
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1].drop(); // refused again: wait longer
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    connectAgent();
    expect(client.getStatus()).toBe("CONNECTED");
  });

  it("drops a socket that never says hello, and one whose agent stops answering pings", async () => {
    const { client, sockets, connectAgent } = setup({ helloTimeoutMs: 5_000, pingIntervalMs: 20_000, pongTimeoutMs: 10_000 });
    client.connect("ws://agent:9100");
    sockets[0].open();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sockets[0].closed).toBe(true);
    expect(client.getStatus()).toBe("DISCONNECTED");
    await vi.advanceTimersByTimeAsync(1_000);
    const socket = connectAgent();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(socket.sent).toContainEqual({ type: "ping" });
    socket.say({ type: "pong" });
    await vi.advanceTimersByTimeAsync(20_000);
    // The second ping goes unanswered.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.closed).toBe(true);
    expect(client.getStatus()).toBe("DISCONNECTED");
  });

  it("never throws when the browser refuses the address, and keeps trying", async () => {
    let attempts = 0;
    const client = new PrintServiceClient({
      createSocket: () => {
        attempts++;
        throw new DOMException("insecure", "SecurityError");
      },
      initialBackoffMs: 1_000,
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(() => client.connect("ws://agent:9100")).not.toThrow();
    expect(client.getStatus()).toBe("DISCONNECTED");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(attempts).toBe(2);
    client.dispose();
  });

  it("ignores garbage from the socket", () => {
    const { client, sockets, connectAgent } = setup();
    client.connect("ws://agent:9100");
    connectAgent();
    expect(() => sockets[0].say("not json")).not.toThrow();
    expect(() => sockets[0].say([1, 2])).not.toThrow();
    expect(client.getStatus()).toBe("CONNECTED");
  });

  it("reconnects to a new address and stops for good when disposed", async () => {
    const { client, sockets, connectAgent } = setup();
    const statuses: string[] = [];
    client.subscribe(() => statuses.push(client.getStatus()));
    client.connect("ws://agent:9100");
    connectAgent();
    client.connect("ws://agent:9100"); // same address: nothing happens
    expect(sockets).toHaveLength(1);
    client.connect("ws://other:9100");
    expect(sockets[0].closed).toBe(true);
    expect(sockets[1].url).toBe("ws://other:9100");
    client.connect(null);
    expect(client.getStatus()).toBe("UNCONFIGURED");
    client.dispose();
    client.connect("ws://agent:9100");
    expect(sockets).toHaveLength(2);
    expect(statuses).toContain("CONNECTED");
  });
});
