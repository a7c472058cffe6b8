import { describe, expect, it } from "vitest";
import { builtSizes, GUEST_JS_BUDGET_BYTES } from "../bench/lib/guest-route.ts";
import { WEB_DIST } from "./support/start-server.ts";

/**
 * What a guest's phone downloads before the menu, read from the built web app's manifest: within
 * the budget, and none of the staff areas' chunks (a shared module placed in the waiter's or the
 * kitchen's chunk once pulled 30 KB of staff screens into every guest's first load). Sizes only;
 * the time to a usable menu is measured by `npm run bench -- --scenario guest-menu`.
 */
describe("the guest menu's first load", () => {
  it("stays within the JavaScript budget and carries no staff area's chunk", () => {
    const built = builtSizes(WEB_DIST);
    expect(built.js).toBeLessThan(GUEST_JS_BUDGET_BYTES);
    const staff = built.files.filter((file) =>
      /assets\/(waiter|prep|admin|stats|payment)-[A-Za-z0-9_-]{8}\.(js|css)$/.test(file),
    );
    expect(staff).toEqual([]);
  });
});
