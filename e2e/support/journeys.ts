import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { BrowserSession } from "./browser.ts";
import { api } from "./staff-api.ts";
import { type RunningServer, startServer } from "./start-server.ts";

/**
 * The steps every role's journey is made of, written once: when a screen changes the way a guest
 * orders or a cook signs in, the journeys change here.
 */

/** A guest opens a table by its code, accepts the terms and goes on as a guest; waits for `ready`. */
export async function signInGuest(page: Page, baseUrl: string, tableCode: string, ready = "table-page"): Promise<void> {
  await page.goto(`${baseUrl}/service/customer/${tableCode}`);
  await page.getByTestId("accept-terms").check();
  await page.getByTestId("continue-as-guest").click();
  await page.getByTestId(ready).waitFor();
}

/** From the table page to the menu. */
export async function openMenu(page: Page): Promise<void> {
  await page.getByTestId("open-menu").click();
  await page.getByTestId("menu-page").waitFor();
}

/** A product expanded on the open menu, under its category's tab. */
export async function expandProduct(page: Page, category: string, product: string) {
  await page.getByRole("tab", { name: category }).click();
  const item = page.locator(`[data-testid="menu-product"][data-name="${product}"]`);
  await item.getByTestId("menu-product-toggle").click();
  return item;
}

/** Adds a product as it comes, `quantity` times, through its expanded card. */
export async function addToBasket(page: Page, category: string, product: string, quantity = 1): Promise<void> {
  const item = await expandProduct(page, category, product);
  for (let i = 1; i < quantity; i++) {
    await item.getByTestId("product-quantity").getByRole("button", { name: "Αύξηση ποσότητας" }).click();
  }
  await item.getByTestId("add-to-basket").click();
}

/**
 * The waiter finds a dish with the menu's search (above the categories) and adds it as it comes
 * with one tap on its "+". `tap` lets a journey count the taps; typing is not one.
 */
export async function waiterAddsBySearch(
  page: Page,
  query: string,
  product: string,
  tap: (target: Locator) => Promise<void> = (target) => target.click(),
): Promise<void> {
  const search = page.getByTestId("menu-search");
  await tap(search);
  await search.fill("");
  await search.pressSequentially(query);
  const item = page.getByTestId("menu-search-results").locator(`[data-testid="menu-product"][data-name="${product}"]`);
  await tap(item.getByTestId("one-tap-add"));
}

/** Sends the basket and waits for the table page. */
export async function sendBasket(page: Page): Promise<void> {
  await page.getByTestId("basket-bar").click();
  await page.getByTestId("send-order").click();
  await page.getByTestId("table-page").waitFor();
}

/** A guest signs in at a table and orders these lines ([category, product, quantity]) from the menu. */
export async function guestOrders(
  page: Page,
  baseUrl: string,
  tableCode: string,
  lines: readonly (readonly [string, string, number])[],
): Promise<void> {
  await signInGuest(page, baseUrl, tableCode);
  await openMenu(page);
  for (const [category, product, quantity] of lines) await addToBasket(page, category, product, quantity);
  await sendBasket(page);
}

/** The guest asks the waiter to collect the whole bill, in cash or on the card terminal. */
export async function guestAsksToPay(page: Page, { terminal }: { terminal: boolean }): Promise<void> {
  await page.getByTestId("pay").click();
  await page.getByTestId("payment-type-full").click();
  await page.getByTestId("payment-page").waitFor();
  if (terminal) await page.getByTestId("needs-terminal").check();
  await page.getByTestId("request-payment").click();
  await page.getByTestId("waiting-for-waiter").waitFor();
}

type MenuProduct = {
  id: number;
  name: string;
  preparationWays: { id: number; label: string }[];
  basicIngredients: { id: number; name: string }[];
};

/** A guest signed in anonymously and checked in at a table, as the guest's phone does it. */
export interface SeatedGuest {
  token: string;
  tableId: number;
}

/** Seats a guest at the table with this code through the API. */
export async function seatGuestByApi(baseUrl: string, tableCode: string): Promise<SeatedGuest> {
  const signedIn = await fetch(`${baseUrl}/api/authenticate-anonymous`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  const token = (signedIn.headers.get("Authorization") ?? "").slice("Bearer ".length);
  if (!token) throw new Error(`anonymous sign-in failed: ${signedIn.status}`);
  const { tableId } = await api<{ tableId: number }>(baseUrl, `/api/cq-table/code/${tableCode}`, token);
  await api(baseUrl, `/api/cq-table/check-in/${tableId}`, token, { body: {} });
  return { token, tableId };
}

/**
 * A guest's order sent through the API, as the guest's phone sends it, for journeys whose subject is
 * another role's screen: answers the table's id, the order's kitchen tickets and the guest (a table
 * code seats a new guest; a seated guest orders again). A line keeps the dish's basic ingredients
 * but those named in `without`, as the guest's phone sends them (the API reads a line that lists
 * none as one without any).
 */
export async function guestOrdersByApi(
  baseUrl: string,
  at: string | SeatedGuest,
  lines: readonly { name: string; way?: string; without?: readonly string[]; notes?: string }[],
): Promise<{ tableId: number; ticketIds: number[]; guest: SeatedGuest }> {
  const guest = typeof at === "string" ? await seatGuestByApi(baseUrl, at) : at;
  const { token, tableId } = guest;
  const menu = await api<{ products: MenuProduct[] }[]>(baseUrl, `/api/cq-table/${tableId}/menu`, token);
  const products = menu.flatMap((category) => category.products);
  const body = lines.map(({ name, way, without, notes }) => {
    const product = products.find((p) => p.name === name);
    if (!product) throw new Error(`${name} is not on the menu`);
    const changes = {
      basicIngredientIds: product.basicIngredients.filter((i) => !without?.includes(i.name)).map((i) => i.id),
      ...(notes && { notes }),
    };
    if (!way) return { id: product.id, quantity: 1, ...changes };
    const preparationWay = product.preparationWays.find((w) => w.label === way)?.id;
    if (!preparationWay) throw new Error(`${name} has no way ${way}`);
    return { id: product.id, quantity: 1, preparationWay, ...changes };
  });
  const sent = await api<{ ticketIds: number[] }>(baseUrl, `/api/orders/${tableId}`, token, { body });
  return { tableId, ticketIds: sent.ticketIds, guest };
}

/** Waits until a staff screen's connection dot says `status`. */
export async function expectStatus(page: Page, status: string, timeout = 15_000): Promise<void> {
  await expect.poll(() => page.getByTestId("realtime-status").getAttribute("data-status"), { timeout }).toBe(status);
}

/** The demo kitchen signs in at the preparation area and its board connects. */
export async function signInKitchen(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/service/prep`);
  await page.getByTestId("login-username").fill("kitchen");
  await page.getByTestId("login-password").fill("demo1234");
  await page.getByTestId("login-submit").click();
  await page.getByTestId("kitchen-feed").waitFor();
  await expectStatus(page, "CONNECTED");
}

/** A waiter signs in on the phone and the service feed opens. */
export async function signInWaiter(page: Page, baseUrl: string, username = "waiter"): Promise<void> {
  await page.goto(`${baseUrl}/service/wait`);
  await page.getByTestId("login-username").fill(username);
  await page.getByTestId("login-password").fill("demo1234");
  await page.getByTestId("login-submit").click();
  await page.getByTestId("waiter-feed").waitFor();
}

/** From the table page to the payment screen for the whole bill, with the card chosen: the tip choice shows. */
export async function openCardPayment(page: Page): Promise<void> {
  await page.getByTestId("pay").click();
  await page.getByTestId("payment-type-full").click();
  await page.getByTestId("payment-page").waitFor();
  await page.getByTestId("pay-by-card").click();
  await page.getByTestId("tip-choice").waitFor();
}

/**
 * What a journey file opens with: its own server (`env` as for startServer) and browser, one each
 * for the whole file. The server is closed again when the browser does not start.
 */
export async function startServerAndBrowser(env: Record<string, string> = {}): Promise<[RunningServer, BrowserSession]> {
  const server = await startServer(env);
  try {
    return [server, await BrowserSession.launch()];
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** Closes what a journey file opened, in the order given; one whose start failed is undefined. */
export async function closeAll(...opened: ({ close(): Promise<void> } | undefined)[]): Promise<void> {
  for (const one of opened) await one?.close();
}
