import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { type BrowserSession, PHONE, screenshot } from "./support/browser.ts";
import {
  addToBasket,
  closeAll,
  expandProduct,
  sendBasket,
  signInGuest,
  signInWaiter,
  startServerAndBrowser,
} from "./support/journeys.ts";
import { api as callApi, signIn as signInWithApi } from "./support/staff-api.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a web build: apps/web/dist, or E2E_WEB_DIST.
const TABLE = "demo-5";
/** The table whose guest leaves the checkout by Back (its waiter opens it as "7"). */
const BACKED_OUT_TABLE = "demo-7";

let server: RunningServer;
let session: BrowserSession;

const text = (locator: Locator) => locator.innerText();

const feedItem = (page: Page, name: string, payment = "UNPAID") =>
  page.locator(`[data-testid="feed-item"][data-name="${name}"][data-payment="${payment}"]`);

const signIn = (username: string) => signInWithApi(server.baseUrl, username);
const api = <T>(path: string, token: string | null, init: Parameters<typeof callApi>[3] = {}) =>
  callApi<T>(server.baseUrl, path, token, init);

/** From the table page through partial payment to the payment method, choosing one moussaka. */
async function chooseMoussakaToPay(page: Page, shots = false): Promise<void> {
  await page.getByTestId("pay").click();
  await page.getByTestId("choose-payment-type-page").waitFor();
  if (shots) await expectNoSeriousA11yViolations(page, "payment choice");
  if (shots) await screenshot(page, "card-checkout/05-choose-payment-type");
  await page.getByTestId("payment-type-partial").click();
  await page.getByTestId("select-products-page").waitFor();
  const moussaka = page.locator('[data-testid="pay-line"][data-name="Μουσακάς"]');
  await moussaka.getByRole("button", { name: "Αύξηση ποσότητας" }).click();
  if (shots) await expectNoSeriousA11yViolations(page, "products to pay");
  if (shots) await screenshot(page, "card-checkout/06-select-products");
  await page.getByTestId("confirm-selection").click();
  await page.getByTestId("payment-page").waitFor();
  await page.getByTestId("pay-by-card").click();
  expect(await text(page.getByTestId("pay-card"))).toContain("13,00");
  if (shots) await expectNoSeriousA11yViolations(page, "payment method");
  if (shots) await screenshot(page, "card-checkout/07-payment-card");
  await page.getByTestId("pay-card").click();
  await page.getByTestId("sandbox-approve").waitFor();
  expect(new URL(page.url()).pathname).toBe("/sandbox/card-checkout");
  expect(await text(page.getByTestId("sandbox-amount"))).toContain("13,00");
}

describe("guests at one table pay part by card and the rest to the waiter", () => {
  beforeAll(async () => {
    [server, session] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(session, server));

  it("orders together, calls and cancels, pays by card (declined, then approved), then the waiter collects the rest", async () => {
    const a = await session.newPage(PHONE);
    const b = await session.newPage(PHONE);
    await signInGuest(a, server.baseUrl, TABLE);
    await signInGuest(b, server.baseUrl, TABLE);

    // Both order; each sees the other's items without reloading.
    await a.getByTestId("open-menu").click();
    await expandProduct(a, "Κυρίως πιάτα", "Μουσακάς");
    await screenshot(a, "card-checkout/02-menu-item-expanded");
    await a.locator('[data-testid="menu-product"][data-name="Μουσακάς"]').getByTestId("add-to-basket").click();
    await addToBasket(a, "Ορεκτικά", "Τζατζίκι", 2);
    await a.getByTestId("basket-bar").click();
    await a.getByTestId("order-page").waitFor();
    await screenshot(a, "card-checkout/03-basket");
    await a.getByTestId("send-order").click();
    await a.getByTestId("table-page").waitFor();
    await b.getByTestId("open-menu").click();
    await addToBasket(b, "Σαλάτες", "Χωριάτικη", 1);
    await sendBasket(b);
    await feedItem(a, "Χωριάτικη").waitFor({ timeout: 15_000 });
    await feedItem(b, "Μουσακάς").waitFor({ timeout: 15_000 });
    await feedItem(b, "Τζατζίκι").waitFor();
    await expect.poll(() => text(a.getByTestId("pay"))).toContain("33,50");
    await expect.poll(() => text(b.getByTestId("pay"))).toContain("33,50");
    await screenshot(b, "card-checkout/01-table");

    // A calls the waiter, B sees it live; A cancels and both can call again.
    await a.getByTestId("call-waiter").click();
    await b.getByTestId("cancel-request").waitFor({ timeout: 15_000 });
    await a.getByTestId("cancel-request").click();
    await a.getByTestId("call-waiter").waitFor();
    await b.getByTestId("call-waiter").waitFor({ timeout: 15_000 });

    // A's card is declined: nothing is paid, the failed page leads back to the table.
    await chooseMoussakaToPay(a, true);
    await screenshot(a, "card-checkout/08-sandbox-checkout");
    await a.getByTestId("sandbox-decline").click();
    await a.getByTestId("payment-failed").waitFor();
    expect(await text(a.getByTestId("payment-failed"))).toContain("Η πληρωμή απέτυχε!");
    await a.getByTestId("failed-back-to-table").waitFor();
    await screenshot(a, "card-checkout/09-payment-failed");
    await a.getByTestId("table-page").waitFor({ timeout: 15_000 });
    await feedItem(a, "Μουσακάς").waitFor();

    // A pays the moussaka by card: the success page shows what was paid and what is left.
    await chooseMoussakaToPay(a);
    // The confirmation is held back a moment, long enough to see 'payment completion'.
    await a.route("**/api/orders/complete-payment?**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await a.getByTestId("sandbox-approve").click();
    await a.getByTestId("payment-completion").waitFor();
    expect(await text(a.getByTestId("payment-completion"))).toContain("Ολοκλήρωση πληρωμής");
    await screenshot(a, "card-checkout/09b-payment-completion");
    await a.getByTestId("payment-success").waitFor({ timeout: 15_000 });
    const landed = new URL(a.url());
    expect(landed.pathname).toBe(`/service/customer/${TABLE}/successful-viva-payment`);
    expect(landed.searchParams.get("totalCount")).toBe("1");
    expect(landed.searchParams.get("totalPrice")).toBe("1300");
    expect(await text(a.getByTestId("paid-figure"))).toContain("13,00");
    await expect.poll(() => text(a.getByTestId("remaining-figure"))).toContain("20,50");
    expect(await text(a.getByTestId("remaining-figure"))).toContain("3");
    await expectNoSeriousA11yViolations(a, "payment succeeded, part paid");
    await screenshot(a, "card-checkout/10-success-card-partial");
    // B sees the moussaka paid and the remaining balance live.
    await feedItem(b, "Μουσακάς", "PAID").waitFor({ timeout: 15_000 });
    await expect.poll(() => text(b.getByTestId("pay"))).toContain("20,50");
    await a.getByTestId("success-back-to-table").click();
    await a.getByTestId("table-page").waitFor();

    // B asks the waiter to collect the rest; the waiter completes it through the API.
    await b.getByTestId("pay").click();
    await b.getByTestId("payment-type-full").click();
    await b.getByTestId("payment-page").waitFor();
    await screenshot(b, "card-checkout/07b-payment-waiter");
    await b.getByTestId("request-payment").click();
    await a.getByTestId("waiting-for-waiter").waitFor({ timeout: 15_000 });
    await b.getByTestId("waiting-for-waiter").waitFor();
    const waiter = await signIn("waiter");
    const { tableId } = await api<{ tableId: number }>(`/api/cq-table/code/${TABLE}`, waiter);
    const collected = await api<{ paidProductCount: number; paidAmount: number }>(
      `/api/feed/table/${tableId}/complete-orders?payAll=true`,
      waiter,
      {
        body: { discountAmount: 0, cashAmount: 2050, cardAmount: 0, onCreditAmount: 0, isGift: false },
      },
    );
    expect(collected).toMatchObject({ paidProductCount: 3, paidAmount: 2050 });

    // Both guests land on the success page: the bill is settled, a new order may start.
    for (const page of [a, b]) {
      await page.getByTestId("payment-success").waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe(`/service/customer/${TABLE}/successful-payment`);
      expect(await text(page.getByTestId("paid-figure"))).toContain("20,50");
      await page.getByTestId("new-order").waitFor();
      expect(await page.getByTestId("remaining-figure").count()).toBe(0);
    }
    await expectNoSeriousA11yViolations(b, "payment succeeded, bill settled");
    await screenshot(b, "card-checkout/11-success-settled");

    // A failure return that names no table still leads back: to the table this tab sat at...
    await a.goto(`${server.baseUrl}/service/customer/failed-payment`);
    await a.getByTestId("payment-failed").waitFor();
    expect(await a.getByTestId("failed-back-to-table").getAttribute("href")).toBe(`/service/customer/${TABLE}`);
    // Checked here, where no return to the table is under way to change the page while axe reads it.
    await expectNoSeriousA11yViolations(a, "payment failed");
    // ...and, on a phone that sat at none, to scanning the table's code again.
    const stranger = await session.newPage(PHONE);
    await stranger.goto(`${server.baseUrl}/service/customer/failed-payment?s=123`);
    await stranger.getByTestId("payment-failed").waitFor();
    expect(await text(stranger.getByTestId("failed-scan-again"))).toContain("σαρώστε ξανά τον κωδικό QR");
    expect(await stranger.getByTestId("failed-back-to-table").count()).toBe(0);
    await expectNoSeriousA11yViolations(stranger, "payment failed, no table known");
    await screenshot(stranger, "card-checkout/09c-payment-failed-no-table");
    await stranger.getByTestId("language-toggle").selectOption("en");
    await expect.poll(() => text(stranger.getByTestId("failed-scan-again"))).toContain("scan its QR code again");
    await expectNoSeriousA11yViolations(stranger, "payment failed, no table known, in English");
    await stranger.getByTestId("failed-home").click();
    await stranger.getByTestId("home-page").waitFor();
  }, 300_000);

  it("a guest who backs out of the card checkout does not block the table: the other phone and the waiter see the held pieces, Back frees them at once (issue 28 A5)", async () => {
    const a = await session.newPage(PHONE);
    const b = await session.newPage(PHONE);
    await signInGuest(a, server.baseUrl, BACKED_OUT_TABLE);
    await signInGuest(b, server.baseUrl, BACKED_OUT_TABLE);
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
    // Everything is held, so B has nothing to pay.
    expect(await b.getByTestId("pay").isDisabled()).toBe(true);
    expect(await text(b.getByTestId("pay"))).toContain("0,00");
    await screenshot(b, "abandoned-01-other-phone-held");

    // The waiter's table says what holds them.
    const waiter = await session.newPage(PHONE);
    await signInWaiter(waiter, server.baseUrl);
    await waiter.getByTestId("open-tables").click();
    await waiter.locator('[data-testid="select-table-row"][data-label="7"]').click();
    await waiter.getByTestId("waiter-table-feed").waitFor();
    const holdCard = waiter.getByTestId("held-payment");
    await holdCard.waitFor();
    expect(await holdCard.getAttribute("data-held-by")).toBe("ONLINE");
    expect(await text(holdCard)).toContain("2× Μουσακάς");
    await screenshot(waiter, "abandoned-02-waiter-table-held");

    // A goes Back from the provider's page: the table page asks the provider and frees the pieces.
    await a.goBack();
    await a.getByTestId("payment-page").waitFor();
    await held.waitFor({ state: "detached", timeout: 15_000 });
    expect(await b.getByTestId("pay").isDisabled()).toBe(false);
    await screenshot(b, "abandoned-03-other-phone-released");
    // The waiter's table follows live.
    await holdCard.waitFor({ state: "detached", timeout: 15_000 });
  });
});
