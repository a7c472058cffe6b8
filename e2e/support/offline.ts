import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * A dead spot: the page and its service worker both lose the network (the browser's offline switch
 * alone does not reach a worker's own fetches in every Chromium, so those are cut too).
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route("**", (route) =>
    route.request().serviceWorker() ? route.abort("internetdisconnected") : route.continue(),
  );
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll();
  await context.setOffline(false);
}

/** Waits until the staff app's service worker controls the page, so a reload offline opens from it. */
export async function expectControlledByServiceWorker(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
}
