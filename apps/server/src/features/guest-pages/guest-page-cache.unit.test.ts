import { describe, expect, it, vi } from "vitest";
import { InProcessEventBus } from "../../realtime/event-bus.ts";
import { GuestPageCache } from "./guest-page-cache.ts";
import { jsonScriptText } from "./guest-page-renderer.ts";

describe("GuestPageCache", () => {
  it("renders a page once for concurrent readers, and again after its venue's catalogue changed only", async () => {
    const events = new InProcessEventBus();
    const cache = new GuestPageCache();
    cache.followCatalog(events);
    const render = vi.fn(async () => ({ retailerId: 1, html: `page ${render.mock.calls.length}` }));
    expect(await Promise.all([cache.get("el:/a", render), cache.get("el:/a", render)])).toEqual(["page 1", "page 1"]);
    await events.publish({ type: "catalog.changed", retailerId: 2 });
    await events.publish({ type: "table.changed", retailerId: 1 });
    expect(await cache.get("el:/a", render)).toBe("page 1");
    await events.publish({ type: "preparation-area.changed", retailerId: 1 });
    expect(await cache.get("el:/a", render)).toBe("page 2");
    expect(render).toHaveBeenCalledTimes(2);
    // A table renamed, or the venue switched off by the operator, shows on the next page too.
    await events.publish({ type: "table.settings-changed", retailerId: 1 });
    expect(await cache.get("el:/a", render)).toBe("page 3");
  });

  it("never serves a page begun before a change, and keeps no failed rendering", async () => {
    const events = new InProcessEventBus();
    const cache = new GuestPageCache();
    cache.followCatalog(events);
    let finish: (html: string) => void = () => {};
    const slow = cache.get("el:/a", () => new Promise((resolve) => (finish = (html) => resolve({ retailerId: 1, html }))));
    await events.publish({ type: "catalog.changed", retailerId: 9 });
    finish("before");
    expect(await slow).toBe("before");
    expect(await cache.get("el:/a", async () => ({ retailerId: 1, html: "after" }))).toBe("after");

    await expect(cache.get("el:/b", () => Promise.reject(new Error("table_not_found")))).rejects.toThrow();
    expect(await cache.get("el:/b", async () => ({ retailerId: 1, html: "found" }))).toBe("found");
  });
});

describe("jsonScriptText", () => {
  it("leaves no '<' that could end the script element or open a comment", () => {
    const text = jsonScriptText({ name: "</script><!-- <b>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><!-- <b>" });
  });
});
