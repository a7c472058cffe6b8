import { mkdir } from "node:fs/promises";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Needs a web build: apps/web/dist, or E2E_WEB_DIST.
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? "test-results/screenshots/card-checkout-abandoned";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 } as const;
const TABLE = "demo-7";

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function newPhone(): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, locale: "el-GR", timezoneId: "Europe/Athens" });
  contexts.push(context);
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`[browser] ${error.message}`));
  return page;
}

async function screenshot(page: Page, name: string): Promise<void> {
  // Let entry animations settle so the picture shows the resting screen.
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
}

const text = (locator: Locator) => locator.innerText();

async function signInGuest(page: Page, tableCode: string): Promise<void> {
  await page.goto(`${server.baseUrl}/service/customer/${tableCode}`);
  await page.getByTestId("accept-terms").check();
  await page.getByTestId("continue-as-guest").click();
  await page.getByTestId("table-page").waitFor();
}

async function expand(page: Page, category: string, product: string): Promise<Locator> {
  await page.getByRole("tab", { name: category }).click();
  const item = page.locator(`[data-testid="menu-product"][data-name="${product}"]`);
  await item.getByTestId("menu-product-toggle").click();
  return item;
}

async function addToBasket(page: Page, category: string, product: string, quantity: number): Promise<void> {
  const item = await expand(page, category, product);
  for (let i = 1; i < quantity; i++) {
    await item.getByTestId("product-quantity").getByRole("button", { name: "Αύξηση ποσότητας" }).click();
  }
  await item.getByTestId("add-to-basket").click();
}

async function sendBasket(page: Page): Promise<void> {
  await page.getByTestId("basket-bar").click();
  await page.getByTestId("send-order").click();
  await page.getByTestId("table-page").waitFor();
}

const feedItem = (page: Page, name: string, payment = "UNPAID") =>
  page.locator(`[data-testid="feed-item"][data-name="${name}"][data-payment="${payment}"]`);

async function signInStaff(page: Page, username: string): Promise<void> {
  await page.goto(`${server.baseUrl}/service/wait`);
  await page.getByTestId("login-username").fill(username);
  await page.getByTestId("login-password").fill("demo1234");
  await page.getByTestId("login-submit").click();
  await page.getByTestId("waiter-feed").waitFor();
}

describe("a guest who backs out of the card checkout does not block the table (issue 28 A5)", () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    server = await startServer();
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
    });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.close();
  });

  it("the other phone and the waiter see the held pieces; Back from the checkout frees them at once", async () => {
    const a = await newPhone();
    const b = await newPhone();
    await signInGuest(a, TABLE);
    await signInGuest(b, TABLE);
    await a.getByTestId("open-menu").click();
    await addToBasket(a, "Κυρίως πιάτα", "Μουσακάς", 2);
    await addToBasket(a, "Ορεκτικά", "Τζατζίκι", 1);
    await sendBasket(a);
    await feedItem(b, "Μουσακάς").waitFor({ timeout: 15_000 });

    // A pays everything by card and reaches the provider's page.
    await a.getByTestId("pay").click();
    await a.getByTestId("payment-type-full").click();
    await a.getByTestId("payment-page").waitFor();
    await a.getByTestId("pay-by-card").click();
    await a.getByTestId("pay-card").click();
    await a.getByTestId("sandbox-approve").waitFor();

    // B sees the pieces as being paid from another phone, live.
    const held = b.locator('[data-testid="feed-item"][data-name="Μουσακάς"]').getByTestId("feed-item-held");
    await held.waitFor({ timeout: 15_000 });
    expect(await text(held)).toBe("Πληρώνεται από άλλο κινητό");
    await screenshot(b, "01-other-phone-held");

    // The waiter's table says what holds them.
    const waiter = await newPhone();
    await signInStaff(waiter, "waiter");
    await waiter.getByTestId("open-tables").click();
    await waiter.locator('[data-testid="select-table-row"][data-label="7"]').click();
    await waiter.getByTestId("waiter-table-feed").waitFor();
    const holdCard = waiter.getByTestId("held-payment");
    await holdCard.waitFor();
    expect(await holdCard.getAttribute("data-held-by")).toBe("ONLINE");
    expect(await text(holdCard)).toContain("2× Μουσακάς");
    await screenshot(waiter, "02-waiter-table-held");

    // A goes Back from the provider's page: the table page asks the provider and frees the pieces.
    await a.goBack();
    await a.getByTestId("payment-page").waitFor();
    await held.waitFor({ state: "detached", timeout: 15_000 });
    await screenshot(b, "03-other-phone-released");
    // The waiter's table follows live.
    await holdCard.waitFor({ state: "detached", timeout: 15_000 });
  });
});
