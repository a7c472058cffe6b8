import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { type BrowserSession, DESK, PHONE, screenshot, signInStaff, text, toast, type } from "./support/browser.ts";
import { closeAll, guestOrders, openCardPayment, startServerAndBrowser } from "./support/journeys.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a fresh `npm run build:web`: the server serves apps/web/dist.
const TABLE = "demo-4";
const GOOGLE = "https://g.page/r/demo-taverna/review";
const COMMENT = "Υπέροχος μουσακάς, γρήγορο σέρβις!";

let server: RunningServer;
let session: BrowserSession;

describe("a guest tips 10 % online and rates the visit after paying; the owner sees the tip in the stats and the rating in Κριτικές", () => {
  beforeAll(async () => {
    [server, session] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(session, server));

  it("the owner sets the Google link; a guest pays by card with a 10 % tip, rates 5 stars with a comment and is offered it; the owner sees both", async () => {
    // The owner gives the venue's Google review link in the shop settings.
    const desk = await session.newPage(DESK);
    await signInStaff(desk, server.baseUrl, "/service/admin", "admin", "admin-dashboard");
    await desk.goto(`${server.baseUrl}/service/admin/settings`);
    await desk.getByTestId("shop-settings-form").waitFor();
    await type(desk.getByTestId("field-settings-google-review-url"), "http://not-secure.example");
    await desk.getByTestId("settings-save").click();
    expect(await text(desk.getByTestId("error-settings-google-review-url"))).toContain("https://");
    await type(desk.getByTestId("field-settings-google-review-url"), GOOGLE);
    await desk.getByTestId("settings-save").click();
    await toast(desk, "success", "Οι αλλαγές αποθηκεύτηκαν").waitFor();

    // A guest orders and pays the whole bill (13,00 €) by card: no tip is the default.
    const guest = await session.newPage(PHONE);
    await guestOrders(guest, server.baseUrl, TABLE, [["Κυρίως πιάτα", "Μουσακάς", 1]]);
    await openCardPayment(guest);
    const tipChoice = guest.getByRole("group", { name: "Φιλοδώρημα" });
    expect(await tipChoice.getByRole("radio").count()).toBe(5);
    expect(await tipChoice.getByRole("radio", { name: "Χωρίς" }).isChecked()).toBe(true);
    expect(await text(guest.getByTestId("pay-card"))).toContain("13,00");
    // Each choice says what it adds: rounding up to 14 €, 5 % and 10 % of the bill.
    expect(await text(guest.getByTestId("tip-option-round_up"))).toContain("+1,00");
    expect(await text(guest.getByTestId("tip-option-percent_5"))).toContain("+0,65");
    // A typed tip over the bill is asked about first; the guest thinks again.
    await tipChoice.getByRole("radio", { name: "Άλλο ποσό" }).check();
    await type(guest.getByRole("textbox", { name: "Ποσό φιλοδωρήματος (€)" }), "20");
    expect(await text(guest.getByTestId("tip-charge"))).toContain("33,00");
    await guest.getByTestId("pay-card").click();
    const dialog = guest.getByTestId("confirm-dialog");
    await dialog.waitFor();
    expect(await text(dialog)).toContain("Μεγάλο φιλοδώρημα");
    expect(await text(dialog)).toContain("33,00");
    await expectNoSeriousA11yViolations(guest, "a large tip asked about");
    await screenshot(guest, "tips/03-large-tip-confirm-el-390");
    await guest.getByTestId("confirm-dialog-cancel").click();
    await dialog.waitFor({ state: "detached" });
    expect(new URL(guest.url()).pathname).toBe(`/service/customer/${TABLE}/payment`);
    // 10 %: the tip and the charge show before paying.
    await tipChoice.getByRole("radio", { name: /^10 %/ }).check();
    expect(await text(guest.getByTestId("tip-amount"))).toContain("1,30");
    expect(await text(guest.getByTestId("tip-charge"))).toContain("14,30");
    expect(await text(guest.getByTestId("pay-card"))).toContain("14,30");
    await expectNoSeriousA11yViolations(guest, "card payment with a 10 % tip");
    // Scrolled to the end: the tip choice and the charge above the pay button, as the guest sees them.
    await guest.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await screenshot(guest, "tips/01-tip-choice-el-390");
    await guest.setViewportSize(DESK.viewport);
    await screenshot(guest, "tips/01b-tip-choice-el-desk");
    await guest.setViewportSize(PHONE.viewport);
    // The same screen in German keeps the choice.
    await guest.getByTestId("language-toggle").selectOption("de");
    await expect.poll(() => text(guest.getByTestId("tip-choice"))).toContain("Trinkgeld");
    expect(await guest.getByRole("group", { name: "Trinkgeld" }).getByRole("radio", { name: /^10 %/ }).isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(guest, "card payment with a 10 % tip, in German");
    // Scrolled to the end: the tip choice and the charge above the pay button, as the guest sees them.
    await guest.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await screenshot(guest, "tips/02-tip-choice-de-390");
    await guest.getByTestId("language-toggle").selectOption("el");
    await expect.poll(() => text(guest.getByTestId("tip-choice"))).toContain("Φιλοδώρημα");
    // The checkout charges bill + tip and shows the tip on its own line.
    await guest.getByTestId("pay-card").click();
    await guest.getByTestId("sandbox-approve").waitFor();
    expect(await text(guest.getByTestId("sandbox-amount"))).toContain("14,30");
    expect(await text(guest.getByTestId("sandbox-tip"))).toContain("1,30");
    await screenshot(guest, "tips/04-sandbox-checkout-tip-390");
    await guest.getByTestId("sandbox-approve").click();
    // The success page shows the bill paid and thanks for the tip, then asks how it was.
    await guest.getByTestId("payment-success").waitFor({ timeout: 15_000 });
    expect(await text(guest.getByTestId("paid-figure"))).toContain("13,00");
    expect(await text(guest.getByTestId("tip-figure"))).toContain("1,30");
    const rating = guest.getByTestId("visit-rating");
    await rating.waitFor();
    // Before a rating nothing points to Google.
    expect(await guest.getByTestId("visit-rating-google").count()).toBe(0);
    const stars = guest.getByRole("radio");
    expect(await stars.count()).toBe(5);
    expect(await guest.getByRole("radio", { name: "5 αστέρια" }).count()).toBe(1);
    await expectNoSeriousA11yViolations(guest, "payment succeeded, asks for a rating");
    await screenshot(guest, "visit-rating/01-success-asks-390", true);

    // One tap on the fifth star saves the rating; the Google link appears only now.
    await guest.getByRole("radio", { name: "5 αστέρια" }).check();
    await expect.poll(() => text(guest.getByTestId("visit-rating-status"))).toContain("Ευχαριστούμε");
    await guest.getByTestId("visit-rating-google").waitFor();
    expect(await guest.getByTestId("visit-rating-google-link").getAttribute("href")).toBe(GOOGLE);
    await guest.getByTestId("visit-rating-comment").fill(COMMENT);
    await guest.getByTestId("visit-rating-send-comment").click();
    await expect.poll(() => guest.getByTestId("visit-rating-send-comment").isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(guest, "rated 5 stars, Google link offered");
    // A full-page picture from the top, so the sticky header sits where it belongs.
    await guest.evaluate(() => window.scrollTo(0, 0));
    await screenshot(guest, "visit-rating/02-rated-5-google-390", true);
    await guest.getByTestId("language-toggle").selectOption("en");
    await expect.poll(() => text(guest.getByTestId("visit-rating"))).toContain("How was it?");
    expect(await guest.getByRole("radio", { name: "5 stars" }).isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(guest, "rated 5 stars, in English");
    await guest.evaluate(() => window.scrollTo(0, 0));
    await screenshot(guest, "visit-rating/03-rated-5-google-en-390", true);
    // A reload keeps the rating and the comment.
    await guest.reload();
    await guest.getByTestId("visit-rating-google").waitFor();
    expect(await guest.getByTestId("visit-rating-comment").inputValue()).toBe(COMMENT);

    // The owner reads it in Κριτικές: the stars, the comment, the table, the waiter, the averages.
    await desk.getByTestId("admin-tab-ratings").click();
    await desk.getByTestId("ratings-page").waitFor();
    const row = desk.getByTestId("ratings-row").filter({ hasText: COMMENT });
    await row.waitFor();
    expect(await row.getByRole("img", { name: "5 αστέρια" }).count()).toBe(1);
    expect(await text(desk.getByTestId("ratings-overall"))).toContain("5,0");
    expect(await text(desk.getByTestId("ratings-waiters"))).toContain("5,0");
    await screenshot(desk, "visit-rating/04-admin-reviews-desk", true);
    // Narrowed to 1 star: nothing in the list, the averages stay.
    await desk.getByTestId("ratings-stars").selectOption("1");
    await desk.getByTestId("ratings-list-empty").waitFor();
    expect(await text(desk.getByTestId("ratings-overall"))).toContain("5,0");
    await desk.getByTestId("ratings-stars").selectOption("");
    await row.waitFor();
    await desk.getByTestId("language-toggle").click();
    await expect.poll(() => text(desk.getByTestId("ratings-page"))).toContain("Reviews");
    await screenshot(desk, "visit-rating/05-admin-reviews-desk-en", true);
    // A day without reviews says so.
    await desk.goto(`${server.baseUrl}/service/admin/ratings?from=2026-01-01&to=2026-01-01`);
    await desk.getByTestId("ratings-empty").waitFor();

    // The owner's statistics show the online tip apart from the income: 13 € online, 1,30 € tip.
    await desk.goto(`${server.baseUrl}/service/admin/stats`);
    await desk.getByTestId("stats-page").waitFor();
    await desk.getByTestId("language-toggle").click();
    await expect.poll(() => text(desk.getByTestId("stats-page"))).toContain("Φιλοδωρήματα");
    await expect.poll(() => text(desk.getByTestId("stats-online")), { timeout: 15_000 }).toContain("13,00");
    await expect.poll(() => text(desk.getByTestId("stats-tips-online"))).toContain("1,30");
    expect(await text(desk.getByTestId("stats-tips-total"))).toContain("1,30");
    expect(await text(desk.getByTestId("stats-income-total"))).toContain("13,00");
    await screenshot(desk, "tips/05-admin-stats-tips-desk", true);
  }, 300_000);
});
