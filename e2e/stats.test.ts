import { mkdir } from "node:fs/promises";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestOrders as orderOnPhone, PHONE } from "./support/browser.ts";
import { api, signIn } from "./support/staff-api.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";
import { startVenuePrinter, type VenuePrinter } from "./support/venue-printer.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).
const SCREENSHOTS = "test-results/screenshots";
/** The office printer's address: a stand-in of its own on loopback. */
const OFFICE_PRINTER = "127.0.0.78";

let server: RunningServer;
let browser: Browser;
let officePrinter: VenuePrinter;

const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, " ");

async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** A guest at the table with this code orders one piece of the product, through the API as the phone does. */
async function guestOrders(tableCode: string, productName: string): Promise<number> {
  const signedIn = await fetch(`${server.baseUrl}/api/authenticate-anonymous`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  const token = (signedIn.headers.get("Authorization") ?? "").slice("Bearer ".length);
  if (!token) throw new Error(`anonymous sign-in failed: ${signedIn.status}`);
  const { tableId } = await api<{ tableId: number }>(server.baseUrl, `/api/cq-table/code/${tableCode}`, token);
  await api(server.baseUrl, `/api/cq-table/check-in/${tableId}`, token, { body: {} });
  const menu = await api<{ products: { id: number; name: string }[] }[]>(server.baseUrl, `/api/cq-table/${tableId}/menu`, token);
  const product = menu.flatMap((category) => category.products).find((p) => p.name === productName);
  if (!product) throw new Error(`${productName} is not on the menu`);
  await api(server.baseUrl, `/api/orders/${tableId}`, token, { body: [{ id: product.id, quantity: 1 }] });
  return tableId;
}

describe("statistics", () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    server = await startServer();
    officePrinter = await startVenuePrinter(server, OFFICE_PRINTER);
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await officePrinter?.close();
    await server?.close();
  });

  it("a waiter's collection and a guest's online payment show live on today's figures; a filter survives a reload through the URL; the chart draws; the report prints", async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
      locale: "el-GR",
      timezoneId: "Europe/Athens",
    });
    const owner = await context.newPage();
    owner.on("pageerror", (error) => console.error(`[browser] ${error.message}`));
    await owner.goto(`${server.baseUrl}/service/admin/stats`);
    await owner.getByTestId("login-username").fill("admin");
    await owner.getByTestId("login-password").fill("demo1234");
    await owner.getByTestId("login-submit").click();
    await owner.getByTestId("stats-page").waitFor();
    await expect.poll(() => text(owner.getByTestId("stats-income-total"))).toContain("0,00");

    // A guest orders a Τζατζίκι (5,50 €) and the waiter collects it in cash: the unfiltered screen follows.
    const tableId = await guestOrders("demo-2", "Τζατζίκι");
    const waiter = await signIn(server.baseUrl, "waiter");
    await api(server.baseUrl, `/api/feed/table/${tableId}/complete-orders`, waiter, {
      body: { cashAmount: 550, cardAmount: 0, onCreditAmount: 0, discountAmount: 0, isGift: false, payAll: true },
    });
    await expect.poll(() => text(owner.getByTestId("stats-income-total")), { timeout: 15_000 }).toContain("5,50");
    await expect.poll(() => text(owner.getByTestId("stats-cash"))).toContain("5,50");
    expect(await text(owner.getByTestId("stats-consumption"))).toContain("Τζατζίκι");

    // Another guest orders a Μουσακάς (13,00 €) on the phone and pays it online by card: it joins live, as online income.
    const phone = await browser.newContext({ ...PHONE, locale: "el-GR", timezoneId: "Europe/Athens" });
    const guest = await phone.newPage();
    await orderOnPhone(guest, server.baseUrl, "demo-3", [["Κυρίως πιάτα", "Μουσακάς", 1]]);
    await guest.getByTestId("pay").click();
    await guest.getByTestId("payment-type-full").click();
    await guest.getByTestId("payment-page").waitFor();
    await guest.getByTestId("pay-by-card").click();
    await guest.getByTestId("pay-card").click();
    await guest.getByTestId("sandbox-approve").click();
    await guest.getByTestId("payment-success").waitFor({ timeout: 15_000 });
    await phone.close();
    await expect.poll(() => text(owner.getByTestId("stats-online")), { timeout: 15_000 }).toContain("13,00");
    await expect.poll(() => text(owner.getByTestId("stats-income-total"))).toContain("18,50");
    expect(await text(owner.getByTestId("stats-cash"))).toContain("5,50");
    expect(await text(owner.getByTestId("stats-consumption"))).toContain("Μουσακάς");
    // The chart draws into a canvas.
    await owner.getByTestId("stats-chart-canvas").locator("canvas").first().waitFor();
    await screenshot(owner, "stats-live-1280");

    // The report reaches the printer through the venue's print agent.
    await expect.poll(() => owner.getByTestId("stats-print").isDisabled(), { timeout: 15_000 }).toBe(false);
    await owner.getByTestId("stats-print").click();
    const printed = await officePrinter.printedLines(1);
    expect(printed.some((l) => l.includes("5,50"))).toBe(true);
    expect(printed.some((l) => l.includes("Τζατζίκι"))).toBe(true);

    // A month filter lives in the URL and survives a reload.
    await owner.getByTestId("stats-mode-MONTH").click();
    const month = new Date().toLocaleString("en-US", { timeZone: "Europe/Athens", month: "numeric" });
    await owner.getByTestId(`stats-month-${month}`).click();
    await expect.poll(() => owner.url()).toMatch(/\?.+/);
    const filtered = owner.url();
    await owner.reload();
    await owner.getByTestId("stats-page").waitFor();
    expect(owner.url()).toBe(filtered);
    expect(await owner.getByTestId("stats-mode-MONTH").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => text(owner.getByTestId("stats-income-total"))).toContain("18,50");
    await screenshot(owner, "stats-month-1280");
    await context.close();
  });
});
