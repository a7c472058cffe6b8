import { afterEach, describe, expect, it, vi } from "vitest";
import { InProcessEventBus } from "../realtime/event-bus.ts";
import { VenueCache } from "./venue-cache.ts";

afterEach(() => vi.useRealTimers());

describe("VenueCache", () => {
  it("loads once for concurrent readers and keeps venues and variants apart", async () => {
    const cache = new VenueCache<string>();
    const load = vi.fn(async () => "menu");
    await Promise.all([cache.get(1, "el", load), cache.get(1, "el", load)]);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get(1, "en", load);
    await cache.get(2, "el", load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("drops a venue's entries on its catalogue events only, and a load under way is never served after", async () => {
    const events = new InProcessEventBus();
    const cache = new VenueCache<number>();
    cache.followCatalog(events);
    let version = 1;
    let finishSlowLoad: (value: number) => void = () => {};
    const slow = cache.get(1, "orderable", () => new Promise<number>((resolve) => (finishSlowLoad = resolve)));
    await events.publish({ type: "catalog.changed", retailerId: 1 });
    finishSlowLoad(version++);
    expect(await slow).toBe(1);
    expect(await cache.get(1, "orderable", async () => version++)).toBe(2);

    await events.publish({ type: "table.changed", retailerId: 1 });
    await events.publish({ type: "preparation-area.changed", retailerId: 2 });
    expect(await cache.get(1, "orderable", async () => version++)).toBe(2);
    await events.publish({ type: "preparation-area.changed", retailerId: 1 });
    expect(await cache.get(1, "orderable", async () => version++)).toBe(3);
  });

  it("forgets a failed load and an entry older than 60 s", async () => {
    vi.useFakeTimers();
    const cache = new VenueCache<string>();
    await expect(cache.get(1, "el", async () => Promise.reject(new Error("database down")))).rejects.toThrow();
    expect(await cache.get(1, "el", async () => "first")).toBe("first");
    vi.advanceTimersByTime(59_000);
    expect(await cache.get(1, "el", async () => "second")).toBe("first");
    vi.advanceTimersByTime(2_000);
    expect(await cache.get(1, "el", async () => "second")).toBe("second");
  });
});
