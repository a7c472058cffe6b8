import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserSession, DESK, PHONE, screenshot } from "./support/browser.ts";
import { api, signIn } from "./support/staff-api.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";

// Issue 15, defect 3: product pictures are shown on the guest's menu and in the admin's product
// list, lazily, in a box sized before they load, from the small WebP copy a phone needs. Issue 29:
// an open card shows its picture large; the demo venue has an illustration for every dish.
let server: RunningServer;
let session: BrowserSession;

/** A plate seen from above, as a venue's photo of a dish would be framed (4:3, not square). */
async function dishPhoto(sauce: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#c9b28f"/>
    <circle cx="400" cy="300" r="240" fill="#fbfaf6"/>
    <circle cx="400" cy="300" r="175" fill="#efece2"/>
    <circle cx="400" cy="300" r="120" fill="${sauce}"/>
    <circle cx="360" cy="270" r="16" fill="#4f7f32"/><circle cx="440" cy="320" r="12" fill="#4f7f32"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

beforeAll(async () => {
  server = await startServer();
  session = await BrowserSession.launch();
  const admin = await signIn(server.baseUrl, "admin");
  const catalogue = await api<{ products: { id: number; name: string }[] }[]>(server.baseUrl, "/api/crm/products", admin);
  const idOf = (name: string) => catalogue.flatMap((c) => c.products).find((p) => p.name === name)?.id;
  // A venue's own photo in place of the demo's illustration, and a dish left without a picture.
  const uploaded = await fetch(`${server.baseUrl}/api/crm/product/${idOf("Κεφτεδάκια")}/image`, {
    method: "POST",
    headers: { Authorization: `Bearer ${admin}`, "Content-Type": "image/jpeg" },
    body: new Uint8Array(await dishPhoto("#8a4a2a")),
  });
  expect(uploaded.status).toBe(200);
  const removed = await fetch(`${server.baseUrl}/api/crm/product/${idOf("Πατάτες τηγανητές")}/image`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${admin}` },
  });
  expect(removed.status).toBe(204);
});
afterAll(async () => {
  await session?.close();
  await server?.close();
});

/** What the browser was told about a picture, and what it fetched for it. */
async function pictureOf(picture: Locator) {
  await picture.scrollIntoViewIfNeeded();
  // Lazy: it loads once scrolled near, which a busy machine can take more than the default second for.
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
    .toBe(true);
  return picture.evaluate((img: HTMLImageElement) => ({
    loading: img.getAttribute("loading"),
    decoding: img.getAttribute("decoding"),
    width: img.getAttribute("width"),
    height: img.getAttribute("height"),
    sizes: img.getAttribute("sizes"),
    srcset: img.getAttribute("srcset"),
    fetched: new URL(img.currentSrc).pathname,
    alt: img.getAttribute("alt"),
    // In whole CSS pixels: an entering animation's transform leaves a float's last digits.
    shown: [Math.round(img.getBoundingClientRect().width), Math.round(img.getBoundingClientRect().height)],
  }));
}

async function openGuestMenu(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/service/customer/demo-2`);
  await page.getByTestId("accept-terms").check();
  await page.getByTestId("continue-as-guest").click();
  await page.getByTestId("table-page").waitFor();
  await page.getByTestId("open-menu").click();
  await page.getByTestId("menu-page").waitFor();
}

describe("product pictures", () => {
  it("the guest's menu shows each picture lazily, sized before it loads, from the small copy", async () => {
    const phone = await session.newPage(PHONE);
    await openGuestMenu(phone);
    const tzatziki = phone.locator('[data-testid="menu-product"][data-name="Τζατζίκι"]').getByTestId("product-picture");
    const picture = await pictureOf(tzatziki);
    expect(picture).toMatchObject({ loading: "lazy", decoding: "async", width: "72", height: "72", sizes: "72px" });
    expect(picture.srcset).toMatch(/^\/api\/images\/[0-9a-f-]{36}\/160 160w, \/api\/images\/[0-9a-f-]{36}\/320 320w$/);
    // A phone at 1x density fetches the 160 px WebP, not the 640 px original.
    expect(picture.fetched).toMatch(/\/160$/);
    expect(picture.shown).toEqual([72, 72]);
    // Every dish of the demo has its picture, but one the venue took away keeps its card as it was: no empty box.
    const cards = phone.getByTestId("menu-product");
    expect(await cards.count()).toBeGreaterThan(1);
    expect(await cards.getByTestId("product-picture").count()).toBe((await cards.count()) - 1);
    expect(await phone.locator('[data-testid="menu-product"][data-name="Πατάτες τηγανητές"] img').count()).toBe(0);
    await phone.evaluate(() => window.scrollTo(0, 0));
    await screenshot(phone, "product-pictures-guest-menu-390");
  });

  it("an open card shows its picture across the card, from the copy its width needs, kept in place while it loads", async () => {
    const phone = await session.newPage(PHONE);
    await openGuestMenu(phone);
    const card = phone.locator('[data-testid="menu-product"][data-name="Σαγανάκι"]');
    await card.getByTestId("menu-product-toggle").click();
    const large = card.getByTestId("product-picture-large");
    // Its box, measured at once, is the size it keeps once loaded: the choices below do not move.
    const box = await large.evaluate((img: HTMLImageElement) => [
      Math.round(img.getBoundingClientRect().width),
      Math.round(img.getBoundingClientRect().height),
    ]);
    const picture = await pictureOf(large);
    expect(picture).toMatchObject({ loading: "lazy", decoding: "async", width: "320", height: "320", alt: "" });
    expect(picture.sizes).toBe("(min-width: 720px) 694px, calc(100vw - 26px)");
    // 364 px wide on a 390 px phone at 1x: the 320 px copy, the largest there is.
    expect(picture.fetched).toMatch(/\/320$/);
    const cardWidth = await card.evaluate((li) => li.clientWidth);
    expect(picture.shown[0]).toBe(cardWidth);
    expect(picture.shown[1]).toBe(Math.round((cardWidth * 3) / 4));
    expect(box).toEqual(picture.shown);
    // The thumbnail gives way to it; closed again, the card is as it was.
    expect(await card.getByTestId("product-picture").count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await phone.evaluate(() => window.scrollBy(0, -60));
    await screenshot(phone, "product-pictures-guest-open-390");
    await card.getByTestId("menu-product-toggle").click();
    await card.getByTestId("product-picture-large").waitFor({ state: "detached" });
    await card.getByTestId("product-picture").waitFor();

    const desk = await session.newPage(DESK);
    await openGuestMenu(desk);
    await pictureOf(desk.locator('[data-testid="menu-product"][data-name="Κεφτεδάκια"]').getByTestId("product-picture"));
    await desk.evaluate(() => window.scrollTo(0, 0));
    await screenshot(desk, "product-pictures-guest-menu-desk");
  });

  it("the admin's product list shows a thumbnail beside each product's name", async () => {
    for (const [options, name] of [
      [DESK, "product-pictures-admin-list-desk"],
      [PHONE, "product-pictures-admin-list-390"],
    ] as const) {
      const page = await session.newPage(options);
      await page.goto(`${server.baseUrl}/service/admin`);
      await page.getByTestId("login-username").fill("admin");
      await page.getByTestId("login-password").fill("demo1234");
      await page.getByTestId("login-submit").click();
      await page.getByTestId("admin-dashboard").waitFor();
      await page.getByTestId("admin-tab-products").click();
      const row = page.locator('[data-testid="admin-product"][data-name="Τζατζίκι"]');
      const thumbnail = await pictureOf(row.getByTestId("product-picture"));
      expect(thumbnail).toMatchObject({ loading: "lazy", decoding: "async", width: "40", height: "40", sizes: "40px" });
      expect(thumbnail.fetched).toMatch(/\/160$/);
      expect(thumbnail.shown).toEqual([40, 40]);
      expect(await page.locator('[data-testid="admin-product"][data-name="Πατάτες τηγανητές"] img').count()).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, name);
    }
  });
});
