import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments } from "../apps/server/src/db/schema.ts";
import { type BrowserSession, DESK, PHONE, screenshot, signInStaff, text, toast } from "./support/browser.ts";
import { closeAll, guestOrdersByApi, signInWaiter, startServerAndBrowser, waiterAddsBySearch } from "./support/journeys.ts";
import { expectControlledByServiceWorker, goOffline, goOnline } from "./support/offline.ts";
import { addWaiterForAllTables, api, signIn } from "./support/staff-api.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).

let server: RunningServer;
let session: BrowserSession;

const banner = (page: Page) => page.getByTestId("staff-outbox-banner");

/** The kitchen board's tickets as the server has them now. */
async function kitchenTicketsServerSide(): Promise<{ id: number; products: { name: string; status: string }[] }[]> {
  const token = await signIn(server.baseUrl, "kitchen");
  const feed = await api<{ tickets: { id: number; products: { name: string; status: string }[] }[] }>(
    server.baseUrl,
    "/api/feed/kitchen",
    token,
  );
  return feed.tickets;
}

describe("staff actions taken while the Wi-Fi is down are kept on the device and sent once (issue 31)", () => {
  beforeAll(async () => {
    [server, session] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(session, server));

  it("a waiter offline orders for a table and collects cash, reloads in the dead spot (the app opens from its service worker), and on return the kitchen gets the order once and the payment is recorded once", async () => {
    // The table already has a Τζατζίκι (5.50) from its guest.
    const { tableId } = await guestOrdersByApi(server.baseUrl, "demo-6", [{ name: "Τζατζίκι" }]);
    const waiter = await session.newPage(PHONE);
    await signInWaiter(waiter, server.baseUrl);
    await waiter.getByTestId("open-tables").click();
    await waiter.locator('[data-testid="select-table-row"][data-label="6"]').click();
    await waiter.getByTestId("waiter-table-feed").waitFor();
    await expect.poll(() => text(waiter.getByTestId("table-unpaid"))).toContain("5,50");
    // The screens the waiter will use offline were opened once tonight: their code is on the phone
    // (the staff service worker, not this journey's subject, keeps it across reloads).
    await waiter.getByTestId("collect-table").click();
    await waiter.getByTestId("payment-type-full").click();
    await waiter.getByTestId("payment-method-cash").click();
    await waiter.getByTestId("finalize-payment").waitFor();
    for (let back = 0; back < 3; back++) await waiter.goBack();
    await waiter.getByTestId("waiter-table-feed").waitFor();
    await waiter.getByTestId("order-for-table").click();
    await waiterAddsBySearch(waiter, "Μουσ", "Μουσακάς");
    await waiter.getByTestId("basket-bar").click();
    await waiter.getByTestId("send-order").waitFor();

    // The connection drops: the banner says so within 2 s, and the dot is no longer green.
    await expectControlledByServiceWorker(waiter);
    await goOffline(waiter.context());
    await banner(waiter).waitFor({ timeout: 2_000 });
    expect(await text(banner(waiter))).toContain("Χωρίς σύνδεση");
    expect(await waiter.getByTestId("realtime-status").getAttribute("data-status")).toBe("DISCONNECTED");

    // The order for the table: kept, and the waiter moves on.
    await waiter.getByTestId("send-order").click();
    await toast(waiter, "info", "η ενέργεια κρατήθηκε").waitFor();
    await expect.poll(() => banner(waiter).getAttribute("data-waiting")).toBe("1");

    // Back at the table, still offline: what the server does not know yet is on its screen too.
    await waiter.getByTestId("back-to-feed").click();
    await waiter.getByTestId("open-tables").click();
    await waiter.locator('[data-testid="select-table-row"][data-label="6"]').click();
    await waiter.getByTestId("waiter-table-feed").waitFor();
    await waiter.getByTestId("waiting-action").first().waitFor();
    expect(await text(waiter.getByTestId("waiting-actions"))).toContain("Παραγγελία για τραπέζι · 1 προϊόν");
    await screenshot(waiter, "waiter-offline-table-waiting-390");

    // The Τζατζίκι collected in cash: the button says it waits to be sent instead of spinning.
    await waiter.getByTestId("collect-table").click();
    await waiter.getByTestId("payment-type-full").click();
    await waiter.getByTestId("payment-method-cash").click();
    await waiter.getByTestId("finalize-payment").waitFor();
    await waiter.getByTestId("collect").click();
    await expect.poll(() => waiter.getByTestId("collect").getAttribute("data-waiting")).toBe("true");
    expect(await text(waiter.getByTestId("collect"))).toBe("Σε αναμονή αποστολής");
    await expect.poll(() => banner(waiter).getAttribute("data-waiting")).toBe("2");
    expect(await text(banner(waiter))).toContain("Χωρίς σύνδεση · 2 ενέργειες σε αναμονή");
    expect(await waiter.getByTestId("realtime-status").getAttribute("data-status")).toBe("DISCONNECTED");
    await screenshot(waiter, "waiter-offline-collect-waiting-390");

    // A reload in the dead spot: the app opens from its service worker with the table as last
    // seen, and both actions are still on the device; nothing reached the server meanwhile.
    await waiter.reload();
    await expect.poll(() => banner(waiter).getAttribute("data-waiting")).toBe("2");
    expect(await text(banner(waiter))).toContain("Χωρίς σύνδεση · 2 ενέργειες σε αναμονή");
    // The collection kept before the reload is still marked, not offered a second time.
    await expect.poll(() => waiter.getByTestId("collect").getAttribute("data-waiting")).toBe("true");
    await screenshot(waiter, "waiter-offline-after-reload-390");
    expect(await server.db.select().from(payments).where(eq(payments.tableId, tableId))).toHaveLength(0);

    // The connection is back: both are sent, in order, once; the waiter is told.
    await goOnline(waiter.context());
    await toast(waiter, "success", "Στάλθηκαν 2 ενέργειες").waitFor({ timeout: 15_000 });
    await banner(waiter).waitFor({ state: "detached" });
    await expect
      .poll(() => waiter.getByTestId("realtime-status").getAttribute("data-status"), { timeout: 15_000 })
      .toBe("CONNECTED");

    const mousakas = (await kitchenTicketsServerSide()).filter((ticket) =>
      ticket.products.some((product) => product.name === "Μουσακάς"),
    );
    expect(mousakas).toHaveLength(1);
    expect(mousakas[0]?.products.filter((product) => product.name === "Μουσακάς")).toHaveLength(1);
    const recorded = await server.db
      .select()
      .from(payments)
      .where(and(eq(payments.tableId, tableId), eq(payments.status, "COMPLETED")));
    expect(recorded.map((payment) => [payment.amountCents, payment.cashCents])).toEqual([[550, 550]]);
    const token = await signIn(server.baseUrl, "waiter");
    const table = await api<{ totalUnpaidPrice: number; totalUnpaidCount: number }>(
      server.baseUrl,
      `/api/feed/table/${tableId}/products`,
      token,
    );
    // The Τζατζίκι is paid; the waiter's Μουσακάς (13.00) is on the bill, unpaid.
    expect([table.totalUnpaidCount, table.totalUnpaidPrice]).toEqual([1, 1300]);
  });

  it("a collection kept offline that another waiter took meanwhile is refused on return, said in words, and nothing is charged twice", async () => {
    const { tableId } = await guestOrdersByApi(server.baseUrl, "demo-7", [{ name: "Τζατζίκι" }]);
    const waiter = await session.newPage(PHONE);
    await signInWaiter(waiter, server.baseUrl);
    await waiter.getByTestId("open-tables").click();
    await waiter.locator('[data-testid="select-table-row"][data-label="7"]').click();
    await waiter.getByTestId("waiter-table-feed").waitFor();
    await waiter.getByTestId("collect-table").click();
    await waiter.getByTestId("payment-type-full").click();
    await waiter.getByTestId("payment-method-cash").click();
    await waiter.getByTestId("finalize-payment").waitFor();

    await goOffline(waiter.context());
    await waiter.getByTestId("collect").click();
    await expect.poll(() => waiter.getByTestId("collect").getAttribute("data-waiting")).toBe("true");

    // Meanwhile a colleague collects the same Τζατζίκι from their own phone.
    await addWaiterForAllTables(server.baseUrl, "waiter2");
    const colleague = await signIn(server.baseUrl, "waiter2");
    await api(server.baseUrl, `/api/feed/table/${tableId}/complete-orders?payAll=true`, colleague, {
      body: { discountAmount: 0, cashAmount: 550, cardAmount: 0, onCreditAmount: 0, isGift: false },
      headers: { "Idempotency-Key": "colleague-collects-7" },
    });

    // Back online: the kept collection is answered with a refusal, said with its name and reason,
    // and the waiter is back at the table.
    await goOnline(waiter.context());
    const refused = toast(waiter, "error", "Είσπραξη: δεν έγινε");
    await refused.waitFor({ timeout: 15_000 });
    await screenshot(waiter, "waiter-offline-collect-refused-390");
    await waiter.getByTestId("waiter-table-feed").waitFor();
    const recorded = await server.db
      .select()
      .from(payments)
      .where(and(eq(payments.tableId, tableId), eq(payments.status, "COMPLETED")));
    expect(recorded.map((payment) => payment.amountCents)).toEqual([550]);
  });

  it("a cook checks a line offline: ticked and marked waiting on the ticket and on the board, prepared on the server once back", async () => {
    const { ticketIds } = await guestOrdersByApi(server.baseUrl, "demo-5", [{ name: "Χωριάτικη" }, { name: "Μουσακάς" }]);
    const ticketId = ticketIds[0] as number;
    const kitchen = await session.newPage(DESK);
    await signInStaff(kitchen, server.baseUrl, "/service/prep", "kitchen", "kitchen-feed");
    const card = kitchen.locator(`[data-testid="kitchen-ticket"][data-ticket-id="${ticketId}"]`);
    await card.getByTestId("ticket-table").click();
    const line = kitchen.locator('[data-testid="ticket-line"][data-name="Χωριάτικη"]');
    await line.waitFor();

    await goOffline(kitchen.context());
    await banner(kitchen).waitFor({ timeout: 2_000 });
    await line.getByTestId("prepare-line").click();
    await expect.poll(() => line.getAttribute("data-waiting")).toBe("true");
    expect(await line.getAttribute("data-status")).toBe("PREPARED");
    expect(await text(line.getByTestId("line-waiting"))).toBe("Σε αναμονή αποστολής");
    await screenshot(kitchen, "kitchen-offline-line-checked-1280");
    await kitchen.goBack();
    const product = card.locator('[data-testid="ticket-product"][data-name="Χωριάτικη"]');
    await expect.poll(() => product.getAttribute("data-waiting")).toBe("true");
    expect(await product.getAttribute("data-status")).toBe("PREPARED");
    const onServer = async () =>
      (await kitchenTicketsServerSide()).find((ticket) => ticket.id === ticketId)?.products.map((p) => [p.name, p.status]);
    expect(await onServer()).toContainEqual(["Χωριάτικη", "SENT"]);

    await goOnline(kitchen.context());
    await toast(kitchen, "success", "Στάλθηκε 1 ενέργεια").waitFor({ timeout: 15_000 });
    await expect.poll(onServer).toContainEqual(["Χωριάτικη", "PREPARED"]);
    await expect.poll(() => product.getAttribute("data-waiting")).toBeNull();
    expect(await product.getAttribute("data-status")).toBe("PREPARED");
  });

  it("a cook bumps three tickets offline; each leaves the board marked waiting, and after the reconnect the board and the server agree", async () => {
    for (const [code, dish] of [
      ["demo-2", "Χωριάτικη"],
      ["demo-3", "Μουσακάς"],
      ["demo-4", "Τζατζίκι"],
    ] as const) {
      await guestOrdersByApi(server.baseUrl, code, [{ name: dish }]);
    }
    const kitchen = await session.newPage(DESK);
    await signInStaff(kitchen, server.baseUrl, "/service/prep", "kitchen", "kitchen-feed");
    const tickets = kitchen.getByTestId("kitchen-ticket");
    await expect.poll(() => tickets.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const before = await kitchenTicketsServerSide();
    const bumped = before.slice(0, 3).map((ticket) => ticket.id);

    await goOffline(kitchen.context());
    await banner(kitchen).waitFor({ timeout: 2_000 });
    for (const id of bumped) {
      const card = kitchen.locator(`[data-testid="kitchen-ticket"][data-ticket-id="${id}"]`);
      await card.getByTestId("bump-ticket").click();
      // It leaves the board as the server will take it off, listed above it as waiting to be sent.
      await card.waitFor({ state: "detached" });
      const leaving = kitchen.locator(`[data-testid="leaving-ticket"][data-ticket-id="${id}"]`);
      expect(await text(leaving)).toContain("Σε αναμονή αποστολής");
    }
    expect(await text(banner(kitchen))).toContain("Χωρίς σύνδεση · 3 ενέργειες σε αναμονή");
    await screenshot(kitchen, "kitchen-offline-bumps-waiting-1280");
    // Still on the server's board: nothing was sent.
    expect((await kitchenTicketsServerSide()).map((ticket) => ticket.id)).toEqual(expect.arrayContaining(bumped));

    await goOnline(kitchen.context());
    await toast(kitchen, "success", "Στάλθηκαν 3 ενέργειες").waitFor({ timeout: 15_000 });
    const left = before.filter((ticket) => !bumped.includes(ticket.id)).map((ticket) => ticket.id);
    await expect.poll(async () => (await kitchenTicketsServerSide()).map((ticket) => ticket.id)).toEqual(left);
    await expect
      .poll(async () =>
        (await tickets.evaluateAll((cards) => cards.map((card) => Number(card.getAttribute("data-ticket-id"))))).sort(),
      )
      .toEqual([...left].sort());
    await banner(kitchen).waitFor({ state: "detached" });
    await kitchen.getByTestId("kitchen-leaving").waitFor({ state: "detached" });
  });
});
