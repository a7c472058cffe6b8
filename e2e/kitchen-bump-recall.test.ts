import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BrowserSession,
  DESK,
  overlaps,
  PHONE,
  screenshot,
  screenshotBothOrientations,
  signInStaff,
  TILL,
  text,
  toast,
} from "./support/browser.ts";
import { fillBusyService } from "./support/busy-service.ts";
import { closeAll, guestOrders, startServerAndBrowser } from "./support/journeys.ts";
import { api, signIn } from "./support/staff-api.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).

let server: RunningServer;
let session: BrowserSession;

const card = (page: Page, dish: string) => page.getByTestId("kitchen-ticket").filter({ hasText: dish });

describe("the kitchen bumps a ticket in one tap, recalls it, follows a table transfer and is told of a cancellation", () => {
  beforeAll(async () => {
    [server, session] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(session, server));

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
    await screenshotBothOrientations(kitchen, "kitchen-bump-board");

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
    await screenshotBothOrientations(kitchen, "kitchen-recall");
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

  it("a dish the waiter cancels flashes on its card until a cook taps 'Το είδα' (issue 28 A9)", async () => {
    const kitchen = await session.newPage(TILL);
    await signInStaff(kitchen, server.baseUrl, "/service/prep", "kitchen", "kitchen-feed");
    const guest = await session.newPage(PHONE);
    await guestOrders(guest, server.baseUrl, "demo-6", [
      ["Ορεκτικά", "Σαγανάκι", 1],
      ["Ορεκτικά", "Κεφτεδάκια", 2],
    ]);
    const ticket = card(kitchen, "Σαγανάκι");
    await ticket.waitFor({ timeout: 15_000 });
    expect(await ticket.getByTestId("ticket-cancelled").count()).toBe(0);

    // The waiter takes the meatballs off the table's bill while the kitchen is on it.
    const cook = await signIn(server.baseUrl, "kitchen");
    const waiter = await signIn(server.baseUrl, "waiter");
    const feed = await api<{ tickets: { tableId: number; products: { name: string; orderProductIds: number[] }[] }[] }>(
      server.baseUrl,
      "/api/feed/kitchen",
      cook,
    );
    const onTicket = feed.tickets.find((t) => t.products.some((p) => p.name === "Σαγανάκι"));
    const meatballs = onTicket?.products.find((p) => p.name === "Κεφτεδάκια");
    await api(server.baseUrl, `/api/feed/table/${onTicket?.tableId}/remove-products`, waiter, {
      body: { orderProductIds: meatballs?.orderProductIds },
    });

    // Live, without a reload: a red block lists the cancelled dish struck through; the rest stays.
    const notice = ticket.getByTestId("ticket-cancelled");
    await notice.waitFor({ timeout: 15_000 });
    expect(await text(notice.locator("h3"))).toBe("ΑΚΥΡΩΘΗΚΕ");
    expect(await text(notice.getByTestId("cancelled-line"))).toContain("2× Κεφτεδάκια");
    expect(await notice.locator("del").count()).toBe(1);
    expect(await ticket.getByTestId("ticket-product").count()).toBe(1);
    expect(await notice.evaluate((el) => getComputedStyle(el).animationName)).toContain("cancelled-flash");
    // It moved to the top of the board, where nobody misses it.
    expect(await text(kitchen.getByTestId("kitchen-ticket").first())).toContain("Σαγανάκι");
    await screenshot(kitchen, "kitchen-void-1024x768");
    await kitchen.setViewportSize(PHONE.viewport);
    await notice.scrollIntoViewIfNeeded();
    await screenshot(kitchen, "kitchen-void-390x844");
    // Asked for less motion, the highlight holds still.
    await kitchen.emulateMedia({ reducedMotion: "reduce" });
    expect(await notice.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await screenshot(kitchen, "kitchen-void-390x844-reduced-motion");
    await kitchen.emulateMedia({ reducedMotion: null });
    await kitchen.setViewportSize(TILL.viewport);

    const gotIt = notice.getByTestId("acknowledge-cancellation");
    expect(await text(gotIt)).toBe("Το είδα");
    await gotIt.click();
    await expect.poll(() => ticket.getByTestId("ticket-cancelled").count(), { timeout: 15_000 }).toBe(0);
    expect(await ticket.getByTestId("ticket-product").count()).toBe(1);
  });
});

describe("a busy evening (issue 31)", () => {
  let busy: RunningServer;
  let screens: BrowserSession;

  beforeAll(async () => {
    [busy, screens] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(screens, busy));

  it("the kitchen's board holds the rush at 1280×800: 8 tickets whole, the rest counted, the guest's changes loud", async () => {
    await fillBusyService(busy);
    const kitchen = await screens.newPage(DESK);
    await signInStaff(kitchen, busy.baseUrl, "/service/prep", "kitchen", "kitchen-feed");
    const tickets = kitchen.getByTestId("kitchen-ticket");
    await tickets.nth(8).waitFor({ timeout: 15_000 });
    expect(await tickets.count()).toBe(9);
    const ticketAt = (table: string) =>
      tickets.filter({ has: kitchen.getByTestId("ticket-table").getByText(table, { exact: true }) });

    // Eight whole on the screen, the seventh among them; the ninth is counted below the fold.
    const whole = await tickets.evaluateAll((all) =>
      all.map((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }),
    );
    expect(whole.slice(0, 8)).toEqual(Array(8).fill(true));
    expect(whole[8]).toBe(false);
    expect(await text(kitchen.getByTestId("tickets-below"))).toContain("1 ακόμη");
    // Each band is one line: a late ticket's table name is not broken by its age word.
    const late = ticketAt("Τραπέζι 4");
    expect(await late.getAttribute("data-age")).toBe("late");
    const name = late.getByTestId("ticket-table");
    expect(await name.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(40);

    // The cancellation leads the board, flashing; the late and ageing tickets follow, oldest first.
    expect(await text(tickets.first().getByTestId("ticket-table"))).toBe("Τραπέζι 1");
    expect(await tickets.first().getByTestId("ticket-cancelled").count()).toBe(1);
    expect(await tickets.nth(1).getAttribute("data-age")).toBe("late");
    expect(await tickets.nth(2).getAttribute("data-age")).toBe("warn");
    // The red banner only for what a guest changed or wrote; the dishes' own allergens are small marks.
    expect(await text(ticketAt("Τραπέζι 2").getByTestId("ticket-flagged"))).toContain("χωρίς κρεμμύδι");
    expect(await text(ticketAt("Τραπέζι 3").getByTestId("ticket-flagged"))).toContain("Αλλεργία: καρύδια");
    for (const table of ["Τραπέζι 4", "Τραπέζι 6", "Τραπέζι 7", "Τραπέζι 8"]) {
      expect(await ticketAt(table).getByTestId("ticket-flagged").count()).toBe(0);
      expect(await ticketAt(table).getByTestId("ticket-allergens").count()).toBe(1);
    }
    await screenshot(kitchen, "busy-feed-kitchen-1280x800");
    await screenshot(kitchen, "busy-feed-kitchen-1280x800-full", true);

    // The count brings the moved ticket into view, its notice whole.
    await kitchen.getByTestId("tickets-below").click();
    const moved = ticketAt("Τραπέζι 10").getByTestId("ticket-moved");
    await expect.poll(() => moved.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    expect(await text(moved)).toBe("μεταφέρθηκε στο τραπέζι 10");
    await expect.poll(() => kitchen.getByTestId("tickets-below").count()).toBe(0);
    await screenshot(kitchen, "busy-feed-kitchen-1280x800-moved");

    // A bump's toast covers no control: not the header's, not Recall, not a ticket's button.
    await kitchen.evaluate(() => window.scrollTo(0, 0));
    await ticketAt("Τραπέζι 7").getByTestId("bump-ticket").click();
    const done = toast(kitchen, "success", "Επιτυχής ειδοποίηση σερβιτόρου/ας!");
    await done.waitFor();
    await screenshot(kitchen, "busy-feed-kitchen-1280x800-toast");
    const controls = kitchen.locator(
      "header button, header a, [data-testid='open-recall'], [data-testid='bump-ticket'], [data-testid='acknowledge-cancellation']",
    );
    for (const control of await controls.all()) expect(await overlaps(done, control)).toBe(false);
  });
});
