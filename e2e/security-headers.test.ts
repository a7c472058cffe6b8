import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOperator, TEST_PASSWORD } from "../apps/server/test/support/factories.ts";
import { type BrowserSession, DESK, PHONE, screenshot, signInStaff } from "./support/browser.ts";
import { closeAll, guestOrders, startServerAndBrowser } from "./support/journeys.ts";
import type { RunningServer } from "./support/start-server.ts";
import { startVenuePrinter, type VenuePrinter } from "./support/venue-printer.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).
let server: RunningServer, session: BrowserSession;
let printer: VenuePrinter;

/** Everything the browser said about the Content-Security-Policy, on every page opened. */
const violations: string[] = [];

/** A page that reports every CSP violation: the event the browser fires, and its console message. */
async function watchedPage(options: typeof DESK | typeof PHONE): Promise<Page> {
  const page = await session.newPage(options);
  await page.exposeBinding("reportCspViolation", (_source, report: string) => {
    violations.push(report);
  });
  // Init scripts are the browser's, not the page's: the policy does not apply to them.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation(report: string): void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on("console", (message) => {
    if (/content security policy|refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return page;
}

/** The venue's printer: a stand-in on a loopback address no other file's printer takes. */
const AGENT_PRINTER = "127.0.0.80";

beforeAll(async () => {
  [server, session] = await startServerAndBrowser();
  // The kitchen's and the owner's screens talk to the venue's print agent over a WebSocket.
  printer = await startVenuePrinter(server, AGENT_PRINTER);
});
afterAll(() => closeAll(session, printer, server));

describe("the web app under its Content-Security-Policy", () => {
  it("opens every area's screens without one violation", async () => {
    // The public site.
    const visitor = await watchedPage(PHONE);
    const site = await visitor.goto(`${server.baseUrl}/`);
    expect(site?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await visitor.getByRole("link").first().waitFor();

    // A guest orders on the phone and pays by card (the sandbox's checkout page and its way back).
    const guest = await watchedPage(PHONE);
    await guestOrders(guest, server.baseUrl, "demo-1", [["Κυρίως πιάτα", "Μουσακάς", 1]]);
    await guest.getByTestId("pay").click();
    await guest.getByTestId("payment-type-full").click();
    await guest.getByTestId("payment-page").waitFor();
    await guest.getByTestId("pay-by-card").click();
    await guest.getByTestId("pay-card").click();
    await guest.getByTestId("sandbox-approve").click();
    await guest.getByTestId("payment-success").waitFor({ timeout: 15_000 });
    await guest.goto(`${server.baseUrl}/service/customer/demo-1/menu`);
    await guest.getByTestId("menu-product").first().waitFor();
    await screenshot(guest, "csp-guest-menu-390");

    // The kitchen, connected to the print agent.
    const kitchen = await watchedPage(DESK);
    await signInStaff(kitchen, server.baseUrl, "/service/prep", "kitchen", "kitchen-feed");
    await kitchen.getByTestId("kitchen-ticket").first().waitFor();
    await screenshot(kitchen, "csp-kitchen-1280");

    // The waiter.
    const waiter = await watchedPage(PHONE);
    await signInStaff(waiter, server.baseUrl, "/service/wait", "waiter", "waiter-feed");
    await screenshot(waiter, "csp-waiter-390");

    // The cash desk.
    const desk = await watchedPage(DESK);
    await signInStaff(desk, server.baseUrl, "/service/admin", "cashdesk", "cash-desk-tables");
    await desk.getByTestId("admin-tab-cash-desk").click();
    await desk.waitForLoadState("networkidle");
    await screenshot(desk, "csp-cash-desk-1280");

    // The owner's back office, its product pictures and the statistics' chart.
    const owner = await watchedPage(DESK);
    await signInStaff(owner, server.baseUrl, "/service/admin", "admin", "admin-dashboard");
    for (const tab of ["admin-tab-spaces", "admin-tab-staff", "admin-tab-products"]) {
      await owner.getByTestId(tab).click();
      await owner.waitForLoadState("networkidle");
    }
    await owner.getByTestId("admin-tab-stats").click();
    await owner.getByTestId("stats-page").waitFor();
    await owner.getByTestId("stats-chart-canvas").locator("canvas").first().waitFor();
    await screenshot(owner, "csp-stats-1280");

    // The platform operator's console, and a set-password link it issues (issue 18).
    const operator = await watchedPage(DESK);
    const { login } = await buildOperator(server.db);
    await operator.goto(`${server.baseUrl}/service/operator`);
    await operator.getByTestId("login-username").fill(login);
    await operator.getByTestId("login-password").fill(TEST_PASSWORD);
    await operator.getByTestId("login-submit").click();
    await operator.getByTestId("operator-tab-venues").click();
    await operator.locator('[data-testid$="-new-link"]').first().click();
    const link = await operator.getByTestId("set-password-link-url").inputValue();
    const holder = await watchedPage(PHONE);
    await holder.goto(link);
    await holder.getByTestId("set-password-form").waitFor();

    // The API reference, under the policy it sets for itself.
    const reference = await fetch(`${server.baseUrl}/api/docs`);
    if (reference.ok) {
      const reader = await watchedPage(DESK);
      await reader.goto(`${server.baseUrl}/api/docs`);
      await reader.locator(".swagger-ui .opblock").first().waitFor();
      await screenshot(reader, "csp-api-docs-1280");
    }

    expect(violations).toEqual([]);
  });
});
