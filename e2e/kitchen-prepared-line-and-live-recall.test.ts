import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserSession, DESK, PHONE, screenshot, signInStaff, text } from "./support/browser.ts";
import { closeAll, guestOrdersByApi, startServerAndBrowser } from "./support/journeys.ts";
import { api, signIn } from "./support/staff-api.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).

let server: RunningServer, session: BrowserSession;

const look = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, struck: style.textDecorationLine.includes("line-through") };
  });

const line = (page: Page, name: string) => page.locator(`[data-testid="ticket-line"][data-name="${name}"]`);

beforeAll(async () => {
  [server, session] = await startServerAndBrowser();
});
afterAll(() => closeAll(session, server));

describe("the kitchen's ticket", () => {
  it("greys a prepared line's preparation way with its name, and a waiting line's stays dark", async () => {
    const kitchen = await session.newPage(DESK);
    await signInStaff(kitchen, server.baseUrl, "/service/prep", "kitchen", "kitchen-feed");
    const {
      ticketIds: [ticketId],
    } = await guestOrdersByApi(server.baseUrl, "demo-4", [
      { name: "Σουβλάκι χοιρινό", way: "Καλοψημένο" },
      { name: "Μπιφτέκι μοσχαρίσιο", way: "Γεμιστό με φέτα" },
    ]);
    await kitchen.goto(`${server.baseUrl}/service/prep/${ticketId}`);
    await kitchen.getByTestId("ticket-detail").waitFor();

    await line(kitchen, "Σουβλάκι χοιρινό").getByTestId("prepare-line").click();
    await expect.poll(() => line(kitchen, "Σουβλάκι χοιρινό").getAttribute("data-status")).toBe("PREPARED");
    const prepared = line(kitchen, "Σουβλάκι χοιρινό");
    const waiting = line(kitchen, "Μπιφτέκι μοσχαρίσιο");
    expect(await text(prepared.getByTestId("option-way"))).toBe("Καλοψημένο");
    const preparedName = await look(prepared.locator("[class*=productName]"));
    const preparedWay = await look(prepared.getByTestId("option-way"));
    const waitingWay = await look(waiting.getByTestId("option-way"));
    // Done reads as done all through: the way as grey and as struck out as the name.
    expect(preparedWay).toEqual({ color: preparedName.color, struck: true });
    expect(waitingWay.struck).toBe(false);
    expect(waitingWay.color).not.toBe(preparedWay.color);
    await screenshot(kitchen, "kitchen-prepared-way-grey-1280");

    // On the board's card too.
    await kitchen.goto(`${server.baseUrl}/service/prep`);
    const card = kitchen.locator(`[data-testid="ticket-product"][data-name="Σουβλάκι χοιρινό"]`);
    await card.waitFor();
    const cardName = await look(card.locator("[class*=productName]"));
    expect(await look(card.getByTestId("option-way"))).toEqual({ color: cardName.color, struck: true });
  });

  it("shows a ticket completed while Recall is open, without reopening it", async () => {
    const kitchen = await session.newPage(DESK);
    await signInStaff(kitchen, server.baseUrl, "/service/prep", "kitchen", "kitchen-feed");
    const {
      ticketIds: [ticketId],
    } = await guestOrdersByApi(server.baseUrl, "demo-5", [{ name: "Σουβλάκι χοιρινό", way: "Μέτριο" }]);
    await kitchen.locator(`[data-testid="kitchen-ticket"]`).filter({ hasText: "Σουβλάκι" }).first().waitFor();
    await kitchen.getByTestId("open-recall").click();
    await kitchen.getByTestId("recall-panel").waitFor();
    const recalled = kitchen.locator(`[data-testid="recall-ticket"][data-ticket-id="${ticketId}"]`);
    expect(await recalled.count()).toBe(0);

    // Another tablet of the kitchen completes it meanwhile.
    const otherTablet = await signIn(server.baseUrl, "kitchen");
    await api(server.baseUrl, `/api/feed/kitchen/ticket/${ticketId}/prepare`, otherTablet, { body: {} });
    await recalled.waitFor({ timeout: 15_000 });
    expect(await text(recalled)).toContain("Ολοκληρώθηκε μόλις τώρα");
    await screenshot(kitchen, "kitchen-recall-live-1280");
  });

  it("holds a rush: 6+ tickets whole on a 1280×800 screen, the rest counted below the fold and one tap away", async () => {
    const kitchen = await session.newPage(DESK);
    await signInStaff(kitchen, server.baseUrl, "/service/prep", "kitchen", "kitchen-feed");
    const tickets = kitchen.getByTestId("kitchen-ticket");
    const before = await tickets.count();
    // A guest flags an allergy on the tzatziki; every other dish comes as the menu has it.
    await guestOrdersByApi(server.baseUrl, "demo-1", [
      { name: "Τζατζίκι", notes: "αλλεργία στα καρύδια" },
      { name: "Χωριάτικη", without: ["Κρεμμύδι"] },
    ]);
    // Enough for a fourth row on a 1280×800 screen, whose bands fall below the fold.
    const rush = ["demo-2", "demo-3", "demo-6", "demo-7", "demo-8", "demo-9", "demo-10"].flatMap((code) => [code, code]);
    for (const [i, code] of rush.entries()) {
      await guestOrdersByApi(server.baseUrl, code, [{ name: i % 2 ? "Μουσακάς" : "Κεφτεδάκια" }, { name: "Σαγανάκι" }]);
    }
    await expect.poll(() => tickets.count(), { timeout: 15_000 }).toBe(before + 1 + rush.length);
    await screenshot(kitchen, "kitchen-rush-1280x800");

    // Where each ticket stands against what the cook sees: below the sticky header, above the screen's bottom.
    const onScreen = () =>
      kitchen.evaluate(() => {
        const top = document.querySelector("[data-testid=prep-header]")?.getBoundingClientRect().bottom ?? 0;
        return [...document.querySelectorAll<HTMLElement>("[data-testid=kitchen-ticket]")].map((ticket) => {
          const card = ticket.getBoundingClientRect();
          const band = (ticket.querySelector("[data-band-of]") as HTMLElement).getBoundingClientRect();
          return {
            id: ticket.dataset.ticketId,
            whole: card.top >= top && card.bottom <= innerHeight,
            below: band.bottom > innerHeight,
            left: card.left,
          };
        });
      });
    const first = await onScreen();
    expect(first.filter((t) => t.whole).length).toBeGreaterThanOrEqual(6);
    const below = first.filter((t) => t.below);
    expect(below.length).toBeGreaterThan(0);
    const more = kitchen.getByTestId("tickets-below");
    await expect.poll(() => text(more)).toBe(`${below.length} ακόμη ↓`);

    // A dish's own allergens are small marks; only the guest's note and left-out onion get the red banner.
    const tzatziki = kitchen.locator('[data-testid="ticket-product"][data-name="Τζατζίκι"]');
    expect(await text(tzatziki.getByTestId("ticket-allergens"))).toContain("γάλα");
    expect(await text(tzatziki.getByTestId("ticket-flagged"))).toContain("αλλεργία στα καρύδια");
    const salad = kitchen.locator('[data-testid="ticket-product"][data-name="Χωριάτικη"]');
    expect(await text(salad.getByTestId("ticket-flagged"))).toContain("χωρίς κρεμμύδι");
    const plain = kitchen.locator('[data-testid="ticket-product"][data-name="Σαγανάκι"]').first();
    expect(await text(plain.getByTestId("ticket-allergens"))).toContain("γάλα");
    expect(await plain.getByTestId("ticket-flagged").count()).toBe(0);

    // One tap brings the first unseen ticket into view, whole, under the header.
    await more.click();
    await expect.poll(async () => (await onScreen()).find((t) => t.id === below[0].id)?.whole, { timeout: 5_000 }).toBe(true);
    await screenshot(kitchen, "kitchen-rush-scrolled-1280x800");
    await kitchen.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => more.count()).toBe(0);

    // Back on top, a new ticket landing below the fold is counted at once.
    await kitchen.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => text(more)).toBe(`${below.length} ακόμη ↓`);
    await guestOrdersByApi(server.baseUrl, "demo-8", [{ name: "Μουσακάς" }]);
    await expect.poll(() => text(more), { timeout: 15_000 }).toBe(`${below.length + 1} ακόμη ↓`);

    // A phone shows one column.
    await kitchen.setViewportSize(PHONE.viewport);
    await expect.poll(async () => new Set((await onScreen()).map((t) => t.left)).size).toBe(1);
    await screenshot(kitchen, "kitchen-rush-390x844");
  });
});
