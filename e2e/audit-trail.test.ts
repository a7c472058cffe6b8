import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserSession, DESK, PHONE, screenshot, signInStaff, text, toast, type } from "./support/browser.ts";
import { closeAll, guestOrders, startServerAndBrowser } from "./support/journeys.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).

let server: RunningServer, session: BrowserSession;

const line = (page: Page, name: string) => page.locator(`[data-testid="pay-line"][data-name="${name}"]`);
const entry = (page: Page, kind: string) => page.locator(`[data-testid="audit-entry"][data-kind="${kind}"]`);

describe("the owner's audit trail", () => {
  beforeAll(async () => {
    [server, session] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(session, server));

  it("a waiter gives a gift and a discount; the owner finds both with the amounts, filters them and exports them", async () => {
    const guest = await session.newPage(PHONE);
    // 1 × Τζατζίκι (5.50) + 2 × Νερό 1L (1.00)
    await guestOrders(guest, server.baseUrl, "demo-7", [
      ["Ορεκτικά", "Τζατζίκι", 1],
      ["Ποτά", "Νερό 1L", 2],
    ]);

    const waiter = await session.newPage(PHONE);
    await signInStaff(waiter, server.baseUrl, "/service/wait", "waiter", "waiter-feed");
    await waiter.getByTestId("open-tables").click();
    await waiter.locator('[data-testid="select-table-row"][data-label="7"]').click();
    await waiter.getByTestId("waiter-table-feed").waitFor();
    await expect.poll(() => text(waiter.getByTestId("table-unpaid"))).toContain("7,50");

    // A water on the house.
    await waiter.getByTestId("collect-table").click();
    await waiter.getByTestId("payment-type-gift").click();
    await waiter.getByTestId("select-products").waitFor();
    await line(waiter, "Νερό 1L").getByRole("button", { name: "Αύξηση ποσότητας" }).click();
    await waiter.getByTestId("confirm-selection").click();
    await waiter.getByTestId("finalize-payment").waitFor();
    await waiter.getByTestId("collect").click();
    await toast(waiter, "success", "Επιτυχής καταχώριση κεράσματος!").waitFor();
    await expect.poll(() => text(waiter.getByTestId("table-unpaid"))).toContain("6,50");

    // The Τζατζίκι in cash with 0.50 € off.
    await waiter.getByTestId("collect-table").click();
    await waiter.getByTestId("payment-type-partial").click();
    await waiter.getByTestId("select-products").waitFor();
    await line(waiter, "Τζατζίκι").getByRole("button", { name: "Αύξηση ποσότητας" }).click();
    await waiter.getByTestId("confirm-selection").click();
    await waiter.getByTestId("choose-payment-method").waitFor();
    await waiter.getByTestId("payment-method-cash").click();
    await waiter.getByTestId("finalize-payment").waitFor();
    await waiter.getByTestId("discount-toggle").click();
    await type(waiter.getByTestId("discount-amount"), "0,50");
    expect(await text(waiter.getByTestId("finalize-payable"))).toContain("5,00");
    await type(waiter.getByTestId("cash-amount"), "5");
    await waiter.getByTestId("collect").click();
    await toast(waiter, "success", "Επιτυχής είσπραξη μερικού συνόλου!").waitFor();
    await expect.poll(() => text(waiter.getByTestId("table-unpaid"))).toContain("1,00");

    // The owner opens the audit trail from the back office's tabs.
    const owner = await session.newPage(DESK);
    await signInStaff(owner, server.baseUrl, "/service/admin", "admin", "admin-dashboard");
    await owner.getByTestId("admin-tab-audit").click();
    await owner.getByTestId("audit-table").waitFor();
    const gift = entry(owner, "GIFT");
    await gift.waitFor();
    const giftText = await text(gift);
    expect(giftText).toContain("Κέρασμα");
    expect(giftText).toContain("1× Νερό 1L");
    expect(await text(gift.getByTestId("audit-amounts"))).toBe("1,00 € → 0,00 €");
    const discount = entry(owner, "DISCOUNT");
    const discountText = await text(discount);
    expect(discountText).toContain("Έκπτωση");
    expect(discountText).toContain("1× Τζατζίκι");
    expect(await text(discount.getByTestId("audit-amounts"))).toBe("5,50 € → 5,00 €");
    for (const row of [giftText, discountText]) {
      expect(row).toContain("Σερβιτόρος");
      expect(row).toContain("7");
    }
    await screenshot(owner, "audit-desk-1280", true);

    // Only the gifts, kept in the URL across a reload.
    await owner.getByTestId("audit-kind").selectOption("GIFT");
    await expect.poll(() => entry(owner, "DISCOUNT").count()).toBe(0);
    expect(new URL(owner.url()).searchParams.get("kind")).toBe("GIFT");
    await owner.reload();
    await entry(owner, "GIFT").waitFor();
    expect(await entry(owner, "DISCOUNT").count()).toBe(0);
    expect(await owner.getByTestId("audit-kind").inputValue()).toBe("GIFT");

    // The CSV holds what the screen shows.
    const [download] = await Promise.all([owner.waitForEvent("download"), owner.getByTestId("audit-export").click()]);
    const csv = await readFile((await download.path()) as string, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain(";Κέρασμα;");
    expect(csv).toContain(";1,00;0,00;");
    expect(csv).not.toContain(";Έκπτωση;");

    // The staff filter: the waiter's entries only (the owner's own sign-in leaves the list).
    await owner.getByTestId("audit-kind").selectOption("");
    await entry(owner, "DISCOUNT").waitFor();
    expect(await entry(owner, "STAFF_SIGNED_IN").count()).toBeGreaterThan(0);
    const waiterOption = owner.getByTestId("audit-staff").locator("option", { hasText: "Σερβιτόρος" }).first();
    await owner.getByTestId("audit-staff").selectOption((await waiterOption.getAttribute("value")) as string);
    await expect
      .poll(async () => (await owner.getByTestId("audit-entry").allInnerTexts()).every((row) => row.includes("Σερβιτόρος")))
      .toBe(true);
    expect(await entry(owner, "GIFT").count()).toBe(1);
    expect(await entry(owner, "DISCOUNT").count()).toBe(1);

    // On a phone, one card per entry.
    const phone = await session.newPage(PHONE);
    await signInStaff(phone, server.baseUrl, "/service/admin/audit", "admin", "audit-page");
    await entry(phone, "DISCOUNT").waitFor();
    expect(await text(entry(phone, "DISCOUNT").getByTestId("audit-amounts"))).toContain("5,50 € → 5,00 €");
    await screenshot(phone, "audit-phone-390", true);
  });
});
