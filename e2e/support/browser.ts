import { mkdir } from "node:fs/promises";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";

/** Where the journeys leave their screenshots, to be looked at. */
export const SCREENSHOTS = "test-results/screenshots";
export const DESK = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } as const;
/** The till: a small touch screen at the counter (1024×768). */
export const TILL = { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 } as const;
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 } as const;
/** A desk screen turned upright (a tablet on a stand at the counter). */
export const TALL = { viewport: { width: 800, height: 1280 }, deviceScaleFactor: 1 } as const;

/** Debian's Chromium, headless, with a context per person (Greek, Athens time). */
export class BrowserSession {
  private readonly contexts: BrowserContext[] = [];

  private constructor(private readonly browser: Browser) {}

  static async launch(): Promise<BrowserSession> {
    await mkdir(SCREENSHOTS, { recursive: true });
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
    });
    return new BrowserSession(browser);
  }

  async newPage(options: typeof DESK | typeof PHONE | typeof TALL | typeof TILL): Promise<Page> {
    const context = await this.browser.newContext({ ...options, locale: "el-GR", timezoneId: "Europe/Athens" });
    this.contexts.push(context);
    const page = await context.newPage();
    page.on("pageerror", (error) => console.error(`[browser] ${error.message}`));
    return page;
  }

  async close(): Promise<void> {
    for (const context of this.contexts) await context.close().catch(() => {});
    await this.browser.close();
  }
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage });
}

/** A locator's text with its white space folded, as a person reads it. */
export const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, " ");

export const toast = (page: Page, kind: "success" | "error" | "info", message: string) =>
  page.getByTestId(`toast-${kind}`).filter({ hasText: message }).first();

/** Signs a demo staff account in at an area's login and waits for its first screen. */
export async function signInStaff(page: Page, baseUrl: string, path: string, username: string, ready: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByTestId("login-username").fill(username);
  await page.getByTestId("login-password").fill("demo1234");
  await page.getByTestId("login-submit").click();
  await page.getByTestId(ready).waitFor();
}

/** A guest scans the table's code on the phone, signs in as a guest and sends these [category, product, quantity]. */
export async function guestOrders(
  page: Page,
  baseUrl: string,
  tableCode: string,
  lines: [string, string, number][],
): Promise<void> {
  await page.goto(`${baseUrl}/service/customer/${tableCode}`);
  await page.getByTestId("accept-terms").check();
  await page.getByTestId("continue-as-guest").click();
  await page.getByTestId("table-page").waitFor();
  await page.getByTestId("open-menu").click();
  for (const [category, product, quantity] of lines) {
    await page.getByRole("tab", { name: category }).click();
    const item = page.locator(`[data-testid="menu-product"][data-name="${product}"]`);
    await item.getByTestId("menu-product-toggle").click();
    for (let i = 1; i < quantity; i++) {
      await item.getByTestId("product-quantity").getByRole("button", { name: "Αύξηση ποσότητας" }).click();
    }
    await item.getByTestId("add-to-basket").click();
  }
  await page.getByTestId("basket-bar").click();
  await page.getByTestId("send-order").click();
  await page.getByTestId("table-page").waitFor();
}

/** Approves the one sale waiting at the sandbox card terminal, as the person holding it would. */
export async function approveAtTerminal(session: BrowserSession, baseUrl: string, screenshotName?: string): Promise<void> {
  await decideAtTerminal(session, baseUrl, "approve", screenshotName);
}

/** The card holder's answer to the oldest sale on the sandbox terminal's page. */
export async function decideAtTerminal(
  session: BrowserSession,
  baseUrl: string,
  decision: "approve" | "decline",
  screenshotName?: string,
): Promise<void> {
  const terminal = await session.newPage(PHONE);
  await terminal.goto(`${baseUrl}/sandbox/card-terminal`);
  await terminal.getByTestId("sandbox-terminal-sale").first().waitFor({ timeout: 15_000 });
  if (screenshotName) await screenshot(terminal, screenshotName);
  await terminal.getByTestId("sandbox-terminal-sale").first().getByTestId(`sandbox-terminal-${decision}`).click();
  await terminal.context().close();
}
