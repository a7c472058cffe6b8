import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserSession, DESK, PHONE, screenshot, signInStaff, text, toast } from "./support/browser.ts";
import { closeAll, signInGuest, startServerAndBrowser } from "./support/journeys.ts";
import { api, signIn } from "./support/staff-api.ts";
import type { RunningServer } from "./support/start-server.ts";

// Issue 15, defects 2 and 10: a guest is told, in words, when their table is out of service and
// when the kitchen has closed, instead of an order that goes through or food that silently vanishes.
let server: RunningServer, session: BrowserSession;

beforeAll(async () => {
  [server, session] = await startServerAndBrowser();
});
afterAll(() => closeAll(session, server));

interface CrmTable {
  id: number;
  code: string;
  label: string;
  waiterIds: number[];
}

/** The admin's "Σε λειτουργία" switch of a demo table, saved as the table form saves it. */
async function setInService(tableCode: string, onService: boolean): Promise<void> {
  const admin = await signIn(server.baseUrl, "admin");
  const tables = await api<CrmTable[]>(server.baseUrl, "/api/crm/tables", admin);
  const table = tables.find((t) => t.code === tableCode) as CrmTable;
  await api(server.baseUrl, `/api/crm/tables/${table.id}`, admin, {
    method: "PUT",
    body: { label: table.label, code: table.code, waiterIds: table.waiterIds, onService },
  });
}

async function setKitchenOpen(open: boolean): Promise<void> {
  const cook = await signIn(server.baseUrl, "kitchen");
  await api(server.baseUrl, "/api/cuisine/preparation-area/set-active", cook, { body: { active: open } });
}

/** The cook switches a product on or off for dine-in, as the availability screen does. */
async function setProductAvailable(name: string, active: boolean): Promise<void> {
  const cook = await signIn(server.baseUrl, "kitchen");
  const menu = await api<{ products: { id: number; name: string }[] }[]>(server.baseUrl, "/api/cuisine/menu", cook);
  const product = menu.flatMap((category) => category.products).find((p) => p.name === name) as { id: number };
  await api(server.baseUrl, `/api/cuisine/product/${product.id}/set-active`, cook, { body: { active, serviceMode: "DINE_IN" } });
}

describe("a guest told what is closed", () => {
  it("a table out of service: a new guest sees why, a seated guest's next order is refused", async () => {
    // A guest sits at table 4 and puts a salad in the basket.
    const seated = await session.newPage(PHONE);
    await signInGuest(seated, server.baseUrl, "demo-4", "table-page");
    await seated.getByTestId("open-menu").click();
    await seated.getByRole("tab", { name: "Σαλάτες" }).click();
    const salad = seated.locator('[data-testid="menu-product"][data-name="Χωριάτικη"]');
    await salad.getByTestId("menu-product-toggle").click();
    await salad.getByTestId("add-to-basket").click();
    await seated.getByTestId("basket-bar").click();
    await seated.getByTestId("order-page").waitFor();

    // The admin switches the table out of service: the seated guest's screen says so at once...
    await setInService("demo-4", false);
    const notice = seated.getByTestId("table-not-in-service-notice");
    await notice.waitFor();
    expect(await text(notice)).toContain("Το τραπέζι δεν δέχεται νέες παραγγελίες");
    // ...and the order they send anyway is refused with the same words.
    await seated.getByTestId("send-order").click();
    await toast(seated, "error", "Το τραπέζι δεν είναι σε λειτουργία αυτή τη στιγμή").waitFor();
    expect(await seated.getByTestId("order-page").count()).toBe(1);
    await screenshot(seated, "guest-table-out-of-service-seated-390");
    // Their table page says it too, above the bill they can still pay.
    await seated.getByRole("link", { name: "Πίσω" }).click();
    await seated.getByRole("link", { name: "Πίσω" }).click();
    await seated.getByTestId("table-page").getByTestId("table-not-in-service-notice").waitFor();
    await screenshot(seated, "guest-table-out-of-service-seated-table-390");

    // A guest who scans the table now is not seated, and reads why.
    const arriving = await session.newPage(PHONE);
    await signInGuest(arriving, server.baseUrl, "demo-4", "table-not-in-service");
    const screen = arriving.getByTestId("table-not-in-service");
    expect(await text(screen)).toContain("Το τραπέζι δεν είναι σε λειτουργία");
    expect(await text(screen)).toContain("Ζητήστε από το προσωπικό");
    // The screen explains it once: no toast repeats it.
    expect(await arriving.getByTestId("toast-error").count()).toBe(0);
    await screenshot(arriving, "guest-table-out-of-service-390");
    await arriving.setViewportSize(DESK.viewport);
    await screenshot(arriving, "guest-table-out-of-service-1280");

    // Back in service, trying again seats the guest.
    await setInService("demo-4", true);
    await screen.getByRole("button", { name: "Δοκιμάστε ξανά" }).click();
    await arriving.getByTestId("table-page").waitFor();
    await seated.getByTestId("table-not-in-service-notice").waitFor({ state: "detached" });
  });

  it("the kitchen closes: the open menu says so and what can still be ordered, live", async () => {
    const guest = await session.newPage(PHONE);
    await signInGuest(guest, server.baseUrl, "demo-5", "table-page");
    await guest.getByTestId("open-menu").click();
    await guest.getByTestId("menu-page").waitFor();
    await guest.getByRole("tab", { name: "Σαλάτες" }).waitFor();
    expect(await guest.getByTestId("closed-areas-notice").count()).toBe(0);
    // A waiter ordering for the same table, in the salads (issue 28, A9): their menu lists the
    // kitchen's dishes (it is also their Availability tab), so it must mark them, live.
    const admin = await signIn(server.baseUrl, "admin");
    const table = (await api<CrmTable[]>(server.baseUrl, "/api/crm/tables", admin)).find((t) => t.code === "demo-5") as CrmTable;
    const waiter = await session.newPage(PHONE);
    await signInStaff(waiter, server.baseUrl, "/service/wait", "waiter", "waiter-feed");
    await waiter.goto(`${server.baseUrl}/service/wait/${table.id}/${encodeURIComponent(table.label)}/menu-categories`);
    await waiter.locator('[data-testid="waiter-category"][data-name="Σαλάτες"]').click();
    const waiterSalad = waiter.locator('[data-testid="menu-product"][data-name="Χωριάτικη"]');
    expect(await waiterSalad.getAttribute("data-available")).toBe("true");

    await setKitchenOpen(false);
    try {
      const notice = guest.getByTestId("closed-areas-notice");
      await notice.waitFor();
      expect(await text(notice)).toMatch(/Κλειστό αυτή τη στιγμή: (Kitchen|Κουζίνα)/);
      // The kitchen's dishes leave the menu; what is left is named: the drinks, which the bar makes.
      await expect.poll(() => guest.getByRole("tab", { name: "Σαλάτες" }).count()).toBe(0);
      const stillAvailable = await text(guest.getByTestId("still-available"));
      expect(stillAvailable).toContain("Ποτά");
      expect(stillAvailable).not.toContain("Σαλάτες");
      await screenshot(guest, "guest-menu-kitchen-closed-390");
      await guest.setViewportSize(DESK.viewport);
      await screenshot(guest, "guest-menu-kitchen-closed-1280");
      await guest.setViewportSize(PHONE.viewport);

      // In English too.
      await guest.getByTestId("language-toggle").selectOption("en");
      await expect.poll(() => text(notice)).toMatch(/Closed right now: (Kitchen|Κουζίνα)/);
      await expect.poll(() => text(guest.getByTestId("still-available"))).toContain("You can still order: Drinks");
      await screenshot(guest, "guest-menu-kitchen-closed-english-390");
      await guest.getByTestId("language-toggle").selectOption("el");

      // The waiter's salad turns "Μη διαθέσιμο" where it stands, and their categories name the kitchen.
      await expect.poll(() => waiterSalad.getAttribute("data-available")).toBe("false");
      expect(await text(waiterSalad)).toContain("Μη διαθέσιμο");
      expect(await waiterSalad.getByTestId("menu-product-toggle").isDisabled()).toBe(true);
      await screenshot(waiter, "waiter-menu-kitchen-closed-items-390");
      await waiter.getByTestId("waiter-category-items").getByRole("link", { name: "Πίσω" }).click();
      const waiterNotice = waiter.getByTestId("closed-areas-notice");
      expect(await text(waiterNotice)).toMatch(/Κλειστό αυτή τη στιγμή: (Kitchen|Κουζίνα)/);
      expect(await text(waiter.getByTestId("still-available"))).not.toContain("Σαλάτες");
      await screenshot(waiter, "waiter-menu-kitchen-closed-390");
    } finally {
      await setKitchenOpen(true);
    }
    // Open again: the notice goes and the food comes back, without a reload.
    await guest.getByTestId("closed-areas-notice").waitFor({ state: "detached" });
    await guest.getByRole("tab", { name: "Σαλάτες" }).waitFor();
    await waiter.getByTestId("closed-areas-notice").waitFor({ state: "detached" });
  });

  it("a dish runs out while in the basket: its line says so by name, Send waits, one tap removes it", async () => {
    const guest = await session.newPage(PHONE);
    await signInGuest(guest, server.baseUrl, "demo-6", "table-page");
    await guest.getByTestId("open-menu").click();
    for (const [category, product] of [
      ["Σαλάτες", "Χωριάτικη"],
      ["Ποτά", "Freddo espresso"],
    ]) {
      await guest.getByRole("tab", { name: category }).click();
      const item = guest.locator(`[data-testid="menu-product"][data-name="${product}"]`);
      await item.getByTestId("menu-product-toggle").click();
      await item.getByTestId("add-to-basket").click();
    }
    await guest.getByTestId("basket-bar").click();
    await guest.getByTestId("order-page").waitFor();

    await setProductAvailable("Χωριάτικη", false);
    try {
      // The line keeps its name, says it is not available, and Send says why it waits.
      const salad = guest.locator('[data-testid="basket-line"][data-name="Χωριάτικη"]');
      await salad.getByTestId("basket-line-unavailable").waitFor();
      expect(await text(salad)).toContain("Δεν είναι διαθέσιμο τώρα");
      expect(await guest.getByTestId("send-order").isDisabled()).toBe(true);
      expect(await text(guest.getByTestId("send-blocked-reason"))).toBe(
        "Αφαιρέστε ό,τι δεν είναι διαθέσιμο για να στείλετε την παραγγελία.",
      );
      // The coffee is still fine.
      const coffee = guest.locator('[data-testid="basket-line"][data-name="Freddo espresso"]');
      expect(await coffee.getAttribute("data-unavailable")).toBeNull();
      await screenshot(guest, "guest-basket-product-ran-out-390");
      await guest.getByTestId("language-toggle").selectOption("en");
      await expect.poll(() => text(salad.getByTestId("basket-line-unavailable"))).toBe("Not available right now");
      await screenshot(guest, "guest-basket-product-ran-out-english-390");
      await guest.getByTestId("language-toggle").selectOption("el");

      // One tap takes it out; the rest can be sent.
      await salad.getByTestId("basket-line-remove").click();
      await salad.waitFor({ state: "detached" });
      expect(await guest.getByTestId("send-blocked-reason").count()).toBe(0);
      await guest.getByTestId("send-order").click();
      await guest.getByTestId("table-page").waitFor();
      await guest.locator('[data-testid="feed-item"][data-name="Freddo espresso"]').waitFor();
    } finally {
      await setProductAvailable("Χωριάτικη", true);
    }
  });

  it("a guest offline for a moment: the next screen loads when the connection returns, and the basket opens offline", async () => {
    const guest = await session.newPage(PHONE);
    const context = guest.context();
    await signInGuest(guest, server.baseUrl, "demo-8", "table-page");
    const screenNames = () => guest.evaluate(() => document.body.innerText);

    // Offline before the basket's code was ever loaded: the menu (in the first load) opens, the
    // basket's code it loads in the background waits, and no error screen shows.
    await context.setOffline(true);
    const chunkFailed = guest.waitForEvent("requestfailed", (request) => request.url().includes("/assets/"));
    await guest.getByTestId("open-menu").click();
    await guest.getByTestId("menu-page").waitFor();
    await chunkFailed;
    expect(await screenNames()).not.toContain("Κάτι πήγε στραβά.");
    // Back online: the basket's screen is loaded in the background.
    const basketLoaded = guest.waitForResponse((response) => /\/assets\/order-page[^/]*\.js$/.test(response.url()));
    await context.setOffline(false);
    await basketLoaded;

    // The connection drops again; the guest adds a salad and opens the basket all the same.
    await context.setOffline(true);
    await guest.getByRole("tab", { name: "Σαλάτες" }).click();
    const salad = guest.locator('[data-testid="menu-product"][data-name="Χωριάτικη"]');
    await salad.getByTestId("menu-product-toggle").click();
    await salad.getByTestId("add-to-basket").click();
    await guest.getByTestId("basket-bar").click();
    await guest.getByTestId("order-page").waitFor();
    expect(await text(guest.getByTestId("basket-line"))).toContain("Χωριάτικη");
    await screenshot(guest, "guest-basket-offline-390");
    await context.setOffline(false);
    await guest.getByTestId("send-order").click();
    await guest.getByTestId("table-page").waitFor();
    await guest.locator('[data-testid="feed-item"][data-name="Χωριάτικη"]').waitFor();
    await screenshot(guest, "guest-table-after-offline-390");
  });
});
