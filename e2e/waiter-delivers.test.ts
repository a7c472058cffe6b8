import type { KitchenFeed } from "@tableorder/domain/contracts/kitchen";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, PHONE, screenshot } from "./support/browser.ts";
import { addToBasket, signInGuest, signInWaiter } from "./support/journeys.ts";
import { addWaiterForAllTables, api as callApi, signIn as signInWithApi } from "./support/staff-api.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Needs a fresh `npm run build:web`: the server serves apps/web/dist.

let server: RunningServer;
let session: BrowserSession;

const signIn = (username: string) => signInWithApi(server.baseUrl, username);
const api = <T>(path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  callApi<T>(server.baseUrl, path, token, init);

const task = (page: Page, type: string) => page.locator(`[data-testid="waiter-task"][data-type="${type}"]`);

describe("a waiter delivers", () => {
  beforeAll(async () => {
    server = await startServer();
    session = await BrowserSession.launch();
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it("two waiters see a pickup live; one delivers, it vanishes for the other; a call is handled", async () => {
    // A second waiter, supervising every table.
    await addWaiterForAllTables(server.baseUrl, "waiter2");

    const w1 = await session.newPage(PHONE);
    const w2 = await session.newPage(PHONE);
    await signInWaiter(w1, server.baseUrl, "waiter");
    await signInWaiter(w2, server.baseUrl, "waiter2");
    await screenshot(w1, "waiter-feed-empty-390");

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

    // The guest calls the waiter; waiter 1 handles the call, it leaves waiter 2's feed too.
    await guest.getByTestId("call-waiter").click();
    await guest.getByTestId("cancel-request").waitFor();
    await task(w1, "WAITER_CALL").waitFor({ timeout: 15_000 });
    await task(w2, "WAITER_CALL").waitFor({ timeout: 15_000 });
    expect(await task(w1, "WAITER_CALL").innerText()).toContain("Κλήση σερβιτόρου");
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
    await w1.getByTestId("waiter-products").waitFor();
    await screenshot(w1, "waiter-1-settings-availability-390");
  });
});
