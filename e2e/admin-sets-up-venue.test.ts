import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildStaff, buildVenue, TEST_PASSWORD } from "../apps/server/test/support/factories.ts";
import { BrowserSession, PHONE, screenshot } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).
const DESK = { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 } as const;

let server: RunningServer;
let session: BrowserSession;

/** Picks the option of a <select> whose text is `label`. */
async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).selectOption({ label });
}

describe("an administrator sets up a new venue", () => {
  let owner: { login: string };

  beforeAll(async () => {
    server = await startServer();
    // A venue with nothing in it but its administrator, as a new customer gets it.
    const venue = await buildVenue(server.db, { name: "Ταβέρνα Ο Γιώργος", mainCuisine: "GREEK" });
    owner = await buildStaff(server.db, venue.id, "ADMIN", { login: "giorgos", firstName: "Γιώργος", lastName: "Παππάς" });
    session = await BrowserSession.launch();
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it("category, two products with options, an area, a table and a waiter; the guest sees exactly that menu, live", async () => {
    const admin = await session.newPage(PHONE);
    await admin.goto(`${server.baseUrl}/service/admin`);
    await admin.getByTestId("staff-login-admin").waitFor();
    await admin.getByTestId("login-username").fill(owner.login);
    await admin.getByTestId("login-password").fill(TEST_PASSWORD);
    await admin.getByTestId("login-submit").click();
    await admin.getByTestId("admin-dashboard").waitFor();
    await expect.poll(() => admin.getByTestId("admin-business-name").innerText()).toBe("Ταβέρνα Ο Γιώργος");

    // The products tab of an empty venue asks for a category first.
    await admin.getByTestId("admin-tab-products").click();
    await admin.getByTestId("admin-products").waitFor();
    expect(await admin.getByTestId("product-add").count()).toBe(0);
    await screenshot(admin, "admin-setup-products-empty-390");

    // A preparation area (Spaces tab).
    await admin.getByTestId("admin-tab-spaces").click();
    await admin.getByTestId("area-add").click();
    await admin.getByTestId("field-area-name").fill("Κουζίνα");
    await admin.getByTestId("field-area-username").fill("kouzina");
    await admin.getByTestId("field-area-password").fill("123");
    expect(await admin.getByTestId("error-area-password").innerText()).toBe(
      "Ο κωδικός πρέπει να περιέχει περισσότερους από 3 χαρακτήρες",
    );
    await admin.getByTestId("field-area-password").fill("kouzina1");
    await admin.getByTestId("area-save").click();
    await admin.locator('[data-testid^="area-row-"]').filter({ hasText: "Κουζίνα" }).waitFor();

    // A category; an empty name says so as it is typed.
    await admin.getByTestId("admin-tab-products").click();
    await admin.getByTestId("categories-link").click();
    await admin.getByTestId("category-add").click();
    await admin.getByTestId("category-name").fill("x");
    await admin.getByTestId("category-name").fill("");
    expect(await admin.getByTestId("category-name-error").innerText()).toBe("Απαιτείται συμπλήρωση ονομασίας");
    await admin.getByTestId("category-name").fill("Κυρίως πιάτα");
    await screenshot(admin, "admin-setup-categories-390");
    await admin.getByTestId("categories-save").click();
    await admin.locator('[data-testid="admin-category"][data-name="Κυρίως πιάτα"]').waitFor();

    // The first product: the editor's rules speak as the user types and on save.
    await admin.getByTestId("product-add").click();
    await admin.getByTestId("product-form").waitFor();
    await admin.getByTestId("field-product-name").fill("Μ");
    await admin.getByTestId("field-product-name").fill("");
    expect(await admin.getByTestId("error-product-name").innerText()).toBe("Απαιτείται συμπλήρωση τίτλου");
    await admin.getByTestId("field-product-name").fill("Μουσακάς");
    await admin.getByTestId("field-product-price").fill("abc");
    expect(await admin.getByTestId("field-product-price").inputValue()).toBe("");
    expect(await admin.getByTestId("error-product-price").innerText()).toBe("Απαιτείται συμπλήρωση τιμής");
    // A price typed the Greek way (decimal comma) or with a dot reads back the Greek way.
    await admin.getByTestId("field-product-price").fill("9,5");
    await admin.getByTestId("field-product-price").blur();
    expect(await admin.getByTestId("field-product-price").inputValue()).toBe("9,50");
    await admin.getByTestId("field-product-price").fill("12.5");
    await admin.getByTestId("field-product-price").blur();
    expect(await admin.getByTestId("field-product-price").inputValue()).toBe("12,50");
    await admin.getByTestId("product-preparationWays-add").click();
    await admin.getByTestId("product-save").click();
    expect(await admin.getByTestId("error-product-category").innerText()).toBe("Απαιτείται συμπλήρωση ενότητας μενού");
    expect(await admin.getByTestId("error-product-preparationWays-0-name").innerText()).toBe("Απαιτείται συμπλήρωση ονομασίας");
    await admin.getByTestId("field-product-preparationWays-0-name").fill("Ζεστός");
    await admin.getByTestId("product-preparationWays-add").click();
    await admin.getByTestId("field-product-preparationWays-1-name").fill("Χλιαρός");
    await admin.getByTestId("product-extraIngredients-add").click();
    await admin.getByTestId("field-product-extraIngredients-0-name").fill("Φέτα");
    await admin.getByTestId("field-product-extraIngredients-0-price").fill("1,5");
    await choose(admin, "field-product-category", "Κυρίως πιάτα");
    await choose(admin, "field-product-area", "Κουζίνα");
    await admin.getByTestId("product-allergen-milk").check();
    await admin.getByTestId("product-allergen-gluten").check();
    await screenshot(admin, "admin-setup-product-editor-390", true);
    await admin.getByTestId("product-save").click();
    await admin.locator('[data-testid="admin-product"][data-name="Μουσακάς"]').waitFor();

    // The second product, with ingredients to remove and to add.
    await admin.getByTestId("product-add").click();
    await admin.getByTestId("field-product-name").fill("Χωριάτικη");
    await admin.getByTestId("field-product-price").fill("8");
    await admin.getByTestId("product-basicIngredients-add").click();
    await admin.getByTestId("field-product-basicIngredients-0-name").fill("Κρεμμύδι");
    await admin.getByTestId("product-extraIngredients-add").click();
    await admin.getByTestId("field-product-extraIngredients-0-name").fill("Κάπαρη");
    await admin.getByTestId("field-product-extraIngredients-0-price").fill("0.5");
    await choose(admin, "field-product-category", "Κυρίως πιάτα");
    await choose(admin, "field-product-area", "Κουζίνα");
    await admin.getByTestId("product-save").click();
    await admin.locator('[data-testid="admin-product"][data-name="Χωριάτικη"]').waitFor();
    await screenshot(admin, "admin-setup-product-list-390", true);

    // Reordering within the category: Χωριάτικη first.
    await admin.locator('[data-testid="admin-product"][data-name="Χωριάτικη"]').getByTestId("admin-product-up").click();
    await expect
      .poll(() => admin.getByTestId("admin-product").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-name"))))
      .toEqual(["Χωριάτικη", "Μουσακάς"]);

    // A table, then a waiter who serves it.
    await admin.getByTestId("admin-tab-spaces").click();
    await admin.getByTestId("table-add").click();
    await admin.getByTestId("field-table-label").fill("1");
    await admin.getByTestId("field-table-code").fill("giorgos-1");
    await admin.getByTestId("table-save").click();
    await admin.getByTestId("table-row-giorgos-1").waitFor();
    await admin.getByTestId("admin-tab-staff").click();
    await admin.getByTestId("waiter-add").click();
    await admin.getByTestId("field-waiter-first-name").fill("Νίκος");
    await admin.getByTestId("field-waiter-last-name").fill("Αλεξίου");
    await admin.getByTestId("field-waiter-username").fill("nikos");
    await admin.getByTestId("field-waiter-password").fill("nikos123");
    await admin.getByTestId("waiter-form").getByLabel("1", { exact: false }).first().check();
    await admin.getByTestId("waiter-save").click();
    await admin.getByTestId("waiter-row-nikos").waitFor();
    expect(await admin.getByTestId("waiter-row-nikos").innerText()).toContain("1");

    // The guest opens the table's URL and sees exactly that menu, in that order.
    const guest = await session.newPage(PHONE);
    await guest.goto(`${server.baseUrl}/service/customer/giorgos-1`);
    await guest.getByTestId("accept-terms").check();
    await guest.getByTestId("continue-as-guest").click();
    await guest.getByTestId("table-page").waitFor();
    await guest.getByTestId("open-menu").click();
    await guest.getByTestId("menu-page").waitFor();
    const names = () => guest.getByTestId("menu-product").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-name")));
    await expect.poll(names).toEqual(["Χωριάτικη", "Μουσακάς"]);
    expect(await guest.getByTestId("menu-category-tab").allInnerTexts()).toEqual(["Κυρίως πιάτα"]);
    const moussaka = guest.locator('[data-testid="menu-product"][data-name="Μουσακάς"]');
    expect(await moussaka.innerText()).toContain("γάλα");
    await moussaka.getByTestId("menu-product-toggle").click();
    expect(await moussaka.innerText()).toContain("Χλιαρός");
    expect(await moussaka.innerText()).toContain("Φέτα");
    await screenshot(guest, "admin-setup-guest-menu-390");

    // Switching Χωριάτικη off takes it off the guest's open menu, without a reload.
    const salad = admin.locator('[data-testid="admin-product"][data-name="Χωριάτικη"]');
    await admin.getByTestId("admin-tab-products").click();
    await salad.getByTestId("admin-product-available").click();
    await expect.poll(() => salad.getAttribute("data-active")).toBe("false");
    await screenshot(admin, "admin-setup-product-off-390");
    await expect.poll(names, { timeout: 10_000 }).toEqual(["Μουσακάς"]);
    await screenshot(guest, "admin-setup-guest-menu-after-390");
  });

  it("a product without a dine-in price cannot be switched on, and says why; the desk-width list", async () => {
    const desk = await session.newPage(DESK);
    await desk.goto(`${server.baseUrl}/service/admin`);
    await desk.getByTestId("login-username").fill(owner.login);
    await desk.getByTestId("login-password").fill(TEST_PASSWORD);
    await desk.getByTestId("login-submit").click();
    await desk.getByTestId("admin-dashboard").waitFor();
    await desk.getByTestId("admin-tab-products").click();
    await desk.getByTestId("product-add").click();
    await desk.getByTestId("field-product-name").fill("Σπιτικό γλυκό");
    await desk.getByTestId("product-has-dine-in-price").uncheck();
    await desk.getByTestId("product-has-take-away-price").check();
    await desk.getByTestId("field-product-takeAwayPrice").fill("4");
    await choose(desk, "field-product-category", "Κυρίως πιάτα");
    await desk.getByTestId("product-save").click();
    const sweet = desk.locator('[data-testid="admin-product"][data-name="Σπιτικό γλυκό"]');
    await sweet.waitFor();
    // Without a dine-in price it starts off for dine-in and cannot be switched on; take-away is on.
    expect(await sweet.getAttribute("data-active")).toBe("false");
    expect(await sweet.getByTestId("admin-product-available").isDisabled()).toBe(true);
    expect(await sweet.getByTestId("admin-product-available-hint").innerText()).toBe(
      "Απαιτείται συμπλήρωση τιμής για ενεργοποίηση διαθεσιμότητας",
    );
    expect(await sweet.getByTestId("admin-product-take-away").isDisabled()).toBe(false);
    await screenshot(desk, "admin-setup-product-list-desk", true);

    // Shop settings: auto-print without a printer IP is refused with its message.
    await desk.getByTestId("admin-user-menu").click();
    await desk.getByTestId("admin-user-menu-panel").getByRole("link", { name: "Λογαριασμός" }).click();
    await desk.getByTestId("shop-settings-form").waitFor();
    await desk.getByTestId("settings-auto-print").check();
    expect(await desk.getByTestId("error-settings-printer-ip").innerText()).toBe(
      "Απαιτείται συμπλήρωση της IP όταν η αυτόματη εκτύπωση είναι ενεργή",
    );
    await desk.getByTestId("field-settings-printer-ip").fill("192.168.1.300");
    expect(await desk.getByTestId("error-settings-printer-ip").innerText()).toBe("Η IP του εκτυπωτή δεν είναι σωστή");
    await desk.getByTestId("field-settings-printer-ip").fill("192.168.1.30");
    expect(await desk.getByTestId("error-settings-printer-ip").count()).toBe(0);
    await choose(desk, "field-settings-type", "Εστιατόριο");
    await screenshot(desk, "admin-setup-settings-desk", true);
    // A new username signs the administrator out; the new one signs in.
    await desk.getByTestId("field-settings-username").fill("giorgos2");
    await desk.getByTestId("settings-save").click();
    await desk.getByTestId("staff-login-admin").waitFor();
    await desk.getByTestId("login-username").fill("giorgos2");
    await desk.getByTestId("login-password").fill(TEST_PASSWORD);
    await desk.getByTestId("login-submit").click();
    // Back on the settings, as the administrator left them: the settings were saved.
    await desk.getByTestId("shop-settings-form").waitFor();
    expect(await desk.getByTestId("field-settings-username").inputValue()).toBe("giorgos2");
    expect(await desk.getByTestId("field-settings-printer-ip").inputValue()).toBe("192.168.1.30");
    expect(await desk.getByTestId("settings-auto-print").isChecked()).toBe(true);
  });

  it("with translations on, the dots show what lacks English; the translation tab fills it; a picture is kept", async () => {
    const admin = await session.newPage(PHONE);
    await admin.goto(`${server.baseUrl}/service/admin/settings`);
    // The username the previous test changed to.
    await admin.getByTestId("login-username").fill("giorgos2");
    await admin.getByTestId("login-password").fill(TEST_PASSWORD);
    await admin.getByTestId("login-submit").click();
    await admin.getByTestId("shop-settings-form").waitFor();
    await admin.getByTestId("settings-translations").check();
    expect(await admin.getByTestId("error-settings-name-eng").innerText()).toBe(
      "Απαιτείται συμπλήρωση της εμπορικής επωνυμίας στα αγγλικά",
    );
    await admin.getByTestId("field-settings-name-eng").fill("George's Tavern");
    // The menu's languages: English, as before, and German beside it (decision 046).
    expect(await admin.getByTestId("settings-menu-language-en").isChecked()).toBe(true);
    await admin.getByTestId("settings-menu-language-de").check();
    await admin.getByTestId("settings-save").click();
    await admin.getByTestId("admin-dashboard").waitFor();

    // The Products tab and the products without English carry a dot.
    await admin.getByTestId("admin-tab-products").locator('[role="img"]').waitFor();
    await admin.getByTestId("admin-tab-products").click();
    const moussaka = admin.locator('[data-testid="admin-product"][data-name="Μουσακάς"]');
    await moussaka.getByTestId("admin-product-translation-dot").waitFor();
    await screenshot(admin, "admin-setup-products-translation-dots-390");

    // The editor's translation tab lists what needs English and refuses to save without it.
    await moussaka.getByTestId("admin-product-link").click();
    await admin.getByTestId("product-tab-translation").click();
    await admin.getByTestId("product-save").click();
    expect(await admin.getByTestId("error-product-tr-nameEng").innerText()).toBe("Απαιτείται συμπλήρωση μετάφρασης");
    expect(await admin.getByTestId("error-product-tr-preparationWays-1-nameEng").innerText()).toBe(
      "Απαιτείται συμπλήρωση μετάφρασης",
    );
    // German is not required: nothing of it is refused.
    expect(await admin.getByTestId("error-product-tr-nameTranslations-de").count()).toBe(0);
    await screenshot(admin, "admin-setup-product-translation-390", true);
    await admin.getByTestId("field-product-tr-nameEng").fill("Moussaka");
    await admin.getByTestId("field-product-tr-preparationWays-0-nameEng").fill("Hot");
    await admin.getByTestId("field-product-tr-preparationWays-1-nameEng").fill("Warm");
    await admin.getByTestId("field-product-tr-extraIngredients-0-nameEng").fill("Feta");
    // A column per chosen language: German beside English.
    await admin.getByTestId("field-product-tr-nameTranslations-de").fill("Moussaka");
    await admin.getByTestId("field-product-tr-preparationWays-0-nameTranslations-de").fill("Heiß");
    await admin.getByTestId("field-product-tr-preparationWays-1-nameTranslations-de").fill("Warm");
    await admin.getByTestId("field-product-tr-extraIngredients-0-nameTranslations-de").fill("Feta");
    await screenshot(admin, "admin-setup-product-translation-columns-390", true);
    await admin.screenshot({ path: "/tmp/languages-venue-admin-translations-390.png", fullPage: true });
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.screenshot({ path: "/tmp/languages-venue-admin-translations-1280.png", fullPage: true });
    await admin.setViewportSize(PHONE.viewport);
    // A picture, chosen on the details tab, is uploaded with the save.
    await admin.getByTestId("product-tab-details").click();
    await admin.getByTestId("product-image-input").setInputFiles({
      name: "moussaka.png",
      mimeType: "image/png",
      buffer: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
    });
    await admin.getByTestId("product-image-preview").waitFor();
    await admin.getByTestId("product-save").click();
    await moussaka.waitFor();
    await expect.poll(() => moussaka.getByTestId("admin-product-translation-dot").count()).toBe(0);
    const salad = admin.locator('[data-testid="admin-product"][data-name="Χωριάτικη"]');
    expect(await salad.getByTestId("admin-product-translation-dot").count()).toBe(1);
    await moussaka.getByTestId("admin-product-link").click();
    expect(await admin.getByTestId("product-image-preview").getAttribute("src")).toMatch(/^\/api\/images\//);

    // Categories: the English name is required while translations are on.
    await admin.getByTestId("admin-tab-products").click();
    await admin.getByTestId("categories-link").click();
    await admin.getByTestId("categories-save").click();
    expect(await admin.getByTestId("category-nameEng-error").innerText()).toBe("Απαιτείται συμπλήρωση μετάφρασης");
    await admin.getByTestId("category-nameEng").fill("Mains");
    await admin.getByTestId("category-de").fill("Hauptgerichte");
    await screenshot(admin, "admin-setup-categories-translated-390");
    await admin.getByTestId("categories-save").click();
    await admin.getByTestId("admin-products").waitFor();
  });
});
