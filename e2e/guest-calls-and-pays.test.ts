import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { type BrowserSession, PHONE, screenshot } from "./support/browser.ts";
import { addToBasket, closeAll, signInGuest, startServerAndBrowser } from "./support/journeys.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a fresh `npm run build:web`: the server serves apps/web/dist.

let server: RunningServer, session: BrowserSession;

const text = (locator: Locator) => locator.innerText();

const feedItem = (page: Page, name: string, payment = "UNPAID") =>
  page.locator(`[data-testid="feed-item"][data-name="${name}"][data-payment="${payment}"]`);

describe("guests at one table call the waiter and pay", () => {
  beforeAll(async () => {
    [server, session] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(session, server));

  it("orders, calls, cancels, removes a piece and asks to pay part to the waiter, live for both", async () => {
    const a = await session.newPage(PHONE);
    const b = await session.newPage(PHONE);
    await signInGuest(a, server.baseUrl, "demo-3");
    await signInGuest(b, server.baseUrl, "demo-3");
    await b.getByTestId("welcome-message").waitFor();
    // Nothing ordered: nothing to pay.
    expect(await b.getByTestId("pay").isDisabled()).toBe(true);

    // A orders two tzatziki and a moussaka; B sees them without reloading.
    await a.getByTestId("open-menu").click();
    await addToBasket(a, "Ορεκτικά", "Τζατζίκι", 2);
    await addToBasket(a, "Κυρίως πιάτα", "Μουσακάς", 1);
    await a.getByTestId("basket-bar").click();
    await a.getByTestId("send-order").click();
    await a.getByTestId("table-page").waitFor();
    await feedItem(a, "Τζατζίκι").waitFor();
    await feedItem(b, "Τζατζίκι").waitFor({ timeout: 15_000 });
    await feedItem(b, "Μουσακάς").waitFor();
    expect(await text(feedItem(b, "Τζατζίκι"))).toContain("2×");
    await expect.poll(() => text(b.getByTestId("pay"))).toContain("24,00");
    expect(await b.getByTestId("pay").isDisabled()).toBe(false);
    await screenshot(b, "guest-b-sees-order-390");

    // A calls the waiter: A is told, and B's button turns into cancel live.
    await a.getByTestId("call-waiter").click();
    await a.getByTestId("toast-success").filter({ hasText: "Ο σερβιτόρος ειδοποιήθηκε" }).first().waitFor();
    await a.getByTestId("cancel-request").waitFor();
    await b.getByTestId("cancel-request").waitFor({ timeout: 15_000 });
    expect(await b.getByTestId("cancel-request").getAttribute("data-request")).toBe("call");
    await b.getByTestId("waiter-called").waitFor();
    await expectNoSeriousA11yViolations(b, "table, waiter called");
    await screenshot(a, "guest-a-waiter-called-390");
    await screenshot(b, "guest-b-cancel-call-390");

    // B cancels; both are back to calling.
    await b.getByTestId("cancel-request").click();
    await b.getByTestId("call-waiter").waitFor();
    await a.getByTestId("call-waiter").waitFor({ timeout: 15_000 });
    expect(await a.getByTestId("waiter-called").count()).toBe(0);

    // A takes one tzatziki back, after confirming.
    await feedItem(a, "Τζατζίκι").getByTestId("remove-feed-item").click();
    await a.getByTestId("remove-item-dialog").waitFor();
    expect(await text(a.getByTestId("remove-item-dialog"))).toContain("Τζατζίκι");
    await expectNoSeriousA11yViolations(a, "remove a sent item, confirmation");
    await screenshot(a, "guest-a-remove-confirm-390");
    await a.getByTestId("remove-item-confirm").click();
    await a.getByTestId("toast-success").filter({ hasText: "Το προϊόν αφαιρέθηκε με επιτυχία" }).waitFor();
    await expect.poll(() => text(feedItem(a, "Τζατζίκι"))).toContain("1×");
    await feedItem(a, "Τζατζίκι", "CANCELLED").waitFor();
    await expect.poll(() => text(feedItem(b, "Τζατζίκι")), { timeout: 15_000 }).toContain("1×");
    await expect.poll(() => text(a.getByTestId("pay"))).toContain("18,50");
    await screenshot(a, "guest-a-after-remove-390");

    // A pays the moussaka to the waiter, by card on a terminal.
    await a.getByTestId("pay").click();
    await a.getByTestId("choose-payment-type-page").waitFor();
    expect(await text(a.getByTestId("payment-type-full"))).toContain("18,50");
    await screenshot(a, "guest-a-choose-payment-type-390");
    await a.getByTestId("payment-type-partial").click();
    await a.getByTestId("select-products-page").waitFor();
    expect(await a.getByTestId("confirm-selection").isDisabled()).toBe(true);
    const moussaka = a.locator('[data-testid="pay-line"][data-name="Μουσακάς"]');
    await moussaka.getByRole("button", { name: "Αύξηση ποσότητας" }).click();
    expect(await moussaka.getByRole("button", { name: "Αύξηση ποσότητας" }).isDisabled()).toBe(true);
    expect(await text(a.getByTestId("confirm-selection"))).toContain("13,00");
    await screenshot(a, "guest-a-select-products-390");
    await a.getByTestId("confirm-selection").click();
    await a.getByTestId("payment-page").waitFor();
    const query = new URL(a.url()).searchParams;
    expect(query.get("totalCount")).toBe("1");
    expect(query.get("totalPrice")).toBe("1300");
    expect(query.get("selectedProducts")).toBeTruthy();
    expect(query.get("returnTo")).toBe("/service/customer/demo-3/select-products-to-pay");
    expect(await text(a.getByTestId("payment-summary"))).toContain("13,00");
    await a.getByTestId("needs-terminal").check();
    await expectNoSeriousA11yViolations(a, "payment to the waiter");
    await screenshot(a, "guest-a-payment-390");
    // Meanwhile B has a salad in the basket, ready to send.
    await b.getByTestId("open-menu").click();
    await addToBasket(b, "Ορεκτικά", "Τζατζίκι", 1);
    await b.getByTestId("basket-bar").click();
    await b.getByTestId("order-page").waitFor();
    expect(await b.getByTestId("send-order").isDisabled()).toBe(false);
    await a.getByTestId("request-payment").click();

    // B's open basket is told live: Send waits, with the reason, and the basket stays for afterwards.
    await b.getByTestId("waiting-for-waiter").waitFor({ timeout: 15_000 });
    await expect.poll(() => b.getByTestId("send-order").isDisabled()).toBe(true);
    expect(await text(b.getByTestId("send-blocked-reason"))).toContain("η παραγγελία μένει στο καλάθι");
    await expectNoSeriousA11yViolations(b, "basket, payment requested");
    await screenshot(b, "guest-b-basket-under-payment-request-390");
    await b.goto(`${server.baseUrl}/service/customer/demo-3`);
    await b.getByTestId("table-page").waitFor();

    // Both wait for the waiter; paying and ordering are closed, cancelling is possible.
    await a.getByTestId("waiting-for-waiter").waitFor();
    await b.getByTestId("waiting-for-waiter").waitFor({ timeout: 15_000 });
    for (const page of [a, b]) {
      expect(await page.getByTestId("pay").isDisabled()).toBe(true);
      expect(await page.getByTestId("open-menu").isDisabled()).toBe(true);
      expect(await page.getByTestId("cancel-request").getAttribute("data-request")).toBe("payment");
      expect(await page.getByTestId("remove-feed-item").count()).toBe(0);
    }
    expect(await text(a.getByTestId("waiting-for-waiter"))).toContain("Αναμονή για τον σερβιτόρο");
    await expectNoSeriousA11yViolations(a, "table, waiting for the waiter");
    await screenshot(a, "guest-a-waiting-for-waiter-390");
    await screenshot(b, "guest-b-waiting-for-waiter-390");
    // Each accessibility check takes seconds on a loaded machine.
  }, 240_000);

  it("checks the contact form as it is typed and sends it", async () => {
    const page = await session.newPage(PHONE);
    await page.goto(`${server.baseUrl}/`);
    await page.getByTestId("home-page").waitFor();
    expect(await page.getByTestId("social-link").count()).toBe(4);
    expect(await text(page.getByTestId("site-footer"))).toContain("© 2025");
    await page.getByTestId("site-menu-toggle").click();
    await page.getByTestId("site-menu").waitFor();
    await screenshot(page, "guest-site-menu-390");
    await page.getByTestId("nav-faq").click();
    await page.getByTestId("faq-page").waitFor();
    expect(await page.getByTestId("faq-item").count()).toBe(10);
    await page.getByTestId("faq-item").nth(5).locator("summary").click();
    await screenshot(page, "guest-faq-390");

    await page.getByTestId("site-menu-toggle").click();
    await page.getByTestId("nav-for-retailers").click();
    await page.getByTestId("for-retailers-page").waitFor();
    await screenshot(page, "guest-for-retailers-390");

    await page.getByTestId("retailers-contact").click();
    await page.getByTestId("contact-page").waitFor();
    await page.getByTestId("contact-name").fill("Μαρία Παπαδοπούλου");
    await page.getByTestId("contact-companyName").fill("Ταβέρνα Το Λιμάνι");
    await page.getByTestId("contact-phone").pressSequentially("69");
    expect(await text(page.getByTestId("contact-phone-error"))).toBe("Ο αριθμός τηλεφώνου δεν είναι έγκυρος");
    await page.getByTestId("contact-email").pressSequentially("maria@");
    expect(await text(page.getByTestId("contact-email-error"))).toBe("Το email δεν είναι έγκυρο");
    await page.getByTestId("contact-name").fill("");
    expect(await text(page.getByTestId("contact-name-error"))).toBe("Η συμπλήρωση του πεδίου είναι υποχρεωτική");
    await screenshot(page, "guest-contact-invalid-390");

    await page.getByTestId("contact-name").fill("Μαρία Παπαδοπούλου");
    await page.getByTestId("contact-phone").fill("69 1234 5678");
    await page.getByTestId("contact-email").fill("maria@limani.gr");
    expect(await page.getByTestId("contact-phone-error").count()).toBe(0);
    expect(await page.getByTestId("contact-email-error").count()).toBe(0);
    await page.getByTestId("contact-submit").click();
    await page
      .getByTestId("toast-success")
      .filter({ hasText: "Ο πρώτος διαθέσιμος εκπρόσωπος θα επικοινωνήσει μαζί σας σύντομα" })
      .waitFor();
    await page.getByTestId("home-page").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await screenshot(page, "guest-contact-sent-390");
  });
});
