import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../apps/server/src/db/schema.ts";
import { BrowserSession, DESK, PHONE, screenshot, signInStaff, text } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).

let server: RunningServer;
let session: BrowserSession;

beforeAll(async () => {
  server = await startServer();
  session = await BrowserSession.launch();
});

afterAll(async () => {
  await session?.close();
  await server?.close();
});

/** English words a new user met on the Greek back office (issue 15), and the admin's old term for dine-in. */
const MIXED_WORDS = /take[- ]?away|table url|comfort food|street food|στο κατάστημα/i;

/** The back office's products, spaces and shop settings, as the demo's administrator reads them. */
async function backOfficeText(page: Page): Promise<string> {
  const shown: string[] = [];
  for (const [tab, ready] of [
    ["admin-tab-products", "admin-category"],
    ["admin-tab-spaces", "area-add"],
  ] as const) {
    await page.getByTestId(tab).click();
    await page.getByTestId(ready).first().waitFor();
    shown.push(await text(page.locator("main")));
  }
  return shown.join(" ");
}

/** The back office reads in its account's language, so the demo's administrator is set to English. */
async function signInInEnglish(page: Page): Promise<void> {
  await server.db.update(users).set({ langKey: "en" }).where(eq(users.login, "admin"));
  try {
    await signInStaff(page, server.baseUrl, "/service/admin", "admin", "admin-dashboard");
  } finally {
    await server.db.update(users).set({ langKey: "el" }).where(eq(users.login, "admin"));
  }
}

describe("one language at a time, one word per idea", () => {
  it("the demo's areas are Κουζίνα and Μπαρ; the admin says Στο τραπέζι / Πακέτο like the kitchen; in English the categories are English", async () => {
    for (const [size, viewport] of [
      ["390", PHONE],
      ["1280", DESK],
    ] as const) {
      const admin = await session.newPage(viewport);
      await signInStaff(admin, server.baseUrl, "/service/admin", "admin", "admin-dashboard");

      // Greek: the demo's preparation areas by their Greek names, no English left on the screens.
      const greek = await backOfficeText(admin);
      expect(greek).toContain("Κουζίνα");
      expect(greek).toContain("Μπαρ");
      expect(greek).not.toMatch(MIXED_WORDS);
      await admin.locator('[data-testid^="area-row-"]').last().scrollIntoViewIfNeeded();
      await screenshot(admin, `words-spaces-el-${size}`);
      // The table's code, once "Table URL".
      await admin.goto(`${server.baseUrl}/service/admin/table`);
      await admin.getByTestId("table-form").waitFor();
      expect(await text(admin.getByTestId("table-form"))).toContain("Κωδικός συνδέσμου τραπεζιού");
      await admin.getByTestId("admin-tab-products").click();
      const starters = admin.locator('[data-testid="admin-category"][data-name="Ορεκτικά"]');
      await starters.waitFor();
      expect(await text(starters)).toContain("Στο τραπέζι");
      expect(await text(starters)).toContain("Πακέτο");
      await screenshot(admin, `words-products-el-${size}`);

      // The shop's kind and main cuisine are offered in Greek too.
      await admin.goto(`${server.baseUrl}/service/admin/settings`);
      // The kinds arrive with the settings' own read, after the page.
      await expect.poll(() => text(admin.getByTestId("field-settings-type"))).toContain("Σπιτικό φαγητό");
      const kinds = await text(admin.getByTestId("field-settings-type"));
      expect(`${kinds} ${await text(admin.getByTestId("field-settings-main-cuisine"))}`).not.toMatch(MIXED_WORDS);

      // English: the venue's English category names where it gave them, and the English service words.
      const english = await session.newPage(viewport);
      await signInInEnglish(english);
      await english.getByTestId("admin-tab-products").click();
      const startersInEnglish = english.locator('[data-testid="admin-category"][data-name="Ορεκτικά"]');
      await startersInEnglish.waitFor();
      expect(await text(startersInEnglish.locator("h3"))).toBe("Starters");
      expect(await text(startersInEnglish)).toContain("Dine-in");
      expect(await text(startersInEnglish)).toContain("Take-away");
      await screenshot(english, `words-products-en-${size}`);
    }
  });
});
