import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { printRequest } from "../apps/print-agent/src/protocol.ts";
import {
  kitchenTickets,
  orderProducts,
  preparationAreas,
  products,
  retailers,
  waiterRequests,
} from "../apps/server/src/db/schema.ts";
import { DEMO_AREA_NAMES } from "../apps/server/src/seed/seed-demo.ts";
import type { KitchenFeed } from "../packages/domain/src/contracts/kitchen.ts";
import type { MenuCategory } from "../packages/domain/src/contracts/menu.ts";
import type { TableState } from "../packages/domain/src/contracts/table.ts";
import { type BrowserSession, PHONE, screenshot, screenshotBothOrientations } from "./support/browser.ts";
import {
  addToBasket,
  closeAll,
  expectStatus,
  openMenu,
  sendBasket,
  signInGuest,
  signInKitchen,
  startServerAndBrowser,
} from "./support/journeys.ts";
import { api as callApi, signIn as signInWithApi } from "./support/staff-api.ts";
import type { RunningServer } from "./support/start-server.ts";

// Needs a fresh `npm run build:web`: the server serves apps/web/dist.
const TABLET = { viewport: { width: 1280, height: 800 }, hasTouch: true, deviceScaleFactor: 1 } as const;
const WAITER_NOTIFIED = "Επιτυχής ειδοποίηση σερβιτόρου/ας!";
const PRICE_REQUIRED = "Απαιτείται συμπλήρωση τιμής για ενεργοποίηση διαθεσιμότητας";

let server: RunningServer, session: BrowserSession;

// Playwright's innerText: what a reader sees.
const text = (locator: Locator) => locator.innerText();

// ---- API helpers (what a waiter app or a check in the database would do) ----

const signIn = (username: string) => signInWithApi(server.baseUrl, username);
const api = <T>(path: string, token: string | null, init: Parameters<typeof callApi>[3] = {}) =>
  callApi<T>(server.baseUrl, path, token, init);

const pageToken = (page: Page) =>
  page.evaluate(() => localStorage.getItem("authenticationToken") ?? sessionStorage.getItem("authenticationToken"));

async function kitchenFeed(): Promise<KitchenFeed> {
  return api<KitchenFeed>("/api/feed/kitchen", await signIn("kitchen"));
}

/** The waiter orders for the table through the API (the waiter's screens come later). */
async function waiterOrder(
  tableId: number,
  lines: Array<{ name: string; quantity: number; without?: string[]; extras?: string[]; notes?: string }>,
) {
  const token = await signIn("waiter");
  const menu = await api<MenuCategory[]>(`/api/cq-table/${tableId}/menu`, token);
  const all = menu.flatMap((category) => category.products);
  const body = lines.map((line) => {
    const product = all.find((p) => p.name === line.name);
    if (!product) throw new Error(`no product ${line.name} on the menu`);
    return {
      id: product.id,
      quantity: line.quantity,
      basicIngredientIds: product.basicIngredients.filter((i) => !line.without?.includes(i.name)).map((i) => i.id),
      extraIngredientIds: product.extraIngredients.filter((i) => line.extras?.includes(i.name)).map((i) => i.id),
      notes: line.notes ?? "",
    };
  });
  return api<{ orderId: number; ticketIds: number[] }>(`/api/orders/${tableId}`, token, {
    body,
    headers: { "Idempotency-Key": `e2e-${Date.now()}-${Math.random()}` },
  });
}

// ---- guest UI helpers ----

// ---- kitchen UI helpers ----

const ticketCard = (page: Page, ticketId: number) => page.locator(`[data-testid="kitchen-ticket"][data-ticket-id="${ticketId}"]`);
const undoSize = async (page: Page) => Number(await page.getByTestId("undo").getAttribute("data-size"));

async function openSettings(page: Page): Promise<Locator> {
  const panel = page.getByTestId("prep-settings-panel");
  if ((await panel.count()) === 0) await page.getByTestId("prep-settings").click();
  await panel.waitFor();
  return panel;
}

async function closeSettings(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await page.getByTestId("prep-settings-panel").waitFor({ state: "detached" });
}

/** Counts bell plays; the tablet's browser may refuse sound without a gesture, the try still counts. */
async function countBell(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { bellRings: number };
    w.bellRings = 0;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (this.src.endsWith("/bell.wav")) w.bellRings++;
      return play.call(this);
    };
  });
}
const bellRings = (page: Page) => page.evaluate(() => (window as unknown as { bellRings: number }).bellRings);

// ---- a print agent that speaks the protocol, records jobs, and fails on demand ----

interface RecordedJob {
  id: string;
  printerIp: string;
  job: {
    kind: string;
    ticket: { id?: number; ticketId: number; products: Array<{ notes: string }> };
    cancelled?: Array<{ name: string; quantity: number }>;
    bigLetters: boolean;
  };
}

async function startFakeAgent() {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  const jobs: RecordedJob[] = [];
  const attempts: RecordedJob[] = [];
  const invalid: unknown[] = [];
  let answer: { ok: true } | { ok: false; error: string; message: string } = { ok: true };
  // A printer that refuses some tickets (a jam, a cut-off job) while it prints the others.
  let refuses: (job: RecordedJob["job"]) => boolean = () => false;
  wss.on("connection", (ws) => {
    ws.send(JSON.stringify({ type: "hello", version: "e2e" }));
    ws.on("message", (data) => {
      const message = JSON.parse(String(data));
      if (message.type === "ping") {
        ws.send(JSON.stringify({ type: "pong", version: "e2e" }));
        return;
      }
      // The real agent's own schema: what the screen sends must be what the agent accepts.
      const parsed = printRequest.safeParse(message);
      if (!parsed.success) {
        invalid.push(message);
        ws.send(
          JSON.stringify({ type: "result", id: message.id, ok: false, error: "invalid_job", message: parsed.error.message }),
        );
        return;
      }
      attempts.push(message);
      const result = refuses(message.job) ? { ok: false, error: "printer_unreachable", message: "paper jam" } : answer;
      if (result.ok) jobs.push(message);
      setTimeout(() => ws.send(JSON.stringify({ type: "result", id: message.id, ...result })), 50);
    });
  });
  const port = (wss.address() as AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    jobs,
    attempts,
    invalid,
    answerWith(next: typeof answer) {
      answer = next;
    },
    refuseWhen(next: typeof refuses) {
      refuses = next;
    },
    printedTickets: (kind = "kitchen-ticket") => jobs.filter((j) => j.job.kind === kind).map((j) => j.job.ticket.id),
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

describe("preparation area", () => {
  let guest: Page;
  let kitchen: Page;
  let tableId: number;
  let kitchenLoads = 0;

  beforeAll(async () => {
    [server, session] = await startServerAndBrowser();
  });
  afterAll(() => closeAll(session, server));

  it("shows only this area's tickets, live, and works a ticket through prepare, revert, 'All ready' and undo", async () => {
    kitchen = await session.newPage(TABLET);
    await countBell(kitchen);
    await signInKitchen(kitchen, server.baseUrl);
    await kitchen.getByTestId("kitchen-empty").waitFor();
    kitchen.on("load", () => kitchenLoads++);

    // The preparation app installs as its own web app.
    const manifestHref = await kitchen.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href);
    expect(manifestHref).toBe(`${server.baseUrl}/prep.webmanifest`);
    const manifest = await api<{ start_url: string; display: string; icons: Array<{ src: string; sizes: string }> }>(
      "/prep.webmanifest",
      null,
    );
    expect(manifest.start_url).toBe("/service/prep");
    expect(["fullscreen", "standalone"]).toContain(manifest.display);
    for (const icon of manifest.icons) expect((await fetch(`${server.baseUrl}${icon.src}`)).status).toBe(200);
    const bell = await fetch(`${server.baseUrl}/bell.wav`);
    expect(bell.status).toBe(200);
    expect((await bell.arrayBuffer()).byteLength).toBeLessThan(40_000);
    await screenshotBothOrientations(kitchen, "prep-empty");

    // A guest at table 2 orders a kitchen dish and a bar drink.
    guest = await session.newPage(PHONE);
    await signInGuest(guest, server.baseUrl, "demo-2");
    await openMenu(guest);
    await addToBasket(guest, "Ορεκτικά", "Τζατζίκι");
    await addToBasket(guest, "Ποτά", "Freddo espresso");
    await sendBasket(guest);
    const guestToken = (await pageToken(guest)) as string;
    tableId = (await api<{ tableId: number }>("/api/cq-table/code/demo-2", guestToken)).tableId;

    const guestTicket = kitchen.getByTestId("kitchen-ticket").filter({ hasText: "Τζατζίκι" });
    await guestTicket.waitFor({ timeout: 15_000 });
    expect(await text(guestTicket)).toContain("Τραπέζι 2");
    expect(await text(guestTicket.getByTestId("ticket-sender"))).toBe("Πελάτης");
    expect(await text(guestTicket.getByTestId("ticket-elapsed"))).toBe("0'");
    expect(await text(guestTicket.getByTestId("ticket-allergens"))).toContain("γάλα");
    expect(await guestTicket.getAttribute("data-age")).toBe("fresh");
    expect(await text(kitchen.getByTestId("kitchen-feed"))).not.toContain("Freddo");
    await expect.poll(() => bellRings(kitchen)).toBe(1);

    // The waiter orders for the same table: a salad as the guest likes it, two moussakas, a coffee.
    const waiterSent = await waiterOrder(tableId, [
      { name: "Χωριάτικη", quantity: 1, without: ["Κρεμμύδι"], extras: ["Κάπαρη"], notes: "χωρίς αλάτι" },
      { name: "Μουσακάς", quantity: 2 },
      { name: "Freddo espresso", quantity: 1 },
    ]);
    const feedNow = await kitchenFeed();
    const waiterTicketId = feedNow.tickets.find((t) => waiterSent.ticketIds.includes(t.id))?.id as number;
    expect(waiterTicketId).toBeTruthy();
    const waiterTicket = ticketCard(kitchen, waiterTicketId);
    await waiterTicket.waitFor({ timeout: 15_000 });
    const waiterText = await text(waiterTicket);
    expect(waiterText).toContain("Σερβιτόρος · Νίκος Γεωργίου");
    expect(waiterText).toContain("χωρίς κρεμμύδι");
    expect(waiterText).toContain("+ Κάπαρη");
    expect(waiterText).toContain("χωρίς αλάτι");
    expect(waiterText).toContain("2×");
    expect(waiterText).toContain("Στο τραπέζι");
    expect(await text(kitchen.getByTestId("kitchen-feed"))).not.toContain("Freddo");
    expect(await text(kitchen.getByTestId("kitchen-ticket-count"))).toBe("2 παραγγελίες");
    await expect.poll(() => bellRings(kitchen)).toBe(2);
    await screenshotBothOrientations(kitchen, "prep-feed");

    // The cook opens the waiter's ticket: waiting lines with a check each, and 'All ready'.
    await waiterTicket.click();
    await kitchen.getByTestId("ticket-detail").waitFor();
    expect(new URL(kitchen.url()).pathname).toBe(`/service/prep/${waiterTicketId}`);
    const line = (name: string) => kitchen.locator(`[data-testid="ticket-line"][data-name="${name}"]`);
    expect(await line("Μουσακάς").getAttribute("data-status")).toBe("SENT");
    await screenshotBothOrientations(kitchen, "prep-ticket");

    // One product prepared: it moves below the waiting ones, and the undo stack holds it.
    await line("Μουσακάς").getByTestId("prepare-line").click();
    await expect.poll(() => line("Μουσακάς").getAttribute("data-status")).toBe("PREPARED");
    const statuses = await kitchen
      .getByTestId("ticket-line")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-status")));
    expect(statuses).toEqual(["SENT", "PREPARED"]);
    expect(await undoSize(kitchen)).toBe(1);
    await screenshot(kitchen, "prep-ticket-one-prepared-1280");

    // ... and reverted: back to waiting, and off the undo stack.
    await line("Μουσακάς").getByTestId("revert-line").click();
    await expect.poll(() => line("Μουσακάς").getAttribute("data-status")).toBe("SENT");
    await expect.poll(() => undoSize(kitchen)).toBe(0);
    expect(await kitchen.getByTestId("undo").isDisabled()).toBe(true);

    // 'All ready': the waiter is notified, the screen returns to the feed and the ticket is gone.
    await kitchen.getByTestId("all-ready").click();
    await kitchen.getByTestId("toast-success").filter({ hasText: WAITER_NOTIFIED }).waitFor();
    await expect.poll(() => new URL(kitchen.url()).pathname).toBe("/service/prep");
    await waiterTicket.waitFor({ state: "detached" });
    expect(await kitchen.getByTestId("kitchen-ticket").count()).toBe(1);
    expect(await undoSize(kitchen)).toBe(1);
    await screenshot(kitchen, "prep-after-all-ready-1280");

    // The prepared dishes wait for the waiter: a pickup task, and PREPARED on the guest's table.
    const pickups = await server.db
      .select()
      .from(waiterRequests)
      .where(
        and(
          eq(waiterRequests.tableId, tableId),
          eq(waiterRequests.type, "PREPARATION_AREA_PICKUP"),
          eq(waiterRequests.status, "ACTIVE"),
        ),
      );
    expect(pickups.flatMap((p) => p.items)).toHaveLength(3);
    /** The statuses of a dish's pieces on the guest's table. */
    const statusOf = async (name: string) => {
      const feed = await api<TableState>(`/api/orders/${tableId}/feed`, guestToken);
      return [...new Set(feed.tableFeed.filter((i) => i.name === name).map((i) => i.status))];
    };
    expect(await statusOf("Μουσακάς")).toEqual(["PREPARED"]);
    expect(await statusOf("Χωριάτικη")).toEqual(["PREPARED"]);
    expect(await statusOf("Freddo espresso")).toEqual(["SENT"]);

    // Undo brings the ticket back to the feed, every line waiting again, and the pickup is withdrawn.
    await kitchen.getByTestId("undo").click();
    await kitchen.getByTestId("toast-success").filter({ hasText: "Η τελευταία ενέργεια αναιρέθηκε." }).waitFor();
    await waiterTicket.waitFor({ timeout: 15_000 });
    expect(await waiterTicket.locator('[data-testid="ticket-product"][data-status="PREPARED"]').count()).toBe(0);
    expect(await statusOf("Μουσακάς")).toEqual(["SENT"]);
    const stillActive = await server.db
      .select()
      .from(waiterRequests)
      .where(and(eq(waiterRequests.tableId, tableId), eq(waiterRequests.status, "ACTIVE")));
    expect(stillActive.filter((r) => r.type === "PREPARATION_AREA_PICKUP")).toHaveLength(0);
    await expect.poll(() => undoSize(kitchen)).toBe(0);

    // Ready again, then the waiter delivers it: undo is refused with a clear message, and dropped.
    await waiterTicket.click();
    await kitchen.getByTestId("all-ready").click();
    await kitchen.getByTestId("toast-success").filter({ hasText: WAITER_NOTIFIED }).waitFor();
    await expect.poll(() => new URL(kitchen.url()).pathname).toBe("/service/prep");
    await server.db.update(orderProducts).set({ status: "COMPLETE" }).where(eq(orderProducts.ticketId, waiterTicketId));
    await kitchen.getByTestId("undo").click();
    const refused = kitchen.getByTestId("toast-error").filter({ hasText: "έχει ήδη παραδοθεί" });
    await refused.waitFor();
    await screenshot(kitchen, "prep-undo-refused-1280");
    await expect.poll(() => undoSize(kitchen)).toBe(0);
    expect(await kitchen.getByTestId("undo").isDisabled()).toBe(true);
    expect(await waiterTicket.count()).toBe(0);
    expect(kitchenLoads).toBe(0);
  });

  it("colours tickets as they age, by the area's thresholds", async () => {
    await server.db
      .update(preparationAreas)
      .set({ ageWarnMinutes: 1, ageLateMinutes: 2 })
      .where(eq(preparationAreas.name, DEMO_AREA_NAMES.Kitchen));
    const [open] = (await kitchenFeed()).tickets;
    // Back-date the remaining ticket: 3 minutes old is late with these thresholds.
    await server.db
      .update(kitchenTickets)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000 - 5_000) })
      .where(eq(kitchenTickets.id, open.id));
    const waiterSent = await waiterOrder(tableId, [{ name: "Κεφτεδάκια", quantity: 1 }]);
    await server.db
      .update(kitchenTickets)
      .set({ createdAt: new Date(Date.now() - 90_000) })
      .where(eq(kitchenTickets.id, waiterSent.ticketIds[0]));
    await kitchen.reload();
    await kitchen.getByTestId("kitchen-tickets").waitFor();
    expect(await ticketCard(kitchen, open.id).getAttribute("data-age")).toBe("late");
    expect(await text(ticketCard(kitchen, open.id).getByTestId("ticket-elapsed"))).toBe("3'");
    const warn = kitchen.getByTestId("kitchen-ticket").filter({ hasText: "Κεφτεδάκια" });
    expect(await warn.getAttribute("data-age")).toBe("warn");
    expect(await text(warn.getByTestId("ticket-allergens"))).toContain("γλουτένη");
    await screenshotBothOrientations(kitchen, "prep-ages");
    await server.db
      .update(preparationAreas)
      .set({ ageWarnMinutes: 10, ageLateMinutes: 20 })
      .where(eq(preparationAreas.name, DEMO_AREA_NAMES.Kitchen));
  });

  it("closes and reopens the area, switches a product off and on, and keeps big letters", async () => {
    const kitchenProductsOnGuestMenu = async () => {
      await guest.goto(`${server.baseUrl}/service/customer/demo-2/menu`);
      await guest.getByTestId("menu-category-tab").first().waitFor();
      return guest.getByTestId("menu-category-tab").allInnerTexts();
    };
    expect(await kitchenProductsOnGuestMenu()).toContain("Ορεκτικά");

    // Settings: the area closes; the guests' menu loses the kitchen's dishes.
    const settings = await openSettings(kitchen);
    const areaSwitch = settings.getByTestId("setting-area-open");
    expect(await text(areaSwitch)).toContain("Ανοικτός");
    await screenshotBothOrientations(kitchen, "prep-settings");
    await areaSwitch.click();
    await expect.poll(() => areaSwitch.getAttribute("data-checked")).toBe("false");
    expect(await text(areaSwitch)).toContain("Κλειστός");
    await closeSettings(kitchen);
    expect(await text(kitchen.getByTestId("area-state"))).toBe("Κλειστός");
    await kitchen.getByTestId("area-closed").waitFor();
    await screenshotBothOrientations(kitchen, "prep-area-closed");
    const tabs = await kitchenProductsOnGuestMenu();
    expect(tabs).not.toContain("Ορεκτικά");
    expect(tabs).toContain("Ποτά");

    // Reopened from the notice.
    await kitchen.getByTestId("open-area").click();
    await kitchen.getByTestId("area-closed").waitFor({ state: "detached" });
    expect(await text(kitchen.getByTestId("area-state"))).toBe("Ανοικτός");
    expect(await kitchenProductsOnGuestMenu()).toContain("Ορεκτικά");

    // Availability: a product without a price cannot be switched on, and says why.
    await server.db.update(products).set({ hasDineInPrice: false, active: false }).where(eq(products.name, "Σαγανάκι"));
    await kitchen.getByTestId("open-availability").click();
    await kitchen.getByTestId("availability-editor").waitFor();
    expect(new URL(kitchen.url()).pathname).toBe("/service/prep/availability");
    const product = (name: string) => kitchen.locator(`[data-testid="availability-product"][data-name="${name}"]`);
    expect(await kitchen.getByTestId("availability-product").filter({ hasText: "Freddo" }).count()).toBe(0);
    const saganaki = product("Σαγανάκι").getByTestId("availability-dine-in");
    expect(await saganaki.isDisabled()).toBe(true);
    expect(await text(product("Σαγανάκι").getByTestId("availability-dine-in-hint"))).toBe(PRICE_REQUIRED);
    await screenshotBothOrientations(kitchen, "prep-availability");

    // Χτυπητή off: gone from the guests' menu; on again: back.
    const dip = product("Χτυπητή").getByTestId("availability-dine-in");
    await dip.click();
    await expect.poll(() => product("Χτυπητή").getAttribute("data-active")).toBe("false");
    const guestMenu = async () =>
      (await api<MenuCategory[]>(`/api/cq-table/${tableId}/menu`, (await pageToken(guest)) as string)).flatMap((c) =>
        c.products.map((p) => p.name),
      );
    // The switch moves at once, before the server has answered: the guests' menu follows it.
    await expect.poll(guestMenu).not.toContain("Χτυπητή");
    await dip.click();
    await expect.poll(() => product("Χτυπητή").getAttribute("data-active")).toBe("true");
    await expect.poll(guestMenu).toContain("Χτυπητή");
    await server.db.update(products).set({ hasDineInPrice: true, active: true }).where(eq(products.name, "Σαγανάκι"));

    // Big letters, kept in the browser, survive a reload.
    await kitchen.getByTestId("back-to-feed").click();
    await kitchen.getByTestId("kitchen-tickets").waitFor();
    let panel = await openSettings(kitchen);
    expect(await panel.getByTestId("setting-big-letters").getAttribute("data-checked")).toBe("false");
    await panel.getByTestId("setting-big-letters").click();
    expect(await kitchen.evaluate(() => localStorage.getItem("bigLettersActive"))).toBe("true");
    await kitchen.reload();
    await kitchen.getByTestId("kitchen-tickets").waitFor();
    panel = await openSettings(kitchen);
    expect(await panel.getByTestId("setting-big-letters").getAttribute("data-checked")).toBe("true");
    await closeSettings(kitchen);
  });

  it("prints each ticket once through the venue's print agent, voids a cancelled dish, and survives a failing printer", async () => {
    const agent = await startFakeAgent();
    try {
      await server.db.update(retailers).set({ printServiceUrl: agent.url });
      await server.db
        .update(preparationAreas)
        .set({ printerIp: "192.168.1.50" })
        .where(eq(preparationAreas.name, DEMO_AREA_NAMES.Kitchen));
      await kitchen.reload();
      await kitchen.getByTestId("kitchen-tickets").waitFor();
      await expect
        .poll(() => kitchen.getByTestId("printer-status").getAttribute("data-status"), { timeout: 15_000 })
        .toBe("CONNECTED");
      expect(agent.jobs).toHaveLength(0); // auto-print is off

      // Auto-print on: every open ticket prints once, in order, and is marked printed.
      const open = (await kitchenFeed()).tickets.map((t) => t.id);
      expect(open.length).toBeGreaterThanOrEqual(2);
      const settings = await openSettings(kitchen);
      await settings.getByTestId("setting-auto-print").click();
      await expect.poll(() => settings.getByTestId("setting-auto-print").getAttribute("data-checked")).toBe("true");
      await closeSettings(kitchen);
      await expect.poll(() => agent.printedTickets(), { timeout: 15_000 }).toEqual(open);
      await expect.poll(async () => (await kitchenFeed()).tickets.every((t) => t.isPrinted)).toBe(true);
      for (const id of open) await expect.poll(() => ticketCard(kitchen, id).getAttribute("data-printed")).toBe("true");
      expect(agent.jobs[0].printerIp).toBe("192.168.1.50");
      expect(agent.jobs[0].job.bigLetters).toBe(true);

      // A new ticket prints by itself, once; a reload prints nothing again.
      const sent = await waiterOrder(tableId, [
        { name: "Μουσακάς", quantity: 2 },
        { name: "Τζατζίκι", quantity: 1 },
      ]);
      const newTicket = sent.ticketIds.find((id) => !open.includes(id)) as number;
      await expect.poll(() => agent.printedTickets(), { timeout: 15_000 }).toEqual([...open, newTicket]);
      await expect.poll(() => ticketCard(kitchen, newTicket).getAttribute("data-printed")).toBe("true");
      await kitchen.reload();
      await kitchen.getByTestId("kitchen-tickets").waitFor();
      await expect
        .poll(() => kitchen.getByTestId("printer-status").getAttribute("data-status"), { timeout: 15_000 })
        .toBe("CONNECTED");
      await kitchen.waitForTimeout(1_500);
      expect(agent.printedTickets()).toEqual([...open, newTicket]);
      await screenshotBothOrientations(kitchen, "prep-printing");

      // A moussaka is cancelled after the ticket printed: it leaves the screen and a void prints.
      const [moussaka] = await server.db
        .select()
        .from(orderProducts)
        .where(and(eq(orderProducts.ticketId, newTicket), eq(orderProducts.productName, "Μουσακάς")));
      await server.db.update(orderProducts).set({ paymentStatus: "CANCELLED" }).where(eq(orderProducts.id, moussaka.id));
      // The server has no cancellation call yet: any change to the ticket pushes it again.
      const tzatziki = await server.db
        .select()
        .from(orderProducts)
        .where(and(eq(orderProducts.ticketId, newTicket), eq(orderProducts.productName, "Τζατζίκι")));
      await api(`/api/feed/kitchen/ticket/${newTicket}/prepare-products`, await signIn("kitchen"), {
        body: { orderProductIds: tzatziki.map((u) => u.id) },
      });
      const card = ticketCard(kitchen, newTicket);
      await expect
        .poll(() => text(card.locator('[data-testid="ticket-product"][data-name="Μουσακάς"]')), { timeout: 15_000 })
        .toContain("1×");
      await expect.poll(() => agent.jobs.filter((j) => j.job.kind === "void-ticket").length, { timeout: 15_000 }).toBe(1);
      const voidJob = agent.jobs.find((j) => j.job.kind === "void-ticket") as RecordedJob;
      expect(voidJob.job.cancelled).toEqual([{ name: "Μουσακάς", quantity: 1 }]);
      expect(voidJob.job.ticket.ticketId).toBe((await kitchenFeed()).tickets.find((t) => t.id === newTicket)?.ticketId);
      await kitchen.waitForTimeout(1_500);
      expect(agent.jobs.filter((j) => j.job.kind === "void-ticket")).toHaveLength(1);
      expect(agent.invalid).toEqual([]);

      // The printer fails: the ticket still shows at once, stays unprinted, and prints once it is back.
      agent.answerWith({ ok: false, error: "printer_unreachable", message: "no route to host" });
      await addToBasket(guest, "Σαλάτες", "Ντάκος");
      await sendBasket(guest);
      const dakos = kitchen.getByTestId("kitchen-ticket").filter({ hasText: "Ντάκος" });
      await dakos.waitFor({ timeout: 15_000 });
      const dakosId = Number(await dakos.getAttribute("data-ticket-id"));
      await expect.poll(() => agent.attempts.filter((j) => j.job.ticket.id === dakosId).length, { timeout: 15_000 }).toBe(1);
      await expect.poll(() => kitchen.getByTestId("printer-status").getAttribute("data-state")).toBe("failed");
      expect(await dakos.getAttribute("data-printed")).toBe("false");
      expect((await kitchenFeed()).tickets.find((t) => t.id === dakosId)?.isPrinted).toBe(false);
      await screenshot(kitchen, "prep-printer-failed-1280");
      // The feed keeps working meanwhile.
      const more = await waiterOrder(tableId, [{ name: "Ντάκος", quantity: 1, notes: "δεύτερο" }]);
      await ticketCard(kitchen, more.ticketIds[0]).waitFor({ timeout: 15_000 });
      agent.answerWith({ ok: true });
      await expect.poll(() => agent.printedTickets().filter((id) => id === dakosId).length, { timeout: 30_000 }).toBe(1);
      await expect
        .poll(() => agent.printedTickets().filter((id) => id === more.ticketIds[0]).length, { timeout: 30_000 })
        .toBe(1);
      await expect.poll(() => ticketCard(kitchen, dakosId).getAttribute("data-printed")).toBe("true");
      // Printed once each. (The failed one may come out after the later one: it holds nothing back.)
      const printed = agent.printedTickets();
      expect(new Set(printed).size).toBe(printed.length);

      // The cook reprints a ticket by hand from its screen.
      await ticketCard(kitchen, dakosId).click();
      await kitchen.getByTestId("ticket-detail").waitFor();
      await screenshotBothOrientations(kitchen, "prep-ticket-printer");
      await kitchen.getByTestId("print-ticket").click();
      await kitchen.getByTestId("toast-success").filter({ hasText: "Η παραγγελία τυπώθηκε." }).waitFor();
      expect(agent.printedTickets().filter((id) => id === dakosId)).toHaveLength(2);
      await kitchen.getByTestId("back-to-feed").click();
      await kitchen.getByTestId("kitchen-tickets").waitFor();

      // Issue 15: the printer refuses one ticket. The cook sees a clear alert that stays, the
      // next ticket still prints, and "print again" prints the refused one.
      const jammed = (job: RecordedJob["job"]) => job.ticket.products.some((p) => p.notes === "μπλοκαρισμένο");
      agent.refuseWhen(jammed);
      const refused = (await waiterOrder(tableId, [{ name: "Ντάκος", quantity: 1, notes: "μπλοκαρισμένο" }])).ticketIds[0];
      const alert = kitchen.getByTestId("print-failure-alert");
      await alert.locator(`[data-testid="failed-print"][data-ticket-id="${refused}"]`).waitFor({ timeout: 15_000 });
      expect(await text(alert)).toContain("Ο εκτυπωτής δεν τύπωσε 1 παραγγελία");
      expect(await text(alert)).toContain("Ο εκτυπωτής δεν απαντά");
      const next = (await waiterOrder(tableId, [{ name: "Σαγανάκι", quantity: 1, notes: "μετά" }])).ticketIds[0];
      await expect.poll(() => agent.printedTickets().includes(next), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => ticketCard(kitchen, next).getAttribute("data-printed")).toBe("true");
      // Still there after the next ticket printed, and still unprinted.
      await kitchen.waitForTimeout(1_000);
      expect(await alert.getByTestId("failed-print").count()).toBe(1);
      expect(agent.printedTickets()).not.toContain(refused);
      expect(await ticketCard(kitchen, refused).getAttribute("data-printed")).toBe("false");
      await screenshotBothOrientations(kitchen, "prep-print-failure-alert");
      await kitchen.setViewportSize(PHONE.viewport);
      await screenshot(kitchen, "prep-print-failure-alert-390");
      await kitchen.setViewportSize(TABLET.viewport);
      // The cook puts the alert away; the printer status keeps the count and brings it back.
      await kitchen.getByTestId("print-failure-acknowledge").click();
      await alert.waitFor({ state: "detached" });
      expect(await kitchen.getByTestId("printer-status").getAttribute("data-state")).toBe("failed");
      await kitchen.getByTestId("printer-status").click();
      await alert.waitFor();
      // The jam is cleared: "print again" prints it, and the alert goes.
      agent.refuseWhen(() => false);
      await alert.getByTestId("print-again").click();
      await expect.poll(() => agent.printedTickets().filter((id) => id === refused).length, { timeout: 15_000 }).toBe(1);
      await alert.waitFor({ state: "detached", timeout: 15_000 });
      await expect.poll(() => ticketCard(kitchen, refused).getAttribute("data-printed")).toBe("true");
      expect(await kitchen.getByTestId("printer-status").getAttribute("data-state")).not.toBe("failed");

      // The agent goes away: the screen says so, disables printing, and still receives tickets.
      await agent.close();
      await expect
        .poll(() => kitchen.getByTestId("printer-status").getAttribute("data-status"), { timeout: 15_000 })
        .not.toBe("CONNECTED");
      expect(await kitchen.getByTestId("print-unprinted").isDisabled()).toBe(true);
      const last = await waiterOrder(tableId, [{ name: "Σαγανάκι", quantity: 1 }]);
      await ticketCard(kitchen, last.ticketIds[0]).waitFor({ timeout: 15_000 });
      await screenshot(kitchen, "prep-printer-offline-1280");
    } finally {
      await agent.close().catch(() => {});
    }
  });

  it("keeps the cook signed in and live on another area's ticket or an unknown one (issue 15)", async () => {
    await kitchen.goto(`${server.baseUrl}/service/prep`);
    await kitchen.getByTestId("kitchen-tickets").waitFor();
    await expectStatus(kitchen, "CONNECTED");
    // Every state the live indicator passes through from here on.
    await kitchen.evaluate(() => {
      const w = window as unknown as { liveStates: string[] };
      w.liveStates = [];
      const indicator = document.querySelector('[data-testid="realtime-status"]') as Element;
      new MutationObserver(() => w.liveStates.push(indicator.getAttribute("data-status") ?? "")).observe(indicator, {
        attributes: true,
      });
    });
    const liveStates = () => kitchen.evaluate(() => (window as unknown as { liveStates: string[] }).liveStates);
    // In-app navigation, as a link would do: the page (and its socket) stays.
    const openInApp = (path: string) =>
      kitchen.evaluate((to) => {
        history.pushState({}, "", to);
        dispatchEvent(new PopStateEvent("popstate"));
      }, path);

    // The orangeade is the Bar's: its ticket is another area's.
    const barTicket = (await waiterOrder(tableId, [{ name: "Πορτοκαλάδα", quantity: 1 }])).ticketIds[0];
    await openInApp(`/service/prep/${barTicket}`);
    const notYours = kitchen.getByTestId("ticket-not-yours");
    await notYours.waitFor();
    expect(await text(notYours)).toContain("Αυτή η παραγγελία ανήκει σε άλλο σημείο προετοιμασίας.");
    await kitchen.waitForTimeout(1_000);
    expect(await kitchen.getByTestId("login-username").count()).toBe(0);
    expect(await pageToken(kitchen)).toBeTruthy();
    await screenshot(kitchen, "prep-ticket-not-yours-1280");
    await notYours.getByRole("button").click();
    await kitchen.getByTestId("kitchen-tickets").waitFor();

    await openInApp("/service/prep/999999");
    await kitchen.getByTestId("ticket-not-found").waitFor();
    await kitchen.waitForTimeout(1_000);
    expect(await liveStates()).toEqual([]);
    await expectStatus(kitchen, "CONNECTED");
    await kitchen.getByTestId("back-to-feed").click();
    await kitchen.getByTestId("kitchen-tickets").waitFor();
  });

  it("reads on a phone-sized screen and in English", async () => {
    await kitchen.setViewportSize(PHONE.viewport);
    await screenshot(kitchen, "prep-feed-390");
    await kitchen.setViewportSize(TABLET.viewport);
    const panel = await openSettings(kitchen);
    await panel.getByTestId("setting-language").click();
    await kitchen.getByTestId("kitchen-ticket-count").filter({ hasText: "tickets" }).waitFor();
    await closeSettings(kitchen);
    await screenshot(kitchen, "prep-feed-english-1280");
    const first = kitchen.getByTestId("kitchen-ticket").first();
    await first.click();
    await kitchen.getByTestId("all-ready").filter({ hasText: "All ready" }).waitFor();
    await screenshot(kitchen, "prep-ticket-english-1280");
  });
});
