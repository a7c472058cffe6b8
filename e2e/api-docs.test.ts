import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserSession, DESK, PHONE, screenshot } from "./support/browser.ts";
import { closeAll, startServerAndBrowser } from "./support/journeys.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).
let server: RunningServer, session: BrowserSession;

beforeAll(async () => {
  [server, session] = await startServerAndBrowser();
});
afterAll(() => closeAll(session, server));

describe("the API reference page", () => {
  it("shows every area of the API under its own policy, with no script or style refused", async () => {
    for (const [options, name] of [
      [DESK, "api-docs-desk"],
      [PHONE, "api-docs-phone"],
    ] as const) {
      const page = await session.newPage(options);
      const refused: string[] = [];
      page.on("console", (message) => {
        if (/content security policy|refused to/i.test(message.text())) refused.push(message.text());
      });
      const answer = await page.goto(`${server.baseUrl}/api/docs`);
      expect(answer?.headers()["content-security-policy"]).toContain("script-src 'self';");
      await page.locator(".opblock-tag").first().waitFor();
      // Swagger UI keeps only the areas near the view in the page: scroll down once, noting each area met.
      const areas = new Set<string>();
      for (let atBottom = false; !atBottom; ) {
        for (const area of await page.locator(".opblock-tag").allInnerTexts()) areas.add(area.split("\n")[0]);
        atBottom = await page.evaluate(() => window.scrollY + window.innerHeight >= document.body.scrollHeight - 1);
        await page.mouse.wheel(0, 400);
        await page.waitForTimeout(50);
      }
      expect([...areas]).toEqual(
        expect.arrayContaining([
          "Sign-in",
          "Platform operator",
          "Table",
          "Kitchen",
          "Waiter",
          "Cash desk",
          "Back office",
          "Statistics",
        ]),
      );

      // A route opened: what it takes and what it answers, from the same document the server serves.
      const feed = page.locator("#operations-Table-get_api_orders__tableId__feed");
      await page.evaluate(() => window.scrollTo(0, 0));
      for (let scrolls = 0; scrolls < 200 && (await feed.count()) === 0; scrolls++) {
        await page.mouse.wheel(0, 400);
        await page.waitForTimeout(50);
      }
      await feed.click();
      await page.locator("#operations-Table-get_api_orders__tableId__feed .responses-table").first().waitFor();
      expect(await page.locator("#operations-Table-get_api_orders__tableId__feed").innerText()).toContain("tableId");
      await screenshot(page, name);
      expect(refused).toEqual([]);
    }
  });
});
