import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, DESK, guestOrders, PHONE, screenshot, signInStaff, text } from "./support/browser.ts";
import { api, signIn } from "./support/staff-api.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).

let server: RunningServer;
let session: BrowserSession;

const card = (page: Page, dish: string) => page.getByTestId("kitchen-ticket").filter({ hasText: dish });

describe("the kitchen follows a table transfer (issue 28 A1)", () => {
  beforeAll(async () => {
    server = await startServer();
    session = await BrowserSession.launch();
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it("a ticket on the board moves to the new table live and says so", async () => {
    const kitchen = await session.newPage(DESK);
    await signInStaff(kitchen, server.baseUrl, "/service/prep", "kitchen", "kitchen-feed");
    const guest = await session.newPage(PHONE);
    await guestOrders(guest, server.baseUrl, "demo-4", [["Ορεκτικά", "Τζατζίκι", 1]]);
    await card(kitchen, "Τζατζίκι").waitFor({ timeout: 15_000 });
    expect(await text(card(kitchen, "Τζατζίκι").getByTestId("ticket-table"))).toBe("Τραπέζι 4");
    expect(await card(kitchen, "Τζατζίκι").getByTestId("ticket-moved").count()).toBe(0);

    const waiter = await signIn(server.baseUrl, "waiter");
    const admin = await signIn(server.baseUrl, "admin");
    const tables = await api<{ id: number; label: string }[]>(server.baseUrl, "/api/crm/tables", admin);
    const [from, to] = ["4", "5"].map((label) => tables.find((t) => t.label === label)?.id);
    await api(server.baseUrl, "/api/feed/transfer-table", waiter, { body: { tableId: from, targetTableId: to } });

    await expect.poll(() => text(card(kitchen, "Τζατζίκι").getByTestId("ticket-table")), { timeout: 15_000 }).toBe("Τραπέζι 5");
    expect(await text(card(kitchen, "Τζατζίκι").getByTestId("ticket-moved"))).toBe("μεταφέρθηκε στο τραπέζι 5");
    await screenshot(kitchen, "kitchen-ticket-moved-1280x800");
    await kitchen.setViewportSize(PHONE.viewport);
    await screenshot(kitchen, "kitchen-ticket-moved-390");
  });
});
