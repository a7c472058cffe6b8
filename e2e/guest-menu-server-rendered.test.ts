import type { MenuCategory } from "@tableorder/domain/contracts/menu";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, PHONE } from "./support/browser.ts";
import { api, signIn } from "./support/staff-api.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Needs a fresh `npm run build:web`: the server renders the guest's pages from apps/web/dist/ssr.
const TABLE = "demo-1";
const MENU_PATH = `/service/customer/${TABLE}/menu`;

let server: RunningServer;
let session: BrowserSession;

/** What a phone gets before any script runs: the page's HTML, and the page's own markup in it. */
async function fetchPage(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { "Accept-Language": "el-GR", ...headers } });
  const html = await response.text();
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  return { response, html, root };
}

/** The first category's products (what the menu shows first), as the guests' API reads them. */
async function firstCategoryProducts(lang: "el" | "en"): Promise<string[]> {
  const { tableId } = (await (await fetch(`${server.baseUrl}/api/cq-table/code/${TABLE}`)).json()) as { tableId: number };
  const menu = (await (await fetch(`${server.baseUrl}/api/cq-table/${tableId}/menu?lang=${lang}`)).json()) as MenuCategory[];
  return menu.find((category) => category.products.length > 0)?.products.map((product) => product.name) ?? [];
}

/** React's hydration errors and any other error the page logs. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

describe("the guest's menu is in the first HTML", () => {
  beforeAll(async () => {
    server = await startServer();
    session = await BrowserSession.launch();
  }, 60_000);

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  it("holds the venue and the menu in the guest's language, its data in a JSON script, under the same policy", async () => {
    const { response, html, root } = await fetchPage(MENU_PATH);
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="el">');
    expect(root).toContain("Demo Taverna");
    const products = await firstCategoryProducts("el");
    expect(products.length).toBeGreaterThan(0);
    for (const name of products) expect(root).toContain(name);
    // Every script is a file of the app's or data that is never run: the policy allows no inline script.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="\/assets\/|type="application\/json"/);
    const appPage = await fetch(`${server.baseUrl}/`);
    expect(response.headers.get("content-security-policy")).toBe(appPage.headers.get("content-security-policy"));

    // The language chosen (the cookie the app keeps) comes before the browser's.
    const english = await fetchPage(`/service/customer/${TABLE}`, { Cookie: "language=en" });
    expect(english.html).toContain('<html lang="en">');
    for (const name of await firstCategoryProducts("en")) expect(english.root).toContain(name);
  });

  it("hydrates without errors; a first-time guest signs in over the menu and a tap adds to the basket", async () => {
    const page = await session.newPage(PHONE);
    const errors = collectErrors(page);
    const menuReads: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/cq-table\/(code\/|\d+\/(menu|closed-areas))/.test(request.url())) menuReads.push(request.url());
    });
    await page.goto(`${server.baseUrl}${MENU_PATH}`);
    const dialog = page.getByTestId("guest-sign-in");
    await dialog.waitFor();
    // The popup is modal (the menu under it is inert), and the menu shows under it.
    expect(await dialog.evaluate((element) => (element as HTMLDialogElement).matches(":modal"))).toBe(true);
    await expect.poll(() => page.getByTestId("menu-page").isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId("menu-product").count()).toBeGreaterThan(0);
    // What the page brought is what the screens read: nothing of it is asked for again.
    expect(menuReads).toEqual([]);

    await page.getByTestId("accept-terms").check();
    await page.getByTestId("continue-as-guest").click();
    await dialog.waitFor({ state: "detached" });
    const item = page.getByTestId("menu-product").first();
    await item.getByTestId("menu-product-toggle").click();
    await item.getByTestId("add-to-basket").click();
    await expect.poll(() => page.getByTestId("basket-bar").innerText()).toContain("1");

    // Back in English: the next page comes rendered in English, and a guest already signed in
    // (the server cannot tell) gets no popup.
    await page.getByTestId("language-toggle").selectOption("en");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    await page.reload();
    await page.getByTestId("menu-page").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await expect.poll(() => page.getByTestId("basket-bar").innerText()).toContain("1");
    expect(await page.getByTestId("guest-sign-in").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("shows a product the kitchen switched off as gone in the next page", async () => {
    const [name] = await firstCategoryProducts("el");
    expect((await fetchPage(MENU_PATH)).root).toContain(name);
    const admin = await signIn(server.baseUrl, "admin");
    const menu = await api<MenuCategory[]>(server.baseUrl, "/api/feed/menu", admin);
    const product = menu.flatMap((category) => category.products).find((p) => p.name === name);
    if (!product) throw new Error(`${name} is not on the staff's menu`);
    await api(server.baseUrl, `/api/cuisine/product/${product.id}/set-active`, await signIn(server.baseUrl, "kitchen"), {
      body: { active: false },
    });
    expect((await fetchPage(MENU_PATH)).root).not.toContain(`data-name="${name}"`);
  });
});
