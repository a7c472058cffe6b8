import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { BrowserSession, DESK, PHONE, screenshot, signInStaff, text, toast, type } from "./support/browser.ts";
import { guestOrders, payAllByCard } from "./support/journeys.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Needs a fresh `npm run build:web`: the server serves apps/web/dist.
const TABLE = "demo-4";
const GOOGLE = "https://g.page/r/demo-taverna/review";
const COMMENT = "Υπέροχος μουσακάς, γρήγορο σέρβις!";

let server: RunningServer;
let session: BrowserSession;

describe("a guest rates the visit after paying, and the owner reads it in Κριτικές", () => {
  beforeAll(async () => {
    server = await startServer();
    session = await BrowserSession.launch();
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it("the owner sets the Google link; a guest pays by card, rates 5 stars with a comment and is offered it; the owner sees the review", async () => {
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

    // A guest orders, pays the whole bill by card and lands on the success page, which asks.
    const guest = await session.newPage(PHONE);
    await guestOrders(guest, server.baseUrl, TABLE, [["Κυρίως πιάτα", "Μουσακάς", 1]]);
    await payAllByCard(guest);
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
  }, 300_000);
});
