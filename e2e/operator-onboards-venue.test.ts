import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOperator, TEST_PASSWORD } from "../apps/server/test/support/factories.ts";
import { BrowserSession, DESK, PHONE, screenshot } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).
let server: RunningServer;
let browser: BrowserSession;
const newPage = (device: typeof PHONE | typeof DESK) => browser.newPage(device);

async function signIn(page: Page, path: string, username: string, password: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.getByTestId("login-username").fill(username);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
}

/** Whether a step of the first-run checklist is ticked. */
const ticked = (page: Page, step: string) => page.getByTestId(`setup-${step}`).getAttribute("data-done");

/**
 * Onboarding a venue (issue 18): a café owner's contact-form request reaches the platform
 * operator, who creates the venue from it; the new administrator sets a password through the
 * one-time link and follows the first-run checklist to a first product and table; a guest orders
 * there and that venue's kitchen sees it, the demo venue's kitchen does not.
 */
describe("the operator onboards a venue", () => {
  let operatorLogin: string;

  beforeAll(async () => {
    server = await startServer();
    operatorLogin = (await buildOperator(server.db, { login: "platform-ops" })).login;
    browser = await BrowserSession.launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("from a contact-form request to a guest's order in the new venue's kitchen", async () => {
    // 1. A café owner asks to be contacted.
    const owner = await newPage(PHONE);
    await owner.goto(`${server.baseUrl}/contact-us`);
    await owner.getByTestId("contact-name").fill("Ελένη Μαρκοπούλου");
    await owner.getByTestId("contact-companyName").fill("Καφέ Αυλή");
    await owner.getByTestId("contact-phone").fill("2101234567");
    await owner.getByTestId("contact-email").fill("eleni@example.com");
    await owner.getByTestId("contact-submit").click();
    await owner.waitForURL(`${server.baseUrl}/`);

    // The operator signs in at the employee login and lands in its console.
    const console = await newPage(DESK);
    await signIn(console, "/service/admin", operatorLogin, TEST_PASSWORD);
    await console.waitForURL(/\/service\/operator$/);
    const request = console.locator('[data-testid^="request-row-"]').filter({ hasText: "Καφέ Αυλή" });
    await request.waitFor();
    expect(await request.innerText()).toContain("Νέο");
    await screenshot(console, "operator-requests-1280");
    await request.getByRole("button", { name: "Δημιουργία καταστήματος" }).click();
    await console.getByTestId("create-venue-dialog").waitFor();
    expect(await console.getByTestId("field-name").inputValue()).toBe("Καφέ Αυλή");
    await console.getByTestId("create-venue-submit").click();
    // The form says what is missing before anything is sent.
    await console.getByTestId("error-adminUsername").waitFor();
    await console.getByTestId("field-type").selectOption({ label: "Καφετέρια" });
    await console.getByTestId("field-adminUsername").fill("eleni");
    await console.getByTestId("field-adminFirstName").fill("Ελένη");
    await screenshot(console, "operator-create-venue-1280");
    await console.getByTestId("create-venue-submit").click();
    await console.getByTestId("set-password-link").waitFor();
    const link = await console.getByTestId("set-password-link-url").inputValue();
    expect(link).toMatch(/\/service\/set-password\/[\w-]{43}$/);
    await screenshot(console, "operator-link-1280");
    await console.getByTestId("create-venue-done").click();
    expect(await request.innerText()).toContain("Έγινε κατάστημα");
    await console.getByTestId("operator-tab-venues").click();
    const venueRow = console.locator('[data-testid^="venue-row-"]').filter({ hasText: "Καφέ Αυλή" });
    await venueRow.waitFor();
    expect(await venueRow.innerText()).toContain("δεν έχει ορίσει κωδικό");
    await screenshot(console, "operator-venues-1280", true);

    const phoneConsole = await newPage(PHONE);
    await signIn(phoneConsole, "/service/operator", operatorLogin, TEST_PASSWORD);
    await phoneConsole.locator('[data-testid^="request-row-"]').first().waitFor();
    await screenshot(phoneConsole, "operator-requests-390");
    await phoneConsole.getByTestId("operator-tab-venues").click();
    await phoneConsole.locator('[data-testid^="venue-row-"]').first().waitFor();
    await screenshot(phoneConsole, "operator-venues-390");

    // 2. The new administrator opens the link and chooses a password.
    const admin = await newPage(PHONE);
    await admin.goto(link);
    await admin.getByTestId("set-password-form").waitFor();
    expect(await admin.getByTestId("set-password-username").innerText()).toContain("eleni");
    await admin.getByTestId("set-password-password").fill("avli");
    await admin.getByTestId("set-password-repeat").fill("avli-2");
    await admin.getByTestId("set-password-submit").click();
    await admin.getByText("Οι δύο κωδικοί δεν ταιριάζουν").waitFor();
    await admin.getByTestId("set-password-repeat").fill("avli");
    await screenshot(admin, "set-password-390");
    await admin.getByTestId("set-password-submit").click();
    await admin.getByTestId("admin-dashboard").waitFor();
    await admin.getByTestId("setup-checklist").waitFor();
    expect(await admin.getByTestId("admin-business-name").innerText()).toBe("Καφέ Αυλή");
    await screenshot(admin, "admin-checklist-empty-390", true);

    // The link worked once.
    const again = await newPage(PHONE);
    await again.goto(link);
    await again.getByTestId("set-password-invalid").waitFor();
    await screenshot(again, "set-password-used-390");

    // The checklist leads to each screen: a preparation area first.
    await admin.getByTestId("setup-preparationArea").getByRole("link").click();
    await admin.getByTestId("field-area-name").fill("Μπαρ");
    await admin.getByTestId("field-area-username").fill("avli-bar");
    await admin.getByTestId("field-area-password").fill("avli-bar");
    await admin.getByTestId("area-save").click();
    await admin.locator('[data-testid^="area-row-"]').filter({ hasText: "Μπαρ" }).waitFor();

    // A category and a product.
    await admin.goto(`${server.baseUrl}/service/admin`);
    await expect.poll(() => ticked(admin, "preparationArea")).toBe("true");
    await admin.getByTestId("setup-categoryAndProduct").getByRole("link").click();
    await admin.getByTestId("categories-link").click();
    await admin.getByTestId("category-add").click();
    await admin.getByTestId("category-name").fill("Καφέδες");
    await admin.getByTestId("categories-save").click();
    await admin.locator('[data-testid="admin-category"][data-name="Καφέδες"]').waitFor();
    await admin.getByTestId("product-add").click();
    await admin.getByTestId("field-product-name").fill("Φρέντο εσπρέσο");
    await admin.getByTestId("field-product-price").fill("3,5");
    await admin.getByTestId("field-product-category").selectOption({ label: "Καφέδες" });
    await admin.getByTestId("field-product-area").selectOption({ label: "Μπαρ" });
    await admin.getByTestId("product-save").click();
    await admin.locator('[data-testid="admin-product"][data-name="Φρέντο εσπρέσο"]').waitFor();

    // A table and its printed QR sheet.
    await admin.goto(`${server.baseUrl}/service/admin`);
    await expect.poll(() => ticked(admin, "categoryAndProduct")).toBe("true");
    await admin.getByTestId("setup-tablesAndQrSheet").getByRole("link").click();
    await admin.getByTestId("table-add").click();
    await admin.getByTestId("field-table-label").fill("1");
    await admin.getByTestId("field-table-code").fill("avli-1");
    await admin.getByTestId("table-save").click();
    await admin.getByTestId("table-row-avli-1").waitFor();
    const sheet = admin.waitForEvent("popup");
    await admin.getByTestId("tables-qr-sheet").click();
    await (await sheet).close();
    await admin.goto(`${server.baseUrl}/service/admin`);
    await expect.poll(() => ticked(admin, "tablesAndQrSheet")).toBe("true");
    expect(await ticked(admin, "shopDetails")).toBe("false");
    expect(await ticked(admin, "waiter")).toBe("false");
    await screenshot(admin, "admin-checklist-half-390", true);
    const adminDesk = await newPage(DESK);
    await signIn(adminDesk, "/service/admin", "eleni", "avli");
    await adminDesk.getByTestId("setup-checklist").waitFor();
    await screenshot(adminDesk, "admin-checklist-half-1280", true);

    // 3. A guest orders at that table; the venue's bar sees it.
    const bar = await newPage(DESK);
    await signIn(bar, "/service/prep", "avli-bar", "avli-bar");
    await bar.getByTestId("kitchen-feed").waitFor();
    await expect
      .poll(() => bar.getByTestId("realtime-status").getAttribute("data-status"), { timeout: 15_000 })
      .toBe("CONNECTED");
    const demoKitchen = await newPage(DESK);
    await signIn(demoKitchen, "/service/prep", "kitchen", "demo1234");
    await demoKitchen.getByTestId("kitchen-feed").waitFor();
    await expect
      .poll(() => demoKitchen.getByTestId("realtime-status").getAttribute("data-status"), { timeout: 15_000 })
      .toBe("CONNECTED");

    const guest = await newPage(PHONE);
    await guest.goto(`${server.baseUrl}/service/customer/avli-1`);
    await guest.getByTestId("accept-terms").check();
    await guest.getByTestId("continue-as-guest").click();
    await guest.getByTestId("table-page").waitFor();
    await guest.getByTestId("open-menu").click();
    const item = guest.locator('[data-testid="menu-product"][data-name="Φρέντο εσπρέσο"]');
    await item.getByTestId("menu-product-toggle").click();
    await item.getByTestId("add-to-basket").click();
    await guest.getByTestId("basket-bar").click();
    await guest.getByTestId("send-order").click();
    await guest.locator('[data-testid="feed-item"][data-name="Φρέντο εσπρέσο"]').waitFor();

    await bar.getByTestId("kitchen-ticket").filter({ hasText: "Φρέντο εσπρέσο" }).waitFor({ timeout: 15_000 });
    await screenshot(bar, "new-venue-bar-ticket-1280");

    // 4. The demo venue's kitchen does not see it, after a reload either.
    await demoKitchen.reload();
    await demoKitchen.getByTestId("kitchen-feed").waitFor();
    await demoKitchen.waitForTimeout(1_000);
    expect(await demoKitchen.getByTestId("kitchen-feed").innerText()).not.toContain("Φρέντο εσπρέσο");

    // The operator watches the venue come alive, then disables it: the guest is told so.
    await console.reload();
    await venueRow.waitFor();
    await expect.poll(() => venueRow.innerText()).not.toContain("καμία ακόμη");
    await venueRow.getByRole("button", { name: "Απενεργοποίηση" }).click();
    await console.getByRole("alertdialog").getByRole("button", { name: "Απενεργοποίηση" }).click();
    await expect.poll(() => venueRow.innerText()).toContain("Απενεργοποιημένο");
    await screenshot(console, "operator-venue-disabled-1280", true);
    const late = await newPage(PHONE);
    await late.goto(`${server.baseUrl}/service/customer/avli-1`);
    await late.getByTestId("venue-closed").waitFor();
    expect(await late.getByTestId("venue-closed").innerText()).toContain("Το κατάστημα δεν δέχεται παραγγελίες αυτή τη στιγμή");
    await screenshot(late, "guest-venue-closed-390");
    // Its staff cannot sign in, and are told why.
    const refused = await newPage(PHONE);
    await signIn(refused, "/service/admin", "eleni", "avli");
    await refused.getByTestId("login-error").waitFor();
    expect(await refused.getByTestId("login-error").innerText()).toContain("απενεργοποιημένο");
    await screenshot(refused, "admin-login-venue-disabled-390");

    // The console in English.
    await console.getByTestId("language-toggle").click();
    await expect.poll(() => venueRow.innerText()).toContain("Disabled");
    expect(await console.getByTestId("operator-tab-requests").innerText()).toBe("Requests");
    await screenshot(console, "operator-venues-en-1280", true);
  });
});
