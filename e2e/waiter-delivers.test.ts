import type { KitchenFeed, KitchenTicket } from "@tableorder/domain/contracts/kitchen";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diningTables, waiterRequests } from "../apps/server/src/db/schema.ts";
import { type BrowserSession, PHONE, screenshot, text } from "./support/browser.ts";
import { fillBusyService, guestAsksToPayByApi } from "./support/busy-service.ts";
import { addToBasket, closeAll, guestOrdersByApi, signInGuest, signInWaiter, startServerAndBrowser } from "./support/journeys.ts";
import { addWaiterForAllTables, api as callApi, signIn as signInWithApi } from "./support/staff-api.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a fresh `npm run build:web`: the server serves apps/web/dist.

let server: RunningServer;
let session: BrowserSession;

const signIn = (username: string) => signInWithApi(server.baseUrl, username);
const api = <T>(path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  callApi<T>(server.baseUrl, path, token, init);

/**
 * Counts the bells and vibrations a page gives (spec 2 §9's bell.wav; navigator.vibrate), in
 * place of the real ones a headless browser has no speaker or motor for.
 */
async function countArrivalAlerts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const alerts = { bells: 0, vibrations: [] as unknown[] };
    Object.assign(window, { arrivalAlerts: alerts });
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      if (new URL(this.src).pathname === "/bell.wav") alerts.bells += 1;
      return Promise.resolve();
    };
    Object.defineProperty(navigator, "vibrate", {
      value: (pattern: unknown) => {
        alerts.vibrations.push(pattern);
        return true;
      },
    });
  });
}

const arrivalAlerts = (page: Page) =>
  page.evaluate(() => (window as unknown as { arrivalAlerts: { bells: number; vibrations: unknown[] } }).arrivalAlerts);

/** Whether the element is wholly on screen, below the sticky header. */
const inView = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    return box.top >= header && box.bottom <= window.innerHeight;
  });

const task = (page: Page, type: string, table?: string) =>
  page.locator(`[data-testid="waiter-task"][data-type="${type}"]${table ? `[data-table="${table}"]` : ""}`);

describe("a waiter delivers", () => {
  beforeAll(async () => {
    [server, session] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(session, server));

  it("two waiters see a pickup live; one delivers, it vanishes for the other; a call is handled", async () => {
    // A second waiter, supervising every table.
    await addWaiterForAllTables(server.baseUrl, "waiter2");

    const w1 = await session.newPage(PHONE);
    const w2 = await session.newPage(PHONE);
    await countArrivalAlerts(w1);
    await countArrivalAlerts(w2);
    await signInWaiter(w1, server.baseUrl, "waiter");
    await signInWaiter(w2, server.baseUrl, "waiter2");
    await screenshot(w1, "waiter-feed-empty-390");
    // Waiter 2 turns the notification sound off: a call still vibrates there.
    await w2.getByTestId("open-settings").click();
    await w2.getByTestId("notification-sound").click();
    expect(await w2.getByTestId("notification-sound").getAttribute("aria-checked")).toBe("false");
    await screenshot(w2, "waiter-2-settings-sound-off-390");
    await w2.getByTestId("back-to-feed").click();
    await w2.getByTestId("waiter-feed").waitFor();

    // The guest orders a kitchen dish and water.
    const guest = await session.newPage(PHONE);
    await signInGuest(guest, server.baseUrl, "demo-4");
    await guest.getByTestId("open-menu").click();
    await addToBasket(guest, "Ορεκτικά", "Τζατζίκι");
    await addToBasket(guest, "Ποτά", "Νερό 1L");
    await guest.getByTestId("basket-bar").click();
    await guest.getByTestId("send-order").click();
    await guest.getByTestId("table-page").waitFor();
    await guest.locator('[data-testid="feed-item"][data-name="Τζατζίκι"]').waitFor();

    // The water is the waiter's to serve: a service task shows at once.
    await task(w1, "SERVICE").waitFor({ timeout: 15_000 });

    // The kitchen prepares the dish through the API: both waiters see the pickup live.
    const kitchen = await signIn("kitchen");
    const feed = await api<KitchenFeed>("/api/feed/kitchen", kitchen);
    const ticket = feed.tickets.find((t) => t.products.some((p) => p.name === "Τζατζίκι"));
    expect(ticket).toBeDefined();
    await api(`/api/feed/kitchen/ticket/${ticket?.id}/prepare`, kitchen, { method: "POST", body: {} });
    await task(w1, "PREPARATION_AREA_PICKUP").waitFor({ timeout: 15_000 });
    await task(w2, "PREPARATION_AREA_PICKUP").waitFor({ timeout: 15_000 });
    const pickup = task(w1, "PREPARATION_AREA_PICKUP");
    expect(await pickup.innerText()).toContain("Παραλαβή από Κουζίνα");
    expect(await pickup.innerText()).toContain("Τζατζίκι");
    expect(await w1.getByTestId("waiter-undo").isDisabled()).toBe(true);
    await screenshot(w1, "waiter-1-pickup-390");
    await screenshot(w2, "waiter-2-pickup-390");

    // Waiter 1 delivers; waiter 2 sees it vanish without a reload.
    await pickup.getByTestId("task-action").click();
    await w1.getByTestId("toast-success").filter({ hasText: "Επιτυχής παράδοση στο τραπέζι!" }).first().waitFor();
    await expect.poll(() => task(w1, "PREPARATION_AREA_PICKUP").count()).toBe(0);
    await expect.poll(() => task(w2, "PREPARATION_AREA_PICKUP").count(), { timeout: 15_000 }).toBe(0);
    expect(await w1.getByTestId("waiter-undo").isDisabled()).toBe(false);
    await screenshot(w1, "waiter-1-delivered-390");
    await screenshot(w2, "waiter-2-pickup-gone-390");

    // The guest's overview shows the dish delivered.
    await expect
      .poll(() => guest.locator('[data-testid="feed-item"][data-name="Τζατζίκι"]').innerText(), { timeout: 15_000 })
      .toContain("Παραδόθηκε");

    // Pickups and dishes to serve arrive quietly.
    expect(await arrivalAlerts(w1)).toEqual({ bells: 0, vibrations: [] });

    // The guest calls the waiter: waiter 1, on a short screen scrolled to the top, hears the bell,
    // feels it and sees the call come into view; waiter 2, muted, only feels it. Waiter 1 handles
    // the call, it leaves waiter 2's feed too.
    await w1.setViewportSize({ width: 390, height: 420 });
    await w1.evaluate(() => window.scrollTo(0, 0));
    await guest.getByTestId("call-waiter").click();
    await guest.getByTestId("cancel-request").waitFor();
    await task(w1, "WAITER_CALL").waitFor({ timeout: 15_000 });
    await task(w2, "WAITER_CALL").waitFor({ timeout: 15_000 });
    expect(await task(w1, "WAITER_CALL").innerText()).toContain("Κλήση σερβιτόρου");
    await expect.poll(() => inView(w1, '[data-testid="waiter-task"][data-type="WAITER_CALL"]')).toBe(true);
    await screenshot(w1, "waiter-1-call-in-view-390x420");
    expect(await arrivalAlerts(w1)).toEqual({ bells: 1, vibrations: [[200, 100, 200]] });
    await expect.poll(() => arrivalAlerts(w2)).toEqual({ bells: 0, vibrations: [[200, 100, 200]] });
    await w1.setViewportSize(PHONE.viewport);
    await screenshot(w1, "waiter-1-call-390");
    await task(w1, "WAITER_CALL").getByTestId("task-action").click();
    await w1.getByTestId("toast-success").filter({ hasText: "Επιτυχής εξυπηρέτηση αιτήματος πελάτη!" }).first().waitFor();
    await expect.poll(() => task(w2, "WAITER_CALL").count(), { timeout: 15_000 }).toBe(0);
    await guest.getByTestId("call-waiter").waitFor({ timeout: 15_000 });

    // The service task's page, the table feed and the settings.
    await task(w1, "SERVICE").getByTestId("open-task").click();
    await w1.getByTestId("waiter-task-page").waitFor();
    await screenshot(w1, "waiter-1-task-page-390");
    await w1.getByTestId("open-table-feed").click();
    await w1.getByTestId("waiter-table-feed").waitFor();
    await w1.locator('[data-testid="task-item"][data-name="Τζατζίκι"][data-status="COMPLETE"]').waitFor();
    await screenshot(w1, "waiter-1-table-feed-390");
    await w1.getByTestId("open-settings").click();
    await w1.getByTestId("waiter-tables").waitFor();
    await screenshot(w1, "waiter-1-settings-tables-390");
    await w1.getByTestId("tab-availability").click();
    // The kitchen's editor: grouped by category, with the menu's search.
    const editor = w1.getByTestId("availability-editor");
    await editor.waitFor();
    expect(await editor.getByRole("heading", { level: 3 }).allInnerTexts()).toEqual(
      expect.arrayContaining(["Ορεκτικά", "Σαλάτες", "Ποτά"]),
    );
    await screenshot(w1, "waiter-1-settings-availability-390");
    await w1.getByTestId("availability-search").fill("xoriatiki");
    const salad = editor.locator('[data-testid="availability-product"][data-name="Χωριάτικη"]');
    await expect.poll(() => editor.getByTestId("availability-product").count()).toBe(1);
    expect(await salad.count()).toBe(1);
    await salad.getByTestId("availability-dine-in").click();
    await expect.poll(() => salad.getAttribute("data-active")).toBe("false");
    await screenshot(w1, "waiter-1-settings-availability-search-390");
    await salad.getByTestId("availability-dine-in").click();
    await expect.poll(() => salad.getAttribute("data-active")).toBe("true");
  });

  it("a guest's new order shows as information below the tasks until the kitchen has prepared it (decision 041)", async () => {
    const w = await session.newPage(PHONE);
    await signInWaiter(w, server.baseUrl, "waiter");
    const count = w.getByTestId("waiter-task-count");
    await count.waitFor();
    const tasksBefore = await count.innerText();
    const order = await guestOrdersByApi(server.baseUrl, "demo-3", [{ name: "Τζατζίκι" }, { name: "Μουσακάς" }]);

    // Live, with no button, and it does not count as a task.
    const card = w.locator('[data-testid="waiter-new-order"][data-table="3"]');
    await card.waitFor({ timeout: 15_000 });
    expect(await text(card)).toContain("Παραγγελία πελάτη");
    expect(await text(card)).toContain("Τραπέζι 3");
    expect(await card.getByTestId("new-order-pieces").innerText()).toBe("2 κομμάτια σε προετοιμασία");
    expect(await card.getAttribute("data-age")).toBe("fresh");
    expect(await card.locator("button, a").count()).toBe(0);
    expect(await count.innerText()).toBe(tasksBefore);
    // Below the tasks: the service task of the first journey stays on top.
    const sequence = await w
      .locator('[data-testid="waiter-task"], [data-testid="waiter-new-order"]')
      .evaluateAll((all) => all.map((el) => el.dataset.testid));
    expect(sequence.indexOf("waiter-new-order")).toBeGreaterThan(sequence.lastIndexOf("waiter-task"));
    await card.scrollIntoViewIfNeeded();
    await screenshot(w, "waiter-new-order-390");

    // The kitchen prepares it all: the information goes, the pickup takes over.
    const kitchen = await signIn("kitchen");
    await api(`/api/feed/kitchen/ticket/${order.ticketIds[0]}/prepare`, kitchen, { method: "POST", body: {} });
    await task(w, "PREPARATION_AREA_PICKUP", "3").waitFor({ timeout: 15_000 });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
    await screenshot(w, "waiter-new-order-prepared-390");
  });

  it("a ticket ticked line by line is one pickup card; one tap delivers the water; a busy feed puts the oldest and late on top", async () => {
    const w = await session.newPage(PHONE);
    await signInWaiter(w, server.baseUrl, "waiter");
    const kitchen = await signIn("kitchen");
    const order = await guestOrdersByApi(server.baseUrl, "demo-5", [
      { name: "Τζατζίκι" },
      { name: "Τζατζίκι" },
      { name: "Μουσακάς" },
      { name: "Νερό 1L" },
    ]);
    const ticket = await api<KitchenTicket>(`/api/feed/kitchen/ticket/${order.ticketIds[0]}`, kitchen);
    const ids = ticket.products.flatMap((p) => p.orderProductIds);
    expect(ids).toHaveLength(3);

    // The cook ticks the lines one at a time: the waiter's feed keeps one card for them, growing.
    const pickup = task(w, "PREPARATION_AREA_PICKUP", "5");
    const expected = ["1× Τζατζίκι", "2× Τζατζίκι", "Μουσακάς"];
    for (const [i, id] of ids.entries()) {
      await api(`/api/feed/kitchen/ticket/${ticket.id}/prepare-products`, kitchen, {
        method: "POST",
        body: { orderProductIds: [id] },
      });
      await expect
        .poll(() => pickup.count().then(async (n) => (n ? text(pickup) : "")), { timeout: 15_000 })
        .toContain(expected[i]);
      expect(await pickup.count()).toBe(1);
    }
    await screenshot(w, "waiter-one-pickup-per-ticket-390");

    // The water is served straight: one tap, and it is delivered.
    const water = task(w, "SERVICE", "5");
    await water.getByTestId("task-action").click();
    await w.getByTestId("toast-success").filter({ hasText: "Επιτυχής παράδοση στο τραπέζι!" }).first().waitFor();
    await expect.poll(() => water.count()).toBe(0);
    const waiter = await signIn("waiter");
    const feed = await api<{ tableFeed: { name: string; status: string }[] }>(
      `/api/feed/table/${order.tableId}/products`,
      waiter,
    );
    expect(feed.tableFeed.find((line) => line.name === "Νερό 1L")?.status).toBe("COMPLETE");

    // A busy evening: five more tables each with a pickup and a water to serve, some waiting long.
    for (const n of [6, 7, 8, 9, 10]) {
      const more = await guestOrdersByApi(server.baseUrl, `demo-${n}`, [{ name: "Τζατζίκι" }, { name: "Νερό 1L" }]);
      await api(`/api/feed/kitchen/ticket/${more.ticketIds[0]}/prepare`, kitchen, { method: "POST", body: {} });
    }
    const tables = await server.db
      .select()
      .from(diningTables)
      .where(inArray(diningTables.code, ["demo-8", "demo-9"]));
    const byCode = new Map(tables.map((t) => [t.code, t.id]));
    const backdate = (code: string, minutes: number) =>
      server.db
        .update(waiterRequests)
        .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(and(eq(waiterRequests.tableId, byCode.get(code) as number), eq(waiterRequests.status, "ACTIVE")));
    await backdate("demo-8", 12);
    await backdate("demo-9", 25);
    await w.reload();
    await w.locator('[data-testid="waiter-task"][data-table="10"]').nth(1).waitFor({ timeout: 15_000 });
    const cards = w.getByTestId("waiter-task");
    expect(await cards.count()).toBeGreaterThanOrEqual(11);
    expect(await cards.evaluateAll((all) => all.slice(0, 4).map((el) => [el.dataset.table, el.dataset.age]))).toEqual([
      ["9", "late"],
      ["9", "late"],
      ["8", "warn"],
      ["8", "warn"],
    ]);
    expect(await cards.first().textContent()).toContain("Καθυστέρηση");
    expect(await cards.evaluateAll((all) => all.slice(4).every((el) => el.dataset.age === "fresh"))).toBe(true);
    await screenshot(w, "waiter-busy-feed-390");
    await screenshot(w, "waiter-busy-feed-390-full", true);
  });
});

describe("a busy evening (issue 31)", () => {
  let busy: RunningServer;
  let screens: BrowserSession;

  beforeAll(async () => {
    [busy, screens] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(screens, busy));

  it("the waiter's feed puts the guests waiting on top, oldest first, and the newest payment request comes into view", async () => {
    const { lastToPay } = await fillBusyService(busy);
    const w = await screens.newPage(PHONE);
    await countArrivalAlerts(w);
    await signInWaiter(w, busy.baseUrl, "waiter");
    const cards = w.getByTestId("waiter-task");
    await cards.nth(10).waitFor({ timeout: 15_000 });
    expect(await cards.count()).toBe(11);
    const order = () => cards.evaluateAll((all) => all.map((el) => `${el.dataset.type} ${el.dataset.table} ${el.dataset.age}`));
    // Guests waiting in person first, then food to carry; each kind oldest first, late ones in red.
    expect((await order()).slice(0, 6)).toEqual([
      "WAITER_CALL 4 warn",
      "PAYMENT 6 fresh",
      "WAITER_CALL 5 fresh",
      "PREPARATION_AREA_PICKUP 1 late",
      "PREPARATION_AREA_PICKUP 2 warn",
      "SERVICE 8 fresh",
    ]);
    expect(await inView(w, '[data-testid="waiter-task"][data-type="WAITER_CALL"][data-table="4"]')).toBe(true);
    await screenshot(w, "busy-feed-waiter-390x844");
    await screenshot(w, "busy-feed-waiter-390x844-full", true);

    // Reading the new orders at the bottom, the waiter hears the newest payment request and sees it
    // come into view, with the guests already waiting.
    await w.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await guestAsksToPayByApi(busy.baseUrl, lastToPay);
    const newest = '[data-testid="waiter-task"][data-type="PAYMENT"][data-table="7"]';
    await w.locator(newest).waitFor({ timeout: 15_000 });
    expect((await order()).slice(0, 4)).toEqual([
      "WAITER_CALL 4 warn",
      "PAYMENT 6 fresh",
      "WAITER_CALL 5 fresh",
      "PAYMENT 7 fresh",
    ]);
    await expect.poll(() => inView(w, newest)).toBe(true);
    expect(await arrivalAlerts(w)).toEqual({ bells: 1, vibrations: [[200, 100, 200]] });
    await screenshot(w, "busy-feed-waiter-390x844-new-payment");

    // A delivery's toast, looked at: under the header, it still lies over the top of the feed
    // (issue 31's "never cover a control" is not met here yet).
    await task(w, "PREPARATION_AREA_PICKUP", "1").getByTestId("task-action").click();
    await w.getByTestId("toast-success").filter({ hasText: "Επιτυχής παράδοση στο τραπέζι!" }).first().waitFor();
    await screenshot(w, "busy-feed-waiter-390x844-toast");
  });
});
