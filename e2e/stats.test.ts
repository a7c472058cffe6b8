import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserSession, DESK, PHONE, screenshot, text } from "./support/browser.ts";
import { closeAll, guestOrders, guestOrdersByApi, startServerAndBrowser } from "./support/journeys.ts";
import { api, signIn } from "./support/staff-api.ts";
import type { RunningServer } from "./support/start-server.ts";
import { startVenuePrinter, type VenuePrinter } from "./support/venue-printer.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).
/** The office printer's address: a stand-in of its own on loopback. */
const OFFICE_PRINTER = "127.0.0.78";

let server: RunningServer, session: BrowserSession;
let officePrinter: VenuePrinter;

describe("statistics", () => {
  beforeAll(async () => {
    [server, session] = await startServerAndBrowser();
    officePrinter = await startVenuePrinter(server, OFFICE_PRINTER);
  });
  afterAll(() => closeAll(session, officePrinter, server));

  it("a waiter's collection and a guest's online payment show live on today's figures; a filter survives a reload through the URL; the chart draws; the report prints", async () => {
    const owner = await session.newPage(DESK);
    await owner.goto(`${server.baseUrl}/service/admin/stats`);
    await owner.getByTestId("login-username").fill("admin");
    await owner.getByTestId("login-password").fill("demo1234");
    await owner.getByTestId("login-submit").click();
    await owner.getByTestId("stats-page").waitFor();
    await expect.poll(() => text(owner.getByTestId("stats-income-total"))).toContain("0,00");

    // A guest orders a Τζατζίκι (5,50 €) and the waiter collects it in cash: the unfiltered screen follows.
    const { tableId } = await guestOrdersByApi(server.baseUrl, "demo-2", [{ name: "Τζατζίκι" }]);
    const waiter = await signIn(server.baseUrl, "waiter");
    await api(server.baseUrl, `/api/feed/table/${tableId}/complete-orders`, waiter, {
      body: { cashAmount: 550, cardAmount: 0, onCreditAmount: 0, discountAmount: 0, isGift: false, payAll: true },
    });
    await expect.poll(() => text(owner.getByTestId("stats-income-total")), { timeout: 15_000 }).toContain("5,50");
    await expect.poll(() => text(owner.getByTestId("stats-cash"))).toContain("5,50");
    expect(await text(owner.getByTestId("stats-consumption"))).toContain("Τζατζίκι");

    // Another guest orders a Μουσακάς (13,00 €) on the phone and pays it online by card: it joins live, as online income.
    const guest = await session.newPage(PHONE);
    await guestOrders(guest, server.baseUrl, "demo-3", [["Κυρίως πιάτα", "Μουσακάς", 1]]);
    await guest.getByTestId("pay").click();
    await guest.getByTestId("payment-type-full").click();
    await guest.getByTestId("payment-page").waitFor();
    await guest.getByTestId("pay-by-card").click();
    await guest.getByTestId("pay-card").click();
    await guest.getByTestId("sandbox-approve").click();
    await guest.getByTestId("payment-success").waitFor({ timeout: 15_000 });
    await guest.context().close();
    await expect.poll(() => text(owner.getByTestId("stats-online")), { timeout: 15_000 }).toContain("13,00");
    await expect.poll(() => text(owner.getByTestId("stats-income-total"))).toContain("18,50");
    expect(await text(owner.getByTestId("stats-cash"))).toContain("5,50");
    expect(await text(owner.getByTestId("stats-consumption"))).toContain("Μουσακάς");
    // The chart draws into a canvas.
    await owner.getByTestId("stats-chart-canvas").locator("canvas").first().waitFor();
    await screenshot(owner, "stats-live-1280", true);

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
    await screenshot(owner, "stats-month-1280", true);
  });
});
