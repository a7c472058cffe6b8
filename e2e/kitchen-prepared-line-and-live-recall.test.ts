import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, DESK, screenshot, signInStaff, text } from "./support/browser.ts";
import { guestOrdersByApi } from "./support/journeys.ts";
import { api, signIn } from "./support/staff-api.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).

let server: RunningServer;
let session: BrowserSession;

const look = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, struck: style.textDecorationLine.includes("line-through") };
  });

const line = (page: Page, name: string) => page.locator(`[data-testid="ticket-line"][data-name="${name}"]`);

beforeAll(async () => {
  server = await startServer();
  session = await BrowserSession.launch();
});
afterAll(async () => {
  await session?.close();
  await server?.close();
});

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
});
