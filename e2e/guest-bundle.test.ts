import { describe, expect, it } from "vitest";
import { builtSizes, GUEST_JS_BUDGET_BYTES } from "../bench/lib/guest-route.ts";
import { WEB_DIST } from "./support/start-server.ts";

/**
 * What the guest's later screens and the staff's areas need, none of which may be in the first load:
 * zod (the domain's contracts), React's own DOM runtime (the guest's build has Preact in its place),
 * the STOMP client (fetched once the menu shows), the staff's screens and features, and paying.
 */
const NOT_IN_FIRST_LOAD: [string, RegExp][] = [
  ["zod", /node_modules\/zod\//],
  ["react-dom", /node_modules\/react-dom\//],
  ["the STOMP client", /node_modules\/@stomp\//],
  [
    "a staff area's screen",
    /apps\/web\/src\/app\/(router|app-client|routes\/(admin|operator|prep|public|staff|waiter|root-layout))/,
  ],
  [
    "a staff feature",
    /apps\/web\/src\/features\/(admin-|audit-trail|cash-|contact|kitchen-tickets|operator-console|product-availability|setup-checklist|stats|waiter-)/,
  ],
  ["paying", /apps\/web\/src\/(app\/routes\/customer\/payment(-result)?\/|features\/(online-)?payment\/)/],
  ["the sign-in popup", /features\/auth\/components\/guest-sign-in-dialog/],
];

/**
 * What a guest's phone downloads before the menu, read from the guest build's manifest and the list
 * of modules in each of its chunks: within the budget, and nothing of what only later screens or
 * the staff use (a shared module placed in a staff chunk once pulled 30 KB of their screens into
 * every guest's first load). Sizes only; the time to a usable menu is measured by
 * `npm run bench -- --scenario guest-menu`.
 */
describe("the guest menu's first load", () => {
  it("stays within the JavaScript budget", () => {
    expect(builtSizes(WEB_DIST).js).toBeLessThan(GUEST_JS_BUDGET_BYTES);
  });

  it("carries nothing of the later screens, the staff's areas, zod or React's DOM runtime", () => {
    const { modules } = builtSizes(WEB_DIST);
    // The list is read for real: the menu's screen is in it.
    expect(modules).toContain("apps/web/src/app/routes/customer/menu-page.tsx");
    for (const [what, pattern] of NOT_IN_FIRST_LOAD) {
      expect(
        modules.filter((module) => pattern.test(module)),
        what,
      ).toEqual([]);
    }
  });
});
