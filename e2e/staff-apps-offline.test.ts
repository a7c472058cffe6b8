import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserSession, DESK, PHONE, screenshot, text } from "./support/browser.ts";
import {
  closeAll,
  expectStatus,
  guestOrdersByApi,
  signInKitchen,
  signInWaiter,
  startServerAndBrowser,
} from "./support/journeys.ts";
import { expectControlledByServiceWorker, goOffline, goOnline } from "./support/offline.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a fresh `npm run build:web`: the server serves apps/web/dist, with its /sw.js.

let server: RunningServer, session: BrowserSession;

/** The paths of the answers the page's service worker keeps for its signed-in token. */
function cachedData(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("staff-data-")) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/**
 * Waits until the staff app's service worker controls the page, opens it once more through the
 * worker (a screen's second visit), and waits until it holds the last answers of the account (the
 * area's gate) and `path`. The first visit's read-through when the worker takes over does not always
 * read the account again (issue 31 note), so the journey starts from a second visit.
 */
async function expectReadyOffline(page: Page, path: string): Promise<void> {
  await expectControlledByServiceWorker(page);
  await page.reload();
  for (const read of ["/api/account", path]) {
    await expect.poll(() => cachedData(page), { timeout: 15_000 }).toContain(read);
  }
}

/** The last answer the page's app reads for `path` came from the worker's cache, not the network. */
function answeredFromCache(page: Page, path: string): Promise<string | null> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem("authenticationToken") ?? sessionStorage.getItem("authenticationToken");
    const answer = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    return answer.headers.get("x-staff-cached-until");
  }, path);
}

describe("the staff apps open offline with their last known state", () => {
  beforeAll(async () => {
    [server, session] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(session, server));

  it("a waiter's feed and a kitchen board reload in a dead spot and refresh when the network returns", async () => {
    // A table orders a dish for the kitchen and water the waiter serves.
    await guestOrdersByApi(server.baseUrl, "demo-2", [{ name: "Τζατζίκι" }, { name: "Νερό 1L" }]);

    const waiter = await session.newPage(PHONE);
    await signInWaiter(waiter, server.baseUrl);
    const water = waiter.locator('[data-testid="waiter-task"][data-type="SERVICE"]').filter({ hasText: "Νερό 1L" });
    await water.waitFor({ timeout: 15_000 });
    await expectReadyOffline(waiter, "/api/feed/get-employee-feed");

    const kitchen = await session.newPage(DESK);
    await signInKitchen(kitchen, server.baseUrl);
    const tzatziki = kitchen.getByTestId("kitchen-ticket").filter({ hasText: "Τζατζίκι" });
    await tzatziki.waitFor({ timeout: 15_000 });
    await expectReadyOffline(kitchen, "/api/feed/kitchen");

    // The connection drops and both reload: the screens come back from the cache, said offline.
    for (const page of [waiter, kitchen]) {
      await goOffline(page.context());
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await page.locator('[data-testid="staff-outbox-banner"][data-online="false"]').waitFor();
    }
    await water.waitFor();
    expect(await text(water)).toContain("Νερό 1L");
    expect(await answeredFromCache(waiter, "/api/feed/get-employee-feed")).toMatch(/^\d+$/);
    await screenshot(waiter, "waiter-feed-reloaded-offline-390");
    await tzatziki.waitFor();
    expect(await answeredFromCache(kitchen, "/api/feed/kitchen")).toMatch(/^\d+$/);
    await screenshot(kitchen, "kitchen-board-reloaded-offline-1280");

    // Meanwhile another table orders; back online, both screens show it without a reload.
    await guestOrdersByApi(server.baseUrl, "demo-3", [{ name: "Μουσακάς" }, { name: "Νερό 1L" }]);
    for (const page of [waiter, kitchen]) await goOnline(page.context());
    const waterTasks = waiter.locator('[data-testid="waiter-task"][data-type="SERVICE"]').filter({ hasText: "Νερό 1L" });
    await expect.poll(() => waterTasks.count(), { timeout: 20_000 }).toBe(2);
    await kitchen.getByTestId("kitchen-ticket").filter({ hasText: "Μουσακάς" }).waitFor({ timeout: 20_000 });
    await expectStatus(kitchen, "CONNECTED", 20_000);
    expect(await answeredFromCache(kitchen, "/api/feed/kitchen")).toBeNull();
    await expect.poll(() => waiter.getByTestId("staff-outbox-banner").count()).toBe(0);

    // A guest's page, in the same browser as the waiter's app, is not the worker's.
    const guest = await waiter.context().newPage();
    await guest.goto(`${server.baseUrl}/service/customer/demo-4`);
    await guest.getByTestId("accept-terms").waitFor();
    expect(await guest.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    expect(await guest.evaluate(async () => (await navigator.serviceWorker.getRegistration(location.href)) === undefined)).toBe(
      true,
    );

    // Signing out drops every cached answer.
    expect((await cachedData(waiter)).length).toBeGreaterThan(0);
    await waiter.getByTestId("staff-logout").click();
    await waiter.getByTestId("login-username").waitFor();
    await expect.poll(() => cachedData(waiter)).toEqual([]);
  });
});
