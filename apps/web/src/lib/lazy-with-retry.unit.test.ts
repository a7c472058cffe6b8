import { describe, expect, it } from "vitest";
import { type Connection, lazyWithRetry } from "./lazy-with-retry.ts";

/** A connection the test switches, firing `online` as a browser does. */
function fakeConnection() {
  const events = new EventTarget();
  let online = true;
  const connection: Connection = { isOnline: () => online, events };
  return {
    connection: () => connection,
    goOffline: () => {
      online = false;
    },
    goOnline: () => {
      online = true;
      events.dispatchEvent(new Event("online"));
    },
  };
}

/** A chunk that fails to load while the network is down, as a dynamic import does. */
function chunk(net: ReturnType<typeof fakeConnection>, isUp: () => boolean) {
  const calls: string[] = [];
  const load = () => {
    calls.push(isUp() ? "loaded" : "failed");
    return isUp()
      ? Promise.resolve({ default: "OrderPage" })
      : Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
  };
  return { calls, load: lazyWithRetry(load, net.connection) };
}

describe("lazyWithRetry", () => {
  it("a chunk that fails offline loads when the connection returns, in the same call", async () => {
    const net = fakeConnection();
    net.goOffline();
    let up = false;
    const { calls, load } = chunk(net, () => up);
    const screen = load();
    // Wait until the first attempt has failed and the load is waiting for the connection.
    await expect.poll(() => calls).toEqual(["failed"]);
    up = true;
    net.goOnline();
    await expect(screen).resolves.toEqual({ default: "OrderPage" });
    expect(calls).toEqual(["failed", "loaded"]);
  });

  it("shares one load between a preload and the screen", async () => {
    const net = fakeConnection();
    const { calls, load } = chunk(net, () => true);
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(calls).toEqual(["loaded"]);
  });

  it("passes on a failure while online, and tries afresh on the next call", async () => {
    const net = fakeConnection();
    let up = false;
    const { calls, load } = chunk(net, () => up);
    await expect(load()).rejects.toThrow("Failed to fetch dynamically imported module");
    up = true;
    await expect(load()).resolves.toEqual({ default: "OrderPage" });
    expect(calls).toEqual(["failed", "loaded"]);
  });
});
