import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  approveAtTerminal,
  BrowserSession,
  DESK,
  decideAtTerminal,
  PHONE,
  screenshot,
  signInStaff,
  TILL,
  text,
  toast,
  type,
} from "./support/browser.ts";
import { guestOrders } from "./support/journeys.ts";
import { api, signIn } from "./support/staff-api.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";
import { startVenuePrinter, type VenuePrinter } from "./support/venue-printer.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).
/** The till's printer's address: a stand-in of its own on loopback. */
const TILL_PRINTER = "127.0.0.77";

let server: RunningServer;
let browser: BrowserSession;
let tillPrinter: VenuePrinter;

const newPage = (options: typeof DESK | typeof PHONE | typeof TILL) => browser.newPage(options);
const card = (page: Page, name: string) => page.locator(`[data-testid="cash-desk-card"][data-name="${name}"]`);

/** Keys an amount on the register's panel: "1000" is 10,00 €. */
async function keyAmount(page: Page, digits: string): Promise<void> {
  for (const digit of digits) await page.getByTestId(`register-key-${digit}`).click();
}

describe("the cash desk", () => {
  beforeAll(async () => {
    server = await startServer();
    tillPrinter = await startVenuePrinter(server, TILL_PRINTER);
    browser = await BrowserSession.launch();
  });

  afterAll(async () => {
    await browser?.close();
    await tillPrinter?.close();
    await server?.close();
  });

  it("a guest's order shows on table 3's card live; the cashier bills it to the till's printer and collects it in cash and on the terminal; a take-away at take-away prices reaches the kitchen as Πακέτο and is paid; a register sale; the history lists every ticket", async () => {
    const cashier = await newPage(TILL);
    // The remember box starts ticked (spec 3 §3 sends it as true), so a restarted till stays signed in.
    await cashier.goto(`${server.baseUrl}/service/admin`);
    await cashier.getByTestId("login-remember").waitFor();
    expect(await cashier.getByTestId("login-remember").isChecked()).toBe(true);
    // The cashier lands on the cash desk, not on the owner's dashboard.
    await signInStaff(cashier, server.baseUrl, "/service/admin", "cashdesk", "cash-desk-tables");
    expect(await cashier.evaluate(() => localStorage.getItem("authenticationToken"))).toBeTruthy();
    // The cash desk edits a preparation area but may not delete it (spec 3 §6): no Delete to be refused.
    await cashier.getByTestId("admin-tab-spaces").click();
    await cashier.locator('[data-testid^="area-row-"]').filter({ hasText: "Μπαρ" }).getByRole("link").click();
    await cashier.getByTestId("area-save").waitFor();
    expect(await cashier.getByTestId("area-delete").count()).toBe(0);
    await cashier.getByTestId("admin-tab-cash-desk").click();
    await cashier.getByTestId("cash-desk-tables").waitFor();
    await card(cashier, "3").waitFor();
    expect(await card(cashier, "3").getAttribute("data-active")).toBe("false");
    await screenshot(cashier, "cash-desk-tables-empty-1024");

    // 1. The guest orders at table 3: 2 × Τζατζίκι (5,50) + Μουσακάς (13,00) = 24,00 €, live on the card.
    const guest = await newPage(PHONE);
    await guestOrders(guest, server.baseUrl, "demo-3", [
      ["Ορεκτικά", "Τζατζίκι", 2],
      ["Κυρίως πιάτα", "Μουσακάς", 1],
    ]);
    await expect.poll(() => card(cashier, "3").getAttribute("data-active"), { timeout: 15_000 }).toBe("true");
    await expect.poll(() => text(card(cashier, "3").getByTestId("card-total"))).toContain("24,00");
    expect(await text(card(cashier, "3").getByTestId("card-unpaid"))).toContain("24,00");
    expect(await card(cashier, "3").getAttribute("data-unbilled")).toBe("true");
    await expect.poll(() => cashier.getByTestId("cash-desk-tab-tables").getAttribute("data-attention")).toBe("true");
    await screenshot(cashier, "cash-desk-table-3-ordered-1024");

    // 2. The bill reaches the till's printer.
    await card(cashier, "3").getByTestId("card-bill").click();
    const printed = await tillPrinter.printedLines(1);
    expect(printed).toContain("Demo Taverna");
    expect(printed).toContain("ΛΟΓΑΡΙΑΣΜΟΣ");
    expect(printed.some((l) => /^Τραπέζι 3\s/.test(l))).toBe(true);
    expect(printed.some((l) => /^2x Τζατζίκι\s+11,00$/.test(l))).toBe(true);
    expect(printed.some((l) => /^1x Μουσακάς\s+13,00$/.test(l))).toBe(true);
    expect(printed.some((l) => /^ΣΥΝΟΛΟ\s+24,00$/.test(l))).toBe(true);
    await expect.poll(() => card(cashier, "3").getAttribute("data-unbilled")).toBe("false");
    await screenshot(cashier, "cash-desk-table-3-billed-1024");

    // 3. One Τζατζίκι in cash, then the rest (18,50) on the sandbox terminal, in the service modal.
    await card(cashier, "3").getByRole("link").first().click();
    await cashier.getByTestId("service-modal").waitFor();
    await cashier.getByTestId("waiter-table-feed").waitFor();
    await screenshot(cashier, "cash-desk-service-modal-1024");
    await cashier.getByTestId("collect-table").click();
    await cashier.getByTestId("payment-type-partial").click();
    await cashier.getByTestId("select-products").waitFor();
    await cashier
      .locator('[data-testid="pay-line"][data-name="Τζατζίκι"]')
      .getByRole("button", { name: "Αύξηση ποσότητας" })
      .click();
    await cashier.getByTestId("confirm-selection").click();
    await cashier.getByTestId("payment-method-cash").click();
    await cashier.getByTestId("finalize-payment").waitFor();
    expect(await text(cashier.getByTestId("finalize-total"))).toContain("5,50");
    await screenshot(cashier, "cash-desk-finalize-cash-1024");
    await cashier.getByTestId("collect").click();
    await toast(cashier, "success", "Επιτυχής είσπραξη μερικού συνόλου!").waitFor();
    await expect.poll(() => text(card(cashier, "3").getByTestId("card-unpaid"))).toContain("18,50");

    await cashier.getByTestId("collect-table").click();
    await cashier.getByTestId("payment-type-full").click();
    await cashier.getByTestId("payment-method-card").click();
    // The venue's one terminal is already chosen, and the bar over the collect button says so.
    await cashier.getByTestId("terminal-choice").waitFor();
    expect(await cashier.getByTestId("terminal").first().locator("input").isChecked()).toBe(true);
    expect(await text(cashier.getByTestId("collect-note"))).toContain("POS 1");
    expect(await cashier.getByTestId("card-amount").inputValue()).toBe("18,50");
    await screenshot(cashier, "cash-desk-finalize-card-1024");
    await cashier.getByTestId("collect").click();
    await cashier.getByTestId("pending-pos-payment").waitFor();
    await screenshot(cashier, "cash-desk-pending-terminal-1024");
    await approveAtTerminal(browser, server.baseUrl);
    await toast(cashier, "success", "Επιτυχής είσπραξη και έκδοση απόδειξης!").waitFor({ timeout: 15_000 });
    // Paid in full: the window closes on its own, back to the cards.
    await cashier.getByTestId("service-modal").waitFor({ state: "detached" });
    await expect.poll(() => card(cashier, "3").getAttribute("data-active")).toBe("false");

    // 3b. A cash close takes three taps from the card: the card, Εξόφληση · Μετρητά, collect.
    const guest5 = await newPage(PHONE);
    await guestOrders(guest5, server.baseUrl, "demo-5", [["Ορεκτικά", "Τζατζίκι", 1]]);
    await expect.poll(() => text(card(cashier, "5").getByTestId("card-unpaid")), { timeout: 15_000 }).toContain("5,50");
    const taps = [
      card(cashier, "5").getByRole("link").first(),
      cashier.getByTestId("settle-in-cash"),
      cashier.getByTestId("collect"),
    ];
    for (const tap of taps) await tap.click();
    await toast(cashier, "success", "Επιτυχής εξόφληση λογαριασμού!").waitFor();
    await cashier.getByTestId("service-modal").waitFor({ state: "detached" });
    await expect.poll(() => card(cashier, "5").getAttribute("data-active")).toBe("false");

    // 4. A take-away: Τζατζίκι and Χωριάτικη at take-away prices (5,00 + 9,00), "Πακέτο" in the kitchen, paid.
    const kitchen = await newPage(DESK);
    await signInStaff(kitchen, server.baseUrl, "/service/prep", "kitchen", "kitchen-feed");
    await cashier.getByTestId("cash-desk-tab-take-away").click();
    await cashier.getByTestId("new-take-away").click();
    await cashier.getByTestId("service-modal").waitFor();
    await cashier.getByTestId("order-for-table").click();
    for (const [category, product] of [
      ["Ορεκτικά", "Τζατζίκι"],
      ["Σαλάτες", "Χωριάτικη"],
    ]) {
      await cashier.locator(`[data-testid="waiter-category"][data-name="${category}"]`).click();
      const item = cashier.locator(`[data-testid="menu-product"][data-name="${product}"]`);
      await item.getByTestId("menu-product-toggle").click();
      await item.getByTestId("add-to-basket").click();
      await cashier.getByTestId("waiter-category-items").getByRole("link", { name: "Πίσω" }).click();
    }
    await cashier.getByTestId("basket-bar").click();
    expect(await text(cashier.getByTestId("send-order"))).toContain("14,00");
    await screenshot(cashier, "cash-desk-take-away-order-1024");
    await cashier.getByTestId("send-order").click();
    await cashier.getByTestId("waiter-table-feed").waitFor();

    const packed = kitchen.locator('[data-testid="kitchen-ticket"]').filter({ hasText: "Χωριάτικη" });
    await packed.waitFor({ timeout: 15_000 });
    expect(await text(packed.getByTestId("ticket-mode"))).toContain("Πακέτο");
    expect(await text(packed.getByTestId("ticket-table"))).toMatch(/^Πακέτο \d+$/);
    await screenshot(kitchen, "kitchen-take-away-ticket-1280");

    await cashier.getByTestId("collect-table").click();
    await cashier.getByTestId("payment-type-full").click();
    await cashier.getByTestId("payment-method-cash").click();
    expect(await text(cashier.getByTestId("finalize-total"))).toContain("14,00");
    await cashier.getByTestId("collect").click();
    await toast(cashier, "success", "Επιτυχής εξόφληση λογαριασμού!").waitFor();
    await cashier.getByTestId("service-modal").waitFor({ state: "detached" });
    await cashier.getByTestId("cash-desk-take-away").waitFor();
    await screenshot(cashier, "cash-desk-take-away-paid-1024");

    // 5. A register sale: 10,00 € at 24 % and 5,00 € at 13 %; the card is declined at the
    // terminal, the amounts stay, and one tap sells them in cash.
    await cashier.getByTestId("open-cash-register").click();
    await cashier.getByTestId("register-source-TAKE_AWAY").click();
    await cashier.getByTestId("register-panel").waitFor();
    await keyAmount(cashier, "1000");
    await cashier.getByTestId("register-add").click();
    await cashier.getByTestId("register-vat-13").click();
    await keyAmount(cashier, "500");
    await cashier.getByTestId("register-add").click();
    expect(await cashier.getByTestId("register-section").count()).toBe(2);
    expect(await text(cashier.getByTestId("register-total"))).toContain("15,00");
    await screenshot(cashier, "cash-register-panel-1024");
    await cashier.getByTestId("register-continue").click();
    await cashier.getByTestId("payment-method-card").click();
    await cashier.getByTestId("finalize-payment").waitFor();
    expect(await text(cashier.getByTestId("finalize-payable"))).toContain("15,00");
    await cashier.getByTestId("terminal").first().click();
    await cashier.getByTestId("collect").click();
    await cashier.getByTestId("pending-pos-payment").waitFor();
    // First the cashier cancels it on the terminal's screen (aborted there), then tries the card again.
    await cashier.getByTestId("pending-cancel").click();
    await cashier.getByTestId("register-payment-failed").waitFor();
    // The second try carries a 2,00 € tip, which the cash sale after the decline keeps.
    await cashier.getByTestId("retry-card").click();
    await cashier.getByTestId("terminal").first().click();
    await type(cashier.getByTestId("tip-amount"), "2");
    await cashier.getByTestId("collect").click();
    await cashier.getByTestId("pending-pos-payment").waitFor();
    await decideAtTerminal(browser, server.baseUrl, "decline");
    await toast(cashier, "error", "Αποτυχία πληρωμής POS!").waitFor({ timeout: 15_000 });
    await cashier.getByTestId("register-payment-failed").waitFor();
    expect(await cashier.getByTestId("finalize-lines").locator("li").count()).toBe(2);
    expect(await text(cashier.getByTestId("failed-total"))).toContain("15,00");
    expect(await text(cashier.getByTestId("failed-tip"))).toContain("2,00");
    await cashier.setViewportSize({ width: 1024, height: 768 });
    await screenshot(cashier, "cash-register-declined-1024");
    await cashier.setViewportSize(DESK.viewport);
    await cashier.getByTestId("retry-cash").click();
    await toast(cashier, "success", "Επιτυχής είσπραξη και έκδοση απόδειξης!").waitFor();
    const { tips } = await api<{ tips: { cash: number; pos: number } }>(
      server.baseUrl,
      "/api/stats",
      await signIn(server.baseUrl, "admin"),
      {
        body: {},
      },
    );
    expect({ cash: tips.cash, pos: tips.pos }).toEqual({ cash: 200, pos: 0 });

    // 6. The history lists the guest's order, the take-away and the register sale (not the declined card).
    await cashier.getByTestId("cash-desk-tab-history").click();
    await cashier.getByTestId("history-list").waitFor();
    await expect.poll(() => cashier.getByTestId("history-ticket").count(), { timeout: 15_000 }).toBe(4);
    const tickets = await cashier.getByTestId("history-ticket").allInnerTexts();
    expect(tickets.some((t) => t.includes("Μουσακάς") && t.includes("Τζατζίκι"))).toBe(true);
    expect(tickets.some((t) => t.includes("Χωριάτικη"))).toBe(true);
    const takeAwayTicket = cashier.getByTestId("history-ticket").filter({ hasText: "Χωριάτικη" });
    expect(await text(takeAwayTicket.getByTestId("history-place"))).toMatch(/^Πακέτο \d+$/);
    expect(await cashier.getByTestId("history-registered").count()).toBe(1);
    await screenshot(cashier, "cash-desk-history-1024");
    await cashier.getByTestId("history-ticket").first().click();
    await cashier.getByTestId("documents-dialog").waitFor();
    await cashier.getByTestId("documents-empty").waitFor();
    await screenshot(cashier, "cash-desk-history-documents-1024");
  });

  it("the till takes a tip with a register sale: in cash, and on the card with the terminal charged the sale plus the tip", async () => {
    const cashier = await newPage(DESK);
    await signInStaff(cashier, server.baseUrl, "/service/admin", "cashdesk", "cash-desk-tables");
    const sell = async (method: "cash" | "card") => {
      await cashier.getByTestId("open-cash-register").click();
      await cashier.getByTestId("register-source-TAKE_AWAY").click();
      await cashier.getByTestId("register-panel").waitFor();
      await keyAmount(cashier, "1000");
      await cashier.getByTestId("register-add").click();
      await cashier.getByTestId("register-continue").click();
      await cashier.getByTestId(`payment-method-${method}`).click();
      await cashier.getByTestId("finalize-payment").waitFor();
    };

    // 10,00 € in cash with a 1,00 € tip.
    await sell("cash");
    await type(cashier.getByTestId("tip-amount"), "1");
    expect(await text(cashier.getByTestId("collect"))).toContain("10,00");
    await screenshot(cashier, "cash-register-tip-cash-1280");
    await cashier.getByTestId("collect").click();
    await toast(cashier, "success", "Επιτυχής είσπραξη και έκδοση απόδειξης!").waitFor();

    // 10,00 € by card with a 2,00 € tip: the terminal is asked for 12,00 €.
    await sell("card");
    await cashier.getByTestId("terminal").first().click();
    await type(cashier.getByTestId("tip-amount"), "2");
    expect(await text(cashier.getByTestId("terminal-charge"))).toContain("12,00");
    await screenshot(cashier, "cash-register-tip-card-1280");
    await cashier.getByTestId("collect").click();
    await cashier.getByTestId("pending-pos-payment").waitFor();
    expect(await text(cashier.getByTestId("pending-charge"))).toContain("12,00");
    await screenshot(cashier, "cash-register-tip-pending-1280");
    await approveAtTerminal(browser, server.baseUrl);
    await toast(cashier, "success", "Επιτυχής είσπραξη και έκδοση απόδειξης!").waitFor({ timeout: 15_000 });

    // The owner sees both tips apart from the income, under the cashier (beside the 2,00 € of the
    // first journey's declined card).
    const owner = await signIn(server.baseUrl, "admin");
    type Tips = { cash: number; pos: number; byWaiter: { cash: number; pos: number }[] };
    const { tips } = await api<{ tips: Tips }>(server.baseUrl, "/api/stats", owner, { body: {} });
    expect({ cash: tips.cash, pos: tips.pos }).toEqual({ cash: 300, pos: 200 });
  });
});
