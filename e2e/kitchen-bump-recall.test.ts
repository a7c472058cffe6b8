import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, DESK, guestOrders, PHONE, screenshot, signInStaff, TALL, text, toast } from "./support/browser.ts";
import { api, signIn } from "./support/staff-api.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).

let server: RunningServer;
let session: BrowserSession;

const card = (page: Page, dish: string) => page.getByTestId("kitchen-ticket").filter({ hasText: dish });

/** Both tablet orientations of the same screen. */
async function screenshotBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESK.viewport);
  await screenshot(page, `${name}-1280x800`);
  await page.setViewportSize(TALL.viewport);
  await screenshot(page, `${name}-800x1280`);
  await page.setViewportSize(DESK.viewport);
}

describe("the kitchen bumps a ticket in one tap, recalls it, and follows a table transfer", () => {
  beforeAll(async () => {
    server = await startServer();
    session = await BrowserSession.launch();
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it("a bumped ticket leaves the board, and Recall brings it back", async () => {
    const kitchen = await session.newPage(DESK);
    await signInStaff(kitchen, server.baseUrl, "/service/prep", "kitchen", "kitchen-feed");

    const guest = await session.newPage(PHONE);
    await guestOrders(guest, server.baseUrl, "demo-2", [["Ορεκτικά", "Τζατζίκι", 2]]);
    await card(kitchen, "Τζατζίκι").waitFor({ timeout: 15_000 });
    // A second table's ticket stays on the board throughout.
    const otherGuest = await session.newPage(PHONE);
    await guestOrders(otherGuest, server.baseUrl, "demo-3", [["Κυρίως πιάτα", "Μουσακάς", 1]]);
    await card(kitchen, "Μουσακάς").waitFor({ timeout: 15_000 });
    await screenshotBoth(kitchen, "kitchen-bump-board");

    // One tap on the card's button: the whole ticket is ready, the waiter is told, the undo holds it.
    const bump = card(kitchen, "Τζατζίκι").getByTestId("bump-ticket");
    expect(await text(bump)).toBe("Όλα έτοιμα");
    await bump.click();
    await toast(kitchen, "success", "Επιτυχής ειδοποίηση σερβιτόρου/ας!").waitFor();
    await expect.poll(() => card(kitchen, "Τζατζίκι").count()).toBe(0);
    expect(await card(kitchen, "Μουσακάς").count()).toBe(1);
    await expect.poll(() => kitchen.getByTestId("undo").getAttribute("data-size")).toBe("1");

    // Recall lists it; bringing it back puts it on the board again, still waiting.
    await kitchen.getByTestId("open-recall").click();
    const recalled = kitchen.getByTestId("recall-ticket").filter({ hasText: "Τζατζίκι" });
    await recalled.waitFor();
    expect(await text(recalled)).toContain("Τραπέζι 2");
    await screenshotBoth(kitchen, "kitchen-recall");
    await recalled.getByTestId("recall-ticket-button").click();
    await toast(kitchen, "success", "επέστρεψε στις παραγγελίες").waitFor();
    await card(kitchen, "Τζατζίκι").waitFor({ timeout: 15_000 });
    await expect.poll(() => recalled.count()).toBe(0);
    expect(await text(kitchen.getByTestId("recall-panel"))).toContain("Καμία παραγγελία");
    // The pieces it put back left the undo stack: undo never asks for what is already undone.
    await expect.poll(() => kitchen.getByTestId("undo").getAttribute("data-size")).toBe("0");
  });

  it("a ticket on the board moves to the new table live and says so when the waiter transfers the table (issue 28 A1)", async () => {
    const kitchen = await session.newPage(DESK);
    await signInStaff(kitchen, server.baseUrl, "/service/prep", "kitchen", "kitchen-feed");
    const guest = await session.newPage(PHONE);
    await guestOrders(guest, server.baseUrl, "demo-4", [["Σαλάτες", "Χωριάτικη", 1]]);
    await card(kitchen, "Χωριάτικη").waitFor({ timeout: 15_000 });
    expect(await text(card(kitchen, "Χωριάτικη").getByTestId("ticket-table"))).toBe("Τραπέζι 4");
    expect(await card(kitchen, "Χωριάτικη").getByTestId("ticket-moved").count()).toBe(0);

    const waiter = await signIn(server.baseUrl, "waiter");
    const admin = await signIn(server.baseUrl, "admin");
    const tables = await api<{ id: number; label: string }[]>(server.baseUrl, "/api/crm/tables", admin);
    const [from, to] = ["4", "5"].map((label) => tables.find((t) => t.label === label)?.id);
    await api(server.baseUrl, "/api/feed/transfer-table", waiter, { body: { tableId: from, targetTableId: to } });

    await expect.poll(() => text(card(kitchen, "Χωριάτικη").getByTestId("ticket-table")), { timeout: 15_000 }).toBe("Τραπέζι 5");
    expect(await text(card(kitchen, "Χωριάτικη").getByTestId("ticket-moved"))).toBe("μεταφέρθηκε στο τραπέζι 5");
    await screenshot(kitchen, "kitchen-ticket-moved-1280x800");
    await kitchen.setViewportSize(PHONE.viewport);
    await screenshot(kitchen, "kitchen-ticket-moved-390");
  });
});
