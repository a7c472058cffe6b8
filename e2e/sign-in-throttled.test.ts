import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_AT_ADDRESS } from "../apps/server/src/features/auth/sign-in-throttle-rule.ts";
import { type BrowserSession, DESK, PHONE, screenshot, text, toast } from "./support/browser.ts";
import { closeAll, guestOrders, startServerAndBrowser } from "./support/journeys.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).

let server: RunningServer, session: BrowserSession;

beforeAll(async () => {
  [server, session] = await startServerAndBrowser();
});
afterAll(() => closeAll(session, server));

/** Types wrong passwords for this login until the server locks it. */
async function lockOut(page: Page, login: string): Promise<void> {
  await page.getByTestId("login-username").fill(login);
  for (let i = 0; i < LOGIN_AT_ADDRESS.freeFailures; i++) {
    expect(await tryPassword(page, `wrong-${i}`)).not.toMatch(/Πολλές|Too many/);
  }
}

async function tryPassword(page: Page, password: string): Promise<string> {
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  const error = page.getByTestId("login-error");
  await error.waitFor();
  return text(error);
}

describe("the employee login after repeated wrong passwords", () => {
  it("says in Greek how long to wait, and keeps even the right password out meanwhile", async () => {
    const page = await session.newPage(DESK);
    await page.goto(`${server.baseUrl}/service/admin`);
    await page.getByTestId("login-username").fill("admin");

    for (let i = 0; i < LOGIN_AT_ADDRESS.freeFailures; i++) {
      expect(await tryPassword(page, `wrong-${i}`)).toBe("Το όνομα χρήστη ή ο κωδικός σας δεν είναι έγκυρα");
    }
    const locked = "Πολλές αποτυχημένες προσπάθειες. Δοκιμάστε ξανά σε 1 λεπτό.";
    expect(await tryPassword(page, "wrong-again")).toBe(locked);
    await screenshot(page, "sign-in-throttled-desk");

    expect(await tryPassword(page, "demo1234")).toBe(locked);
    expect(await page.getByTestId("employee-login-form").isVisible()).toBe(true);
  });

  it("says it in English on a phone set to English", async () => {
    const page = await session.newPage(PHONE);
    await page.addInitScript(() => localStorage.setItem("language", "en"));
    await page.goto(`${server.baseUrl}/service/wait`);
    await lockOut(page, "waiter");
    expect(await tryPassword(page, "demo1234")).toBe("Too many failed attempts. Try again in 1 minute.");
    await screenshot(page, "sign-in-throttled-phone-en");
  });
});

describe("a guest past a rate limit", () => {
  let limited: RunningServer;

  // A twentieth of the real bounds: one order a minute, so a second order is past it.
  beforeAll(async () => {
    limited = await startServer({ GUEST_RATE_LIMIT_FACTOR: "0.05" });
  });
  afterAll(async () => limited?.close());

  it("is told in a toast to try again in a moment", async () => {
    const guest = await session.newPage(PHONE);
    await guestOrders(guest, limited.baseUrl, "demo-2", [["Ορεκτικά", "Τζατζίκι", 1]]);
    await guest.getByTestId("open-menu").click();
    await guest.getByRole("tab", { name: "Ορεκτικά" }).click();
    const item = guest.locator('[data-testid="menu-product"][data-name="Τζατζίκι"]');
    await item.getByTestId("menu-product-toggle").click();
    await item.getByTestId("add-to-basket").click();
    await guest.getByTestId("basket-bar").click();
    await guest.getByTestId("send-order").click();
    await toast(guest, "error", "Πάρα πολλά αιτήματα σε λίγο χρόνο. Δοκιμάστε ξανά σε λίγο.").waitFor();
    await screenshot(guest, "guest-rate-limited-phone");
  });
});
