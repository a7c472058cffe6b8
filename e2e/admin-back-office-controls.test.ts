import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildArea,
  buildCategory,
  buildProduct,
  buildStaff,
  buildTable,
  buildVenue,
  TEST_PASSWORD,
} from "../apps/server/test/support/factories.ts";
import { BrowserSession, DESK, PHONE, screenshot, TALL } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).

let server: RunningServer;
let session: BrowserSession;
let adminLogin: string;

beforeAll(async () => {
  server = await startServer();
  session = await BrowserSession.launch();
  // A venue as a new customer fills it in: no main cuisine chosen yet.
  const venue = await buildVenue(server.db, { name: "Μεζεδοπωλείο Η Αυλή" });
  adminLogin = (await buildStaff(server.db, venue.id, "ADMIN", { login: "avli" })).login;
  const kitchen = await buildArea(server.db, venue.id, { name: "Κουζίνα" });
  await buildArea(server.db, venue.id, { name: "Μπαρ" });
  await buildTable(server.db, venue.id, { label: "7", code: "avli-7" });
  await buildTable(server.db, venue.id, { label: "8", code: "avli-8" });
  await buildStaff(server.db, venue.id, "WAITER", { login: "eleni", firstName: "Ελένη", lastName: "Ρήγα" });
  const starters = await buildCategory(server.db, venue.id, { name: "Ορεκτικά", sortOrder: 0 });
  await buildCategory(server.db, venue.id, { name: "Σαλάτες", sortOrder: 1 });
  await buildProduct(server.db, venue.id, { categoryId: starters.id, name: "Ντάκος", preparationAreaId: kitchen.id });
  await buildProduct(server.db, venue.id, { categoryId: starters.id, name: "Τζατζίκι", preparationAreaId: kitchen.id });
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

/** Signs the venue's administrator in on the back office. */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/service/admin`);
  await page.getByTestId("login-username").fill(adminLogin);
  await page.getByTestId("login-password").fill(TEST_PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.getByTestId("admin-dashboard").waitFor();
}

/** A pointer click where the locator shows, whatever covers it there (the row's link does). */
async function pointAt(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Every API answer of 404 the page receives, to prove none follows a delete. */
function notFoundAnswers(page: Page): string[] {
  const seen: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404 && response.url().includes("/api/")) seen.push(response.url());
  });
  return seen;
}

/**
 * Deletes the record of the open form, confirming in the app's own dialog (never the browser's
 * window.confirm, which would fail this test: an unhandled native dialog is dismissed), and waits
 * for the list it returns to.
 */
async function deleteOpenRecord(page: Page, deleteButton: string, list: string): Promise<void> {
  await page.getByTestId(deleteButton).click();
  const confirm = page.getByRole("alertdialog", { name: "Είστε σίγουροι ότι θέλετε να το διαγράψετε;" });
  await confirm.waitFor();
  expect(await confirm.getByTestId("confirm-dialog-cancel").evaluate((button) => button === document.activeElement)).toBe(true);
  await confirm.getByTestId("confirm-dialog-confirm").click();
  // The toast sits under the header, never over its buttons. Where it sits is read in the page the
  // moment it shows: on a slow machine it may be gone by the time a second call asks.
  const placed = await page.waitForFunction((message) => {
    const shown = [...document.querySelectorAll('[data-testid="toast-success"]')].find((toast) =>
      toast.textContent?.includes(message),
    );
    const header = document.querySelector("header");
    if (!shown || !header) return null;
    return { toastTop: shown.getBoundingClientRect().top, headerBottom: header.getBoundingClientRect().bottom };
  }, "Η διαγραφή ολοκληρώθηκε");
  const position = await placed.jsonValue();
  expect(position?.toastTop).toBeGreaterThanOrEqual(position?.headerBottom ?? Number.POSITIVE_INFINITY);
  await page.getByTestId(list).waitFor();
}

describe("the back office's finish", () => {
  it("the user menu fits its words; forms use a desk's width; a phone asks before a delete in the app's dialog", async () => {
    const page = await session.newPage(DESK);
    await signIn(page);
    await page.getByTestId("admin-user-menu").click();
    const panel = page.getByTestId("admin-user-menu-panel");
    await panel.waitFor();
    expect((await panel.boundingBox())?.width).toBeLessThan(280);
    await screenshot(page, "admin-polish-user-menu-desk");
    await page.keyboard.press("Escape");

    await page.goto(`${server.baseUrl}/service/admin/categories`);
    await page.getByTestId("categories-form").waitFor();
    expect((await page.getByTestId("categories-form").boundingBox())?.width).toBeGreaterThan(900);
    expect(await page.getByTestId("category-remove").first().locator("svg").count()).toBe(1);
    await screenshot(page, "admin-polish-categories-desk");
    await page.getByTestId("admin-tab-products").click();
    await page.locator('[data-testid="admin-product"]').first().getByTestId("admin-product-link").click();
    await page.getByTestId("product-form").waitFor();
    const name = await page.getByTestId("field-product-name").boundingBox();
    const description = await page.getByTestId("field-product-description").boundingBox();
    // Two fields side by side: the description sits right of the name, not under it.
    expect(description && name && description.x > name.x + name.width).toBe(true);
    await screenshot(page, "admin-polish-product-editor-desk");

    const phone = await session.newPage(PHONE);
    await signIn(phone);
    await phone.getByTestId("admin-tab-spaces").click();
    await phone.getByTestId("table-row-avli-8").getByRole("link").click();
    await phone.getByTestId("table-form").waitFor();
    await phone.getByTestId("table-delete").click();
    await phone.getByRole("alertdialog").waitFor();
    await screenshot(phone, "admin-polish-confirm-delete-390");
    await phone.getByTestId("confirm-dialog-cancel").click();
    await expect.poll(() => phone.getByRole("alertdialog").count()).toBe(0);
    await phone.getByTestId("admin-user-menu").click();
    await screenshot(phone, "admin-polish-user-menu-390");
  });
});

describe("the back office says what its controls do, and a delete is only a success", () => {
  it("deleting a table, an area, a waiter and a product shows the success alone", async () => {
    const page = await session.newPage(DESK);
    const notFound = notFoundAnswers(page);
    await signIn(page);

    await page.getByTestId("admin-tab-spaces").click();
    const table = page.getByTestId("table-row-avli-7");
    await table.getByRole("link").click();
    await page.getByTestId("table-form").waitFor();
    expect(await page.getByTestId("field-table-label").inputValue()).toBe("7");
    // The app's own question, answered from the keyboard: Escape keeps the table.
    await page.getByTestId("table-delete").click();
    await page.getByRole("alertdialog").waitFor();
    await screenshot(page, "admin-controls-confirm-delete-desk");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0);
    expect(await page.getByTestId("table-form").isVisible()).toBe(true);
    await deleteOpenRecord(page, "table-delete", "table-row-avli-8");
    expect(await table.count()).toBe(0);
    await screenshot(page, "admin-controls-table-deleted-desk");

    const bar = page.locator('[data-testid^="area-row-"]').filter({ hasText: "Μπαρ" });
    await bar.getByRole("link").click();
    await page.getByTestId("area-form").waitFor();
    await deleteOpenRecord(page, "area-delete", "table-row-avli-8");
    expect(await bar.count()).toBe(0);

    await page.getByTestId("admin-tab-staff").click();
    await page.getByTestId("waiter-row-eleni").getByRole("link").click();
    await page.getByTestId("waiter-form").waitFor();
    await deleteOpenRecord(page, "waiter-delete", "waiter-add");
    expect(await page.getByTestId("waiter-row-eleni").count()).toBe(0);

    await page.getByTestId("admin-tab-products").click();
    const dakos = page.locator('[data-testid="admin-product"][data-name="Ντάκος"]');
    await dakos.getByTestId("admin-product-link").click();
    await page.getByTestId("product-form").waitFor();
    await deleteOpenRecord(page, "product-delete", "admin-products");
    expect(await dakos.count()).toBe(0);

    // Whatever was on its way has arrived: no record was asked for again, no error was shown.
    await page.waitForTimeout(1000);
    expect(notFound).toEqual([]);
    expect(await page.getByTestId("toast-error").count()).toBe(0);
  });

  it("a table opens from anywhere on its row or from the keyboard; an empty form's Save says what is missing", async () => {
    const page = await session.newPage(DESK);
    await signIn(page);
    await page.getByTestId("admin-tab-spaces").click();
    const table = page.getByTestId("table-row-avli-8");
    await table.waitFor();
    await screenshot(page, "admin-controls-spaces-desk");
    // Not only its small number: its code, far from the number, opens it too.
    await pointAt(page, table.getByText("/avli-8"));
    await page.getByTestId("table-form").waitFor();
    await page.goBack();
    await table.getByTestId("table-edit").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("table-form").waitFor();
    await page.goBack();

    // Save is never a silent, disabled button: pressed empty, every missing field says so.
    await page.getByTestId("table-add").click();
    await page.getByTestId("table-save").click();
    expect(await page.getByTestId("error-table-label").innerText()).toBe("Απαιτείται συμπλήρωση αριθμού");
    expect(await page.getByTestId("error-table-code").count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("table-label");
    await screenshot(page, "admin-controls-table-empty-save-desk");
    const tall = await session.newPage(TALL);
    await signIn(tall);
    await tall.goto(`${server.baseUrl}/service/admin/wait`);
    await tall.getByTestId("waiter-save").click();
    await tall.getByTestId("error-waiter-first-name").waitFor();
    await screenshot(tall, "admin-controls-waiter-empty-save-800");
  });

  it("categories: a repeated name is refused on its row; a category with products says why it stays", async () => {
    for (const [device, suffix] of [
      [DESK, "desk"],
      [TALL, "800"],
    ] as const) {
      const page = await session.newPage(device);
      await signIn(page);
      await page.goto(`${server.baseUrl}/service/admin/categories`);
      await page.getByTestId("categories-form").waitFor();
      await page.getByTestId("category-add").click();
      await page.getByTestId("category-name").last().fill("ορεκτικά ");
      await page.getByTestId("categories-save").click();
      expect(await page.getByTestId("category-name-error").innerText()).toBe("Υπάρχει ήδη κατηγορία με αυτή την ονομασία.");
      expect(await page.getByTestId("categories-form").isVisible()).toBe(true);

      const starters = page.locator('[data-testid="category-row"][data-name="Ορεκτικά"]');
      expect(await starters.getByTestId("category-remove-reason").isVisible()).toBe(false);
      // Focusable and pressable although it cannot delete: pressing it says why.
      await starters.getByTestId("category-remove").focus();
      await page.keyboard.press("Enter");
      expect(await starters.getByTestId("category-remove-reason").innerText()).toBe(
        "Δεν διαγράφεται όσο έχει 1 προϊόν: μετακινήστε το σε άλλη κατηγορία ή διαγράψτε το πρώτα.",
      );
      expect(await starters.getAttribute("data-name")).toBe("Ορεκτικά");
      await screenshot(page, `admin-controls-categories-${suffix}`);
    }
  });

  it("shop settings: the printer IP for auto-print is asked for together with every other missing field", async () => {
    const page = await session.newPage(TALL);
    await signIn(page);
    await page.getByTestId("admin-user-menu").click();
    await page.getByTestId("admin-user-menu-panel").getByRole("link", { name: "Λογαριασμός" }).click();
    await page.getByTestId("shop-settings-form").waitFor();
    // The main cuisine is still unchosen; auto-print asks for the IP at once all the same.
    await page.getByTestId("settings-auto-print").check();
    expect(await page.getByTestId("error-settings-printer-ip").innerText()).toBe(
      "Απαιτείται συμπλήρωση της IP όταν η αυτόματη εκτύπωση είναι ενεργή",
    );
    await page.getByTestId("settings-save").click();
    expect(await page.getByTestId("error-settings-main-cuisine").count()).toBe(1);
    expect(await page.getByTestId("error-settings-printer-ip").count()).toBe(1);
    await screenshot(page, "admin-controls-settings-800");
  });
});
