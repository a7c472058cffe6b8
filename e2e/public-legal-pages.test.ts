import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { type BrowserSession, PHONE, screenshot } from "./support/browser.ts";
import { closeAll, startServerAndBrowser } from "./support/journeys.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a fresh `npm run build:web`: the server serves apps/web/dist.

let server: RunningServer, session: BrowserSession;

const sections = (page: Page, kind: string) => page.locator(`[data-testid="${kind}-page"] section`);

describe("terms of use, privacy policy and accessibility statement", () => {
  beforeAll(async () => {
    [server, session] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(session, server));

  it("opens both texts from the burger menu, in Greek and English, with a working table of contents", async () => {
    const page = await session.newPage(PHONE);
    await page.goto(`${server.baseUrl}/`);
    await page.getByTestId("site-menu-toggle").click();
    await page.getByTestId("nav-privacy").click();
    await page.getByTestId("privacy-policy-page").waitFor();
    expect(await page.locator("h1").innerText()).toBe("Πολιτική απορρήτου");
    expect(await sections(page, "privacy-policy").count()).toBe(25);
    expect(await page.getByTestId("privacy-policy-page").innerText()).toContain("Τελευταία ενημέρωση: 2 Ιουνίου 2023");
    // The 15th entry of the contents brings the retention section into view, without leaving the page.
    await page.locator('nav[aria-labelledby="privacy-policy-contents"] a').nth(14).click();
    const retention = page.locator("#privacy-policy-15");
    await expect
      .poll(() => retention.evaluate((h) => Math.round(h.getBoundingClientRect().top)), { timeout: 5_000 })
      .toBeLessThan(200);
    expect(new URL(page.url()).pathname).toBe("/privacy-policy");
    expect(await retention.innerText()).toContain("15.");
    // The footer and its four networks are on the public pages.
    expect(await page.getByTestId("site-footer").innerText()).toContain("© 2025");
    expect(await page.getByTestId("site-footer").getByTestId("social-link").count()).toBe(4);

    await page.getByTestId("language-toggle").click();
    await expect.poll(() => page.locator("h1").innerText()).toBe("Privacy policy");
    expect(await sections(page, "privacy-policy").count()).toBe(25);

    await page.getByTestId("site-menu-toggle").click();
    await page.getByTestId("nav-terms").click();
    await page.getByTestId("terms-of-use-page").waitFor();
    expect(await page.locator("h1").innerText()).toBe("Terms of use");
    expect(await page.getByTestId("terms-of-use-page").innerText()).toContain("courts of Athens");
  });

  it("states the site's accessibility from the footer, in Greek and English, with the way to report a problem", async () => {
    const page = await session.newPage(PHONE);
    await page.goto(`${server.baseUrl}/`);
    // The footer leads to it; the page is opened by its address, as a link from elsewhere would
    // (the burger menu's link is followed by a tap below).
    const footerLink = page.getByTestId("site-footer").getByTestId("footer-accessibility");
    expect(await footerLink.getAttribute("href")).toBe("/accessibility");
    await page.goto(`${server.baseUrl}/accessibility`);
    const statement = page.getByTestId("accessibility-statement-page");
    await statement.waitFor();
    expect(await page.locator("h1").innerText()).toBe("Δήλωση προσβασιμότητας");
    const greek = await statement.innerText();
    expect(greek).toContain("WCAG) 2.2");
    expect(greek).toContain("Ημερομηνία δήλωσης: 29 Νοεμβρίου 2026");
    expect(greek).toContain("Γνωστοί περιορισμοί");
    await expectNoSeriousA11yViolations(page, "accessibility statement");
    await screenshot(page, "accessibility-statement-390");

    await page.getByTestId("language-toggle").click();
    await expect.poll(() => page.locator("h1").innerText()).toBe("Accessibility statement");
    expect(await statement.innerText()).toContain("Date of this statement: 29 November 2026");
    await expectNoSeriousA11yViolations(page, "accessibility statement, in English");
    await screenshot(page, "accessibility-statement-english-390", true);
    // The statement's way to report a problem is the site's contact page; the burger menu has it too.
    await statement.locator('a[href="/contact-us"]').click();
    await page.getByTestId("contact-page").waitFor();
    await page.getByTestId("site-menu-toggle").click();
    await page.getByTestId("nav-accessibility").click();
    await statement.waitFor();
  });

  it("names on the home page the sign-in ways this installation offers, in the spec's words where both are", async () => {
    const page = await session.newPage(PHONE);
    // This server has neither provider configured; the browser is told it has both.
    await page.route("**/management/info", (route) =>
      route.fulfill({
        json: {
          "display-ribbon-on-profiles": "dev",
          activeProfiles: ["dev", "embedded"],
          identityProviders: { googleClientId: "google-client", facebookAppId: "facebook-app" },
        },
      }),
    );
    await page.goto(`${server.baseUrl}/`);
    await expect.poll(() => page.getByTestId("home-step-2").innerText()).toBe("Συνδέσου με Google ή Facebook.");
    // The sign-in popup with both providers' buttons, ready to be tapped.
    await page.goto(`${server.baseUrl}/service/customer/demo-4`);
    await page.getByTestId("accept-terms").check();
    await page.getByRole("button", { name: "Σύνδεση με Facebook" }).waitFor();
    await expectNoSeriousA11yViolations(page, "sign-in popup, with Google and Facebook");
    // By keyboard: from the terms box through both links to the three ways in, each ringed in view.
    await page.getByTestId("accept-terms").focus();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return `${element.textContent?.trim()} | ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
      });
    const ring = "solid 3px rgb(13, 107, 88)";
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      order.push(await focused());
    }
    expect(order).toEqual([
      `Όρους χρήσης | ${ring}`,
      `Πολιτική απορρήτου | ${ring}`,
      `Σύνδεση με Google | ${ring}`,
      `Σύνδεση με Facebook | ${ring}`,
      `Συνέχεια ως επισκέπτης | ${ring}`,
    ]);
    await screenshot(page, "guest-sign-in-providers-390");
  });

  it("links them from the guest's sign-in popup and account menu, with no footer under /service", async () => {
    const page = await session.newPage(PHONE);
    await page.goto(`${server.baseUrl}/service/customer/demo-4`);
    const popup = page.getByTestId("guest-sign-in");
    await popup.waitFor();
    expect(await popup.locator('a[href="/terms-of-use"]').count()).toBe(1);
    expect(await popup.locator('a[href="/privacy-policy"]').count()).toBe(1);
    const [terms] = await Promise.all([page.context().waitForEvent("page"), popup.locator('a[href="/terms-of-use"]').click()]);
    await terms.getByTestId("terms-of-use-page").waitFor();
    expect(await sections(terms, "terms-of-use").count()).toBeGreaterThan(10);
    await terms.close();

    await page.getByTestId("accept-terms").check();
    await page.getByTestId("continue-as-guest").click();
    await page.getByTestId("table-page").waitFor();
    expect(await page.getByTestId("site-footer").count()).toBe(0);
    await page.locator("header summary").click();
    const panel = page.locator("header details[open]");
    expect(await panel.locator('a[href="/terms-of-use"]').count()).toBe(1);
    expect(await panel.locator('a[href="/privacy-policy"]').count()).toBe(1);
    expect(await panel.getByTestId("social-link").count()).toBe(4);
    expect(await panel.getByTestId("customer-logout").count()).toBe(1);
    // It closes like a menu: a tap elsewhere, or Escape.
    await page.mouse.click(200, 600);
    await expect.poll(() => page.locator("header details[open]").count()).toBe(0);
    await page.locator("header summary").click();
    await panel.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("header details[open]").count()).toBe(0);
  });
});
