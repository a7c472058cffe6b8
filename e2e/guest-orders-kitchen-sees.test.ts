import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { recordApiCalls } from "./support/api-calls.ts";
import { type BrowserSession, PHONE, screenshot } from "./support/browser.ts";
import { closeAll, expectStatus, signInGuest, signInKitchen, startServerAndBrowser } from "./support/journeys.ts";
import { api, signIn } from "./support/staff-api.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a fresh `npm run build:web`: the server serves apps/web/dist.
const TABLET = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } as const;

let server: RunningServer, session: BrowserSession;

// Playwright's innerText: what a reader sees.
const text = (locator: Locator) => locator.innerText();

/** From the table page: one piece of a product, as it comes, sent. */
async function orderOne(page: Page, category: string, product: string): Promise<void> {
  await page.getByTestId("open-menu").click();
  await page.getByRole("tab", { name: category }).click();
  const item = page.locator(`[data-testid="menu-product"][data-name="${product}"]`);
  await item.getByTestId("menu-product-toggle").click();
  await item.getByTestId("add-to-basket").click();
  await page.getByTestId("basket-bar").click();
  await page.getByTestId("send-order").click();
  await page.getByTestId("table-page").waitFor();
  await page.locator(`[data-testid="feed-item"][data-name="${product}"]`).waitFor();
}

describe("guest orders, kitchen sees", () => {
  beforeAll(async () => {
    [server, session] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(session, server));

  it("shows the public pages", async () => {
    for (const [size, options] of [
      ["390", PHONE],
      ["1280", TABLET],
    ] as const) {
      const page = await session.newPage(options);
      await page.goto(`${server.baseUrl}/`);
      await page.getByTestId("home-page").waitFor();
      // No Google or Facebook configured here: the guest's own way is the one named.
      await expect.poll(() => text(page.getByTestId("home-step-2"))).toBe("Συνέχισε ως επισκέπτης, χωρίς λογαριασμό.");
      await expectNoSeriousA11yViolations(page, `home ${size}`);
      await screenshot(page, `home-${size}`);

      await page.getByTestId("open-business-login").click();
      await page.getByTestId("business-login").waitFor();
      expect(await page.getByTestId("business-login-prep").getAttribute("href")).toBe("/service/prep");
      expect(await page.getByTestId("business-login-wait").getAttribute("href")).toBe("/service/wait");
      expect(await page.getByTestId("business-login-admin").getAttribute("href")).toBe("/service/admin");
      await screenshot(page, `business-login-${size}`);

      await page.goto(`${server.baseUrl}/no/such/page`);
      await page.getByTestId("not-found").waitFor();
      expect(await text(page.getByTestId("not-found"))).toContain("Η σελίδα δεν βρέθηκε");
      await screenshot(page, `not-found-${size}`);
    }
  });

  it("sends a guest's order to the kitchen, live, once", async () => {
    // The kitchen signs in and waits for tickets.
    const kitchen = await session.newPage(TABLET);
    await kitchen.goto(`${server.baseUrl}/service/prep`);
    await kitchen.getByTestId("employee-login-form").waitFor();
    expect(await kitchen.getByTestId("login-submit").isDisabled()).toBe(true);
    await kitchen.getByTestId("login-username").fill("kitchen");
    expect(await kitchen.getByTestId("login-submit").isDisabled()).toBe(true);
    await kitchen.getByTestId("login-password").fill("wrong-password");
    await kitchen.getByTestId("login-submit").click();
    await kitchen.getByTestId("login-error").waitFor();
    expect(await text(kitchen.getByTestId("login-error"))).toBe("Το όνομα χρήστη ή ο κωδικός σας δεν είναι έγκυρα");
    await screenshot(kitchen, "prep-login-error-1280");
    await kitchen.getByTestId("login-password").fill("demo1234");
    expect(await kitchen.getByTestId("login-error").count()).toBe(0);
    await kitchen.getByTestId("login-submit").click();
    await kitchen.getByTestId("kitchen-empty").waitFor();
    await expect
      .poll(() => kitchen.getByTestId("realtime-status").getAttribute("data-status"), { timeout: 15_000 })
      .toBe("CONNECTED");
    await screenshot(kitchen, "prep-empty-1280");
    // From here on the kitchen page must never load again: tickets arrive over the socket.
    let kitchenLoads = 0;
    kitchen.on("load", () => kitchenLoads++);
    await kitchen.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // A guest at table 1 signs in as a guest, accepting the terms first.
    const guest = await session.newPage(PHONE);
    await guest.goto(`${server.baseUrl}/service/customer/demo-1`);
    await guest.getByTestId("guest-sign-in").waitFor();
    expect(await guest.getByTestId("continue-as-guest").isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(guest, "sign-in popup");
    await screenshot(guest, "guest-sign-in-390");
    await guest.getByTestId("accept-terms").check();
    await guest.getByTestId("continue-as-guest").click();
    await guest.getByTestId("welcome-message").waitFor();
    expect(await text(guest.getByTestId("table-name"))).toBe("Τραπέζι 1");
    await expectNoSeriousA11yViolations(guest, "table, empty");
    await screenshot(guest, "guest-table-empty-390");

    // Greek salad without onion, with capers, twice.
    await guest.getByTestId("open-menu").click();
    await guest.getByTestId("menu-page").waitFor();
    await expectNoSeriousA11yViolations(guest, "menu");
    await guest.getByRole("tab", { name: "Σαλάτες" }).click();
    const salad = guest.locator('[data-testid="menu-product"][data-name="Χωριάτικη"]');
    await salad.getByTestId("menu-product-toggle").click();
    await salad.getByRole("checkbox", { name: "Κρεμμύδι" }).uncheck();
    await salad.getByRole("checkbox", { name: "Κάπαρη" }).check();
    await salad.getByTestId("product-quantity").getByRole("button", { name: "Αύξηση ποσότητας" }).click();
    // 9,50 € + 0,50 € capers, × 2.
    expect(await text(salad.getByTestId("add-to-basket"))).toContain("20,00");
    await expectNoSeriousA11yViolations(guest, "menu, an item expanded");
    await screenshot(guest, "guest-menu-item-390");
    await salad.getByTestId("add-to-basket").click();
    await expect.poll(() => text(guest.getByTestId("basket-bar-count"))).toBe("2");
    // Added, the item closes and its card says how many went in; opened again, it starts over (spec 1 §4).
    expect(await text(salad.getByTestId("in-basket"))).toBe("2 στο καλάθι");
    expect(await salad.getByRole("checkbox", { name: "Κρεμμύδι" }).count()).toBe(0);
    await salad.getByTestId("menu-product-toggle").click();
    expect(await salad.getByRole("checkbox", { name: "Κρεμμύδι" }).isChecked()).toBe(true);
    expect(await salad.getByRole("checkbox", { name: "Κάπαρη" }).isChecked()).toBe(false);

    // A freddo espresso, which the bar prepares, not the kitchen.
    await guest.getByRole("tab", { name: "Ποτά" }).click();
    const coffee = guest.locator('[data-testid="menu-product"][data-name="Freddo espresso"]');
    await coffee.getByTestId("menu-product-toggle").click();
    expect(await coffee.getByRole("radio", { name: "Σκέτος" }).isChecked()).toBe(true);
    await coffee.getByTestId("add-to-basket").click();
    await expect.poll(() => text(guest.getByTestId("basket-bar-count"))).toBe("3");
    await expectNoSeriousA11yViolations(guest, "menu, with the basket bar");
    await screenshot(guest, "guest-menu-basket-bar-390");

    await guest.getByTestId("basket-bar").click();
    await guest.getByTestId("order-page").waitFor();
    expect(await guest.getByTestId("basket-line").count()).toBe(2);
    const saladLine = guest.locator('[data-testid="basket-line"][data-name="Χωριάτικη"]');
    expect(await text(saladLine)).toContain("χωρίς κρεμμύδι");
    expect(await text(saladLine)).toContain("+ Κάπαρη");
    expect(await text(guest.getByTestId("send-order"))).toContain("23,50");
    await expectNoSeriousA11yViolations(guest, "basket");
    await screenshot(guest, "guest-order-390");

    await guest.getByTestId("send-order").click();
    await guest.getByTestId("table-page").waitFor();
    await guest.getByTestId("toast-success").filter({ hasText: "Επιτυχής αποστολή παραγγελίας!" }).waitFor();
    const sentSalad = guest.locator('[data-testid="feed-item"][data-name="Χωριάτικη"]');
    await sentSalad.waitFor();
    expect(await sentSalad.getAttribute("data-status")).toBe("SENT");
    expect(await text(sentSalad.getByTestId("feed-item-status"))).toBe("Εστάλη");
    const sentCoffee = guest.locator('[data-testid="feed-item"][data-name="Freddo espresso"]');
    expect(await sentCoffee.getAttribute("data-status")).toBe("SENT");
    await expectNoSeriousA11yViolations(guest, "table, order sent");
    await screenshot(guest, "guest-table-sent-390");

    // The kitchen's screen shows the ticket without a reload: the salad as ordered, no coffee.
    const saladTicket = kitchen.getByTestId("kitchen-ticket").filter({ hasText: "Χωριάτικη" });
    await saladTicket.waitFor({ timeout: 15_000 });
    const ticketText = await text(saladTicket);
    expect(ticketText).toContain("Τραπέζι 1");
    expect(ticketText).toContain("2×");
    expect(ticketText).toContain("χωρίς κρεμμύδι");
    expect(ticketText).toContain("+ Κάπαρη");
    expect(ticketText).toContain("Πελάτης");
    expect(await text(saladTicket.getByTestId("ticket-elapsed"))).toBe("0'");
    expect(await text(kitchen.getByTestId("kitchen-feed"))).not.toContain("Freddo");
    expect(kitchenLoads).toBe(0);
    expect(await kitchen.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await screenshot(kitchen, "prep-ticket-1280");

    // A double tap on send orders once.
    // Found by search, typed in Greeklish, across the categories.
    await guest.getByTestId("open-menu").click();
    await guest.getByTestId("menu-search").fill("mousaka");
    const found = guest.getByTestId("menu-search-results");
    expect(await text(found.getByTestId("menu-search-summary"))).toBe("1 προϊόν");
    await expectNoSeriousA11yViolations(guest, "menu, search results");
    await screenshot(guest, "guest-menu-search-390");
    const moussaka = found.locator('[data-testid="menu-product"][data-name="Μουσακάς"]');
    // Nothing to choose on a moussaka: one tap on its "+" adds it.
    await moussaka.getByTestId("one-tap-add").click();
    expect(await text(moussaka.getByTestId("in-basket"))).toBe("1 στο καλάθι");
    await guest.getByTestId("basket-bar").click();
    await guest.getByTestId("order-page").waitFor();
    await guest.getByTestId("send-order").dblclick();
    await guest.getByTestId("table-page").waitFor();
    const moussakaTicket = kitchen.getByTestId("kitchen-ticket").filter({ hasText: "Μουσακάς" });
    await moussakaTicket.first().waitFor({ timeout: 15_000 });
    // Give a second order, had there been one, time to arrive.
    await kitchen.waitForTimeout(1_500);
    expect(await moussakaTicket.count()).toBe(1);
    expect(await text(moussakaTicket)).toContain("1×");
    expect(await kitchen.getByTestId("kitchen-ticket").count()).toBe(2);
    const sentMoussaka = guest.locator('[data-testid="feed-item"][data-name="Μουσακάς"]');
    await sentMoussaka.waitFor();
    expect(await text(sentMoussaka)).toContain("1×");
    expect(kitchenLoads).toBe(0);
    await screenshot(kitchen, "prep-two-tickets-1280");

    // The guest switches to English: the table reads in English, prices stay.
    await guest.getByTestId("language-toggle").selectOption("en");
    await guest.getByTestId("feed-tab-ALL").filter({ hasText: "All" }).waitFor();
    await guest.locator('[data-testid="feed-item"][data-name="Greek salad"]').waitFor();
    expect(await guest.evaluate(() => document.documentElement.lang)).toBe("en");
    await expectNoSeriousA11yViolations(guest, "table, in English");
    await screenshot(guest, "guest-table-english-390");
    await guest.getByTestId("open-menu").click();
    await guest.getByTestId("menu-page").waitFor();
    await guest.getByRole("tab", { name: "Salads" }).click();
    await guest.locator('[data-testid="menu-product"][data-name="Greek salad"]').getByTestId("menu-product-toggle").click();
    await expectNoSeriousA11yViolations(guest, "menu, an item expanded, in English");
    await screenshot(guest, "guest-menu-english-390");
    await guest.locator('[data-testid="menu-product"][data-name="Greek salad"]').getByTestId("add-to-basket").click();
    await guest.getByTestId("basket-bar").click();
    await guest.getByTestId("order-page").waitFor();
    await expectNoSeriousA11yViolations(guest, "basket, in English");
    await guest.goto(`${server.baseUrl}/service/customer/demo-1`);
    await guest.getByTestId("table-page").waitFor();

    // The same screens on the other size.
    await guest.setViewportSize(TABLET.viewport);
    await screenshot(guest, "guest-table-english-1280");
    await kitchen.setViewportSize(PHONE.viewport);
    await screenshot(kitchen, "prep-tickets-390");
    // Each accessibility check takes seconds on a loaded machine; this journey makes a dozen.
  }, 300_000);

  it("speaks German to a phone set to German, from the popup to the sent order from a German menu; the kitchen reads Greek", async () => {
    // The server renders the menu itself in German, the demo venue having translated it.
    const rendered = await fetch(`${server.baseUrl}/service/customer/demo-7`, { headers: { "accept-language": "de-DE" } });
    const html = await rendered.text();
    expect(html).toContain("Vorspeisen");
    expect(html).toContain("Zaziki");
    expect(html).not.toContain("Starters");
    const kitchen = await session.newPage(TABLET);
    await signInKitchen(kitchen, server.baseUrl);
    const guest = await session.newPage({ ...PHONE, locale: "de-DE" });
    await guest.goto(`${server.baseUrl}/service/customer/demo-7`);
    // The server renders the page in German already (Accept-Language), before any script runs.
    expect(await guest.locator("html").getAttribute("lang")).toBe("de");
    await guest.getByTestId("guest-sign-in").waitFor();
    const popup = await text(guest.getByTestId("guest-sign-in"));
    expect(popup).toContain("Willkommen!");
    expect(popup).toContain("Als Gast fortfahren");
    // The legal texts are in Greek and English only: their links say so.
    expect(popup).toContain("Nutzungsbedingungen (auf Englisch)");
    expect(await guest.getByTestId("guest-sign-in").getByTestId("language-toggle").inputValue()).toBe("de");
    await expectNoSeriousA11yViolations(guest, "sign-in popup, German");
    await screenshot(guest, "languages/de-01-sign-in-390");
    await guest.getByTestId("accept-terms").check();
    await guest.getByTestId("continue-as-guest").click();
    await guest.getByTestId("welcome-message").waitFor();
    expect(await text(guest.getByTestId("table-name"))).toBe("Tisch 7");
    expect(await text(guest.getByTestId("welcome-message"))).toContain("Guten Appetit!");
    await screenshot(guest, "languages/de-02-table-390");

    // The menu in German: its chrome, and the venue's dishes, which the demo venue translated, so
    // no notice says part of it is in another language.
    await guest.getByTestId("open-menu").click();
    await guest.getByTestId("menu-page").waitFor();
    expect(await guest.getByTestId("menu-search").getAttribute("placeholder")).toBe("Suchen, z. B. Tzatziki");
    expect(await guest.getByRole("tab").allInnerTexts()).toEqual([
      "Vorspeisen",
      "Salate",
      "Hauptgerichte",
      "Desserts",
      "Getränke",
    ]);
    expect(await guest.getByTestId("untranslated-menu-notice").count()).toBe(0);
    await screenshot(guest, "languages/de-03-menu-390");
    await guest.screenshot({ path: "/tmp/languages-venue-de-menu-390.png" });
    // The search finds a dish by its German name, accents and case ignored.
    await guest.getByTestId("menu-search").fill("GEBRATENER kase");
    await guest.locator('[data-testid="menu-product"][data-name="Gebratener Käse"]').waitFor();
    await guest.getByTestId("menu-search").fill("");
    await guest.getByRole("tab", { name: "Salate" }).click();
    const salad = guest.locator('[data-testid="menu-product"][data-name="Bauernsalat"]');
    await salad.getByTestId("menu-product-toggle").click();
    expect(await text(salad)).toContain("Tomate, Gurke, Zwiebel, Paprika, Oliven, Feta");
    expect(await text(salad)).toContain("Kapern");
    expect(await text(salad.getByTestId("add-to-basket"))).toContain("Hinzufügen");
    await expectNoSeriousA11yViolations(guest, "menu, German");
    await screenshot(guest, "languages/de-03-menu-item-390");
    await guest.screenshot({ path: "/tmp/languages-venue-de-menu-item-390.png" });
    await salad.getByTestId("add-to-basket").click();
    expect(await text(salad.getByTestId("in-basket"))).toBe("1 im Warenkorb");
    await guest.getByTestId("basket-bar").click();
    await guest.getByTestId("order-page").waitFor();
    expect(await text(guest.getByTestId("send-order"))).toContain("Bestellung senden");
    await screenshot(guest, "languages/de-04-basket-390");
    await guest.getByTestId("send-order").click();
    await guest.getByTestId("table-page").waitFor();
    await guest.getByTestId("toast-success").filter({ hasText: "Bestellung erfolgreich gesendet!" }).waitFor();
    const sent = guest.locator('[data-testid="feed-item"][data-name="Bauernsalat"]');
    await sent.waitFor();
    expect(await text(sent.getByTestId("feed-item-status"))).toBe("Gesendet");
    await expectNoSeriousA11yViolations(guest, "table, order sent, German");
    await screenshot(guest, "languages/de-05-table-sent-390");

    // The ticket reaches the kitchen in Greek.
    const ticket = kitchen.getByTestId("kitchen-ticket").filter({ hasText: "Τραπέζι 7" });
    await ticket.waitFor({ timeout: 15_000 });
    expect(await text(ticket)).toContain("Χωριάτικη");
    expect(await text(ticket)).toContain("Πελάτης");
    expect(await text(ticket)).not.toContain("Bauernsalat");

    // The venue takes the salad's German away: the menu falls back to English for it, live, and
    // says so once; the order already sent keeps the name it was ordered by.
    const admin = await signIn(server.baseUrl, "admin");
    const catalogue = await api<{ products: { id: number; name: string }[] }[]>(server.baseUrl, "/api/crm/products", admin);
    const saladId = catalogue.flatMap((category) => category.products).find((p) => p.name === "Χωριάτικη")?.id;
    const product = await api<{ nameTranslations: Record<string, string> }>(server.baseUrl, `/api/crm/product/${saladId}`, admin);
    const { de: _, ...others } = product.nameTranslations;
    await api(server.baseUrl, `/api/crm/product/${saladId}`, admin, {
      method: "PUT",
      body: { ...product, nameTranslations: others },
    });
    await guest.getByTestId("open-menu").click();
    await guest.getByRole("tab", { name: "Salate" }).click();
    await guest.locator('[data-testid="menu-product"][data-name="Greek salad"]').waitFor();
    expect(await guest.getByTestId("untranslated-menu-notice").count()).toBe(1);
    expect(await text(guest.getByTestId("untranslated-menu-notice"))).toBe(
      "Ein Teil der Speisekarte ist noch nicht ins Deutsche übersetzt und erscheint auf Englisch oder Griechisch.",
    );
    await screenshot(guest, "languages/de-06-menu-fallback-390");
    await guest.screenshot({ path: "/tmp/languages-venue-de-menu-fallback-390.png" });
  });

  it("speaks Italian to a phone set to Italian: the popup and the menu's chrome", async () => {
    const guest = await session.newPage({ ...PHONE, locale: "it-IT" });
    await signInGuestReading(guest, "demo-8", "Continua come ospite");
    await guest.getByTestId("open-menu").click();
    await guest.getByTestId("menu-page").waitFor();
    expect(await guest.getByTestId("menu-search").getAttribute("aria-label")).toBe("Cerca nel menù");
    expect(await guest.getByTestId("language-toggle").inputValue()).toBe("it");
    await expectNoSeriousA11yViolations(guest, "menu, Italian");
    await screenshot(guest, "languages/it-02-menu-390");
    // The list names each language in itself; choosing one switches at once and is remembered.
    expect(await guest.getByTestId("language-toggle").locator("option").allInnerTexts()).toEqual([
      "Ελληνικά",
      "English",
      "Deutsch",
      "Français",
      "Italiano",
    ]);
    await guest.getByTestId("language-toggle").selectOption("fr");
    await expect.poll(() => guest.getByTestId("menu-search").getAttribute("aria-label")).toBe("Rechercher dans la carte");
    await guest.reload();
    await guest.getByTestId("menu-page").waitFor();
    expect(await guest.locator("html").getAttribute("lang")).toBe("fr");
  });

  /** A guest opens a table and checks the popup speaks their language before signing in. */
  async function signInGuestReading(guest: Page, code: string, continueText: string): Promise<void> {
    await guest.goto(`${server.baseUrl}/service/customer/${code}`);
    await guest.getByTestId("guest-sign-in").waitFor();
    expect(await text(guest.getByTestId("continue-as-guest"))).toBe(continueText);
    await screenshot(guest, `languages/${code}-sign-in-390`);
    await guest.getByTestId("accept-terms").check();
    await guest.getByTestId("continue-as-guest").click();
    await guest.getByTestId("table-page").waitFor();
  }

  it("says when a table code is unknown, and what to do, before asking anyone to sign in", async () => {
    const guest = await session.newPage(PHONE);
    await guest.goto(`${server.baseUrl}/service/customer/no-such-table`);
    await guest.getByTestId("no-table").waitFor();
    expect(await guest.getByTestId("guest-sign-in").count()).toBe(0);
    expect(await text(guest.getByTestId("no-table"))).toContain("Δεν υπάρχει τραπέζι με αυτόν τον κωδικό");
    expect(await text(guest.getByTestId("no-table-hint"))).toBe(
      "Σαρώστε ξανά τον κωδικό QR στο τραπέζι σας. Αν δεν λειτουργεί, ζητήστε βοήθεια από το προσωπικό.",
    );
    await expectNoSeriousA11yViolations(guest, "unknown table code");
    await screenshot(guest, "guest-no-table-390");
    await guest.getByTestId("language-toggle").selectOption("en");
    await expect.poll(() => text(guest.getByTestId("no-table-hint"))).toContain("Scan the QR code on your table again");
    await expectNoSeriousA11yViolations(guest, "unknown table code, in English");
    await screenshot(guest, "guest-no-table-english-390");
    await guest.getByTestId("no-table-home").click();
    await guest.getByTestId("home-page").waitFor();
  });

  it("a guest's menu starts in one round trip, on a first visit and on a return", async () => {
    // Issue 29: the menu's address arrives with the table, the venue and the menu in its HTML, and
    // the sign-in checks in with the same request: nothing is asked before the menu shows.
    const guest = await session.newPage(PHONE);
    const first = recordApiCalls(guest);
    await guest.goto(`${server.baseUrl}/service/customer/demo-9/menu`);
    await guest.getByTestId("menu-product").first().waitFor();
    await guest.getByTestId("accept-terms").check();
    await guest.getByTestId("continue-as-guest").click();
    await guest.getByTestId("guest-sign-in").waitFor({ state: "detached" });
    await expect.poll(() => first.names()).toContain("GET /api/orders/9/feed");
    console.log(`first visit, API calls:\n${first.log()}`);
    // What went out until the guest was seated is what the menu waited for (the table's live feed
    // follows, and the realtime connection's resync refreshes the menu after it).
    const seated = (calls: typeof first, call: string) => calls.namesBeforeAnswer(call).sort();
    expect(seated(first, "POST /api/authenticate-anonymous")).toEqual([
      "GET /management/info",
      "POST /api/authenticate-anonymous",
    ]);
    const call = (calls: typeof first, name: string) => calls.calls.find((c) => c.call === name);
    expect(JSON.parse(call(first, "POST /api/authenticate-anonymous")?.body ?? "{}")).toMatchObject({ tableCode: "demo-9" });

    // The same phone comes back (its token kept): its account, and its seat at the table.
    const token = await guest.evaluate(() => localStorage.getItem("authenticationToken"));
    const returning = await session.newPage(PHONE);
    await returning.addInitScript((stored) => localStorage.setItem("authenticationToken", stored ?? ""), token);
    const again = recordApiCalls(returning);
    await returning.goto(`${server.baseUrl}/service/customer/demo-9/menu`);
    await returning.getByTestId("menu-product").first().waitFor();
    await expect.poll(() => again.names()).toContain("GET /api/orders/9/feed");
    console.log(`return visit, API calls:\n${again.log()}`);
    expect(seated(again, "POST /api/cq-table/check-in/9")).toEqual(["GET /api/account", "POST /api/cq-table/check-in/9"]);

    // An address the server does not render (the basket) starts with the start call, which does not
    // wait for the sign-in, nor the sign-in for it: the start is held back until the sign-in went out.
    const basket = await session.newPage(PHONE);
    const third = recordApiCalls(basket);
    const signingIn = new Promise<void>((resolve) => {
      basket.on("request", (request) => {
        if (request.url().endsWith("/api/authenticate-anonymous")) resolve();
      });
    });
    await basket.route("**/api/cq-table/code/demo-9/start", async (route) => {
      await signingIn;
      await route.continue();
    });
    await basket.goto(`${server.baseUrl}/service/customer/demo-9/order`);
    await basket.getByTestId("accept-terms").check();
    await basket.getByTestId("continue-as-guest").click();
    await basket.getByTestId("guest-sign-in").waitFor({ state: "detached" });
    await expect.poll(() => third.names()).toContain("GET /api/orders/9/feed");
    console.log(`basket's address, API calls:\n${third.log()}`);
    expect(seated(third, "GET /api/cq-table/code/demo-9/start")).toEqual([
      "GET /api/cq-table/code/demo-9/start",
      "GET /management/info",
      "POST /api/authenticate-anonymous",
    ]);
  });

  it("a phone whose stored token no longer works signs in again and reaches the menu", async () => {
    const guest = await session.newPage(PHONE);
    await guest.addInitScript(() => localStorage.setItem("authenticationToken", "no.longer.valid"));
    const calls: string[] = [];
    guest.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/api/")) calls.push(`${request.method()} ${pathname}`);
    });
    await guest.goto(`${server.baseUrl}/service/customer/demo-1/menu`);
    await guest.getByTestId("accept-terms").check();
    const signedIn = calls.length;
    await guest.getByTestId("continue-as-guest").click();
    await guest.getByTestId("menu-product-toggle").first().click();
    await guest.getByTestId("add-to-basket").first().waitFor();
    // The refused token was asked about once; after the sign-in, its answer's account is used,
    // and the sign-in checked the guest in itself.
    expect(calls.slice(0, signedIn)).toContain("GET /api/account");
    expect(calls.slice(signedIn)).not.toContain("GET /api/account");
    expect(calls.slice(signedIn)).toContain("POST /api/authenticate-anonymous");
    expect(calls.slice(signedIn).some((call) => /^POST \/api\/cq-table\/check-in\/\d+$/.test(call))).toBe(false);
  });

  it("catches up after a dropped connection and after a server restart", async () => {
    // The kitchen's socket goes through a switch the test can open and close.
    const kitchen = await session.newPage(TABLET);
    let connectionsAllowed = true;
    const open: Array<{ close(): Promise<void> }> = [];
    await kitchen.routeWebSocket(/\/websocket\/feed/, (ws) => {
      if (!connectionsAllowed) {
        void ws.close();
        return;
      }
      const upstream = ws.connectToServer();
      open.push({ close: async () => Promise.all([ws.close(), upstream.close()]).then(() => undefined) });
    });
    await signInKitchen(kitchen, server.baseUrl);
    let kitchenLoads = 0;
    kitchen.on("load", () => kitchenLoads++);

    const guest = await session.newPage(PHONE);
    await signInGuest(guest, server.baseUrl, "demo-2");

    // The connection drops; an order is sent while the kitchen cannot hear about it.
    connectionsAllowed = false;
    for (const socket of open.splice(0)) await socket.close();
    await expect.poll(() => kitchen.getByTestId("realtime-status").getAttribute("data-status")).not.toBe("CONNECTED");
    await orderOne(guest, "Ορεκτικά", "Τζατζίκι");
    const tzatziki = kitchen.getByTestId("kitchen-ticket").filter({ hasText: "Τζατζίκι" });
    expect(await tzatziki.count()).toBe(0);
    await screenshot(kitchen, "prep-disconnected-1280");

    // Back online: the feed is fetched again on reconnection, so the missed ticket shows up.
    connectionsAllowed = true;
    await expectStatus(kitchen, "CONNECTED", 40_000);
    await tzatziki.waitFor({ timeout: 15_000 });
    expect(await text(tzatziki)).toContain("Τραπέζι 2");

    // The server restarts; both screens reconnect by themselves and stay live.
    await server.restart();
    await expect
      .poll(() => kitchen.getByTestId("realtime-status").getAttribute("data-status"), { timeout: 15_000 })
      .not.toBe("CONNECTED");
    await expectStatus(kitchen, "CONNECTED", 40_000);
    await orderOne(guest, "Ορεκτικά", "Χτυπητή");
    await kitchen.getByTestId("kitchen-ticket").filter({ hasText: "Χτυπητή" }).waitFor({ timeout: 15_000 });
    expect(kitchenLoads).toBe(0);

    // Offline: a persistent notice, gone once back online.
    await guest.context().setOffline(true);
    const offline = guest
      .getByTestId("toast-error")
      .filter({ hasText: "Δεν υπάρχει σύνδεση στο διαδίκτυο, ελέγξτε τη σύνδεσή σας" });
    await offline.waitFor();
    await guest.waitForTimeout(5_500);
    expect(await offline.count()).toBe(1);
    await screenshot(guest, "guest-offline-390");
    await guest.context().setOffline(false);
    await offline.waitFor({ state: "detached" });
  });
});
