import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparationAreas } from "../apps/server/src/db/schema.ts";
import { DEMO_AREA_NAMES, DEMO_VENUE_NAME } from "../apps/server/src/seed/seed-demo.ts";
import { BrowserSession, DESK, PHONE, screenshot, signInStaff, text, toast } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/start-server.ts";
import { startVenuePrinter, type VenuePrinter } from "./support/venue-printer.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).

/** The kitchen's printer: a stand-in on its own loopback address, behind the venue's real print agent. */
const KITCHEN_PRINTER = "127.0.0.91";
/** The bar's printer, switched off: nothing listens there. */
const BAR_PRINTER = "127.0.0.92";

let server: RunningServer;
let session: BrowserSession;
let kitchenPrinter: VenuePrinter;

async function areaId(name: string): Promise<number> {
  const [area] = await server.db.select().from(preparationAreas).where(eq(preparationAreas.name, name));
  return area.id;
}

async function openArea(page: Page, name: string): Promise<void> {
  await page.goto(`${server.baseUrl}/service/admin/preparation-area/${await areaId(name)}`);
  await page.getByTestId("area-form").waitFor();
  await expect.poll(() => page.getByTestId("field-area-name").inputValue()).toBe(name);
}

describe("a preparation area's test print", () => {
  beforeAll(async () => {
    server = await startServer();
    kitchenPrinter = await startVenuePrinter(server, KITCHEN_PRINTER);
    session = await BrowserSession.launch();
    await server.db
      .update(preparationAreas)
      .set({ printerIp: BAR_PRINTER })
      .where(eq(preparationAreas.name, DEMO_AREA_NAMES.Bar));
  });

  afterAll(async () => {
    await session?.close();
    await kitchenPrinter?.close();
    await server?.close();
  });

  it("the admin sets the kitchen's printer, presses Test print and the page comes out; a printer that is off is named in the error", async () => {
    const admin = await session.newPage(DESK);
    await signInStaff(admin, server.baseUrl, "/service/admin", "admin", "admin-dashboard");

    // No printer for the kitchen yet: the button says why it cannot print.
    await openArea(admin, DEMO_AREA_NAMES.Kitchen);
    const button = admin.getByTestId("area-test-print");
    await expect
      .poll(() => text(admin.getByTestId("area-test-print-reason")))
      .toBe("Δεν έχει οριστεί εκτυπωτής για αυτόν τον χώρο");
    expect(await button.isDisabled()).toBe(true);
    await screenshot(admin, "area-test-print-no-printer-1280");

    // A typed address is not what the kitchen prints to until it is saved.
    await admin.getByTestId("field-area-printer-ip").fill(KITCHEN_PRINTER);
    expect(await text(admin.getByTestId("area-test-print-reason"))).toBe("Αποθηκεύστε πρώτα τη νέα διεύθυνση του εκτυπωτή");
    await admin.getByTestId("area-save").click();
    await admin.getByTestId("area-add").waitFor();

    await openArea(admin, DEMO_AREA_NAMES.Kitchen);
    await expect.poll(() => button.isEnabled()).toBe(true);
    expect(await admin.getByTestId("area-test-print-reason").count()).toBe(0);
    await button.click();
    await toast(admin, "success", `Η δοκιμαστική σελίδα τυπώθηκε στον εκτυπωτή ${KITCHEN_PRINTER}`).waitFor();
    await screenshot(admin, "area-test-print-1280");

    const page = await kitchenPrinter.printedWith("ΔΟΚΙΜΑΣΤΙΚΗ ΕΚΤΥΠΩΣΗ");
    expect(page.lines).toContain(`Χώρος${" ".repeat(48 - 5 - DEMO_AREA_NAMES.Kitchen.length)}${DEMO_AREA_NAMES.Kitchen}`);
    expect(page.lines.some((line) => line.startsWith("Εκτυπωτής") && line.endsWith(KITCHEN_PRINTER))).toBe(true);
    expect(page.lines).toContain(DEMO_VENUE_NAME);
    expect(page.lines.at(-1)).toBe("Η εκτύπωση λειτουργεί");

    // The bar's printer is off: the toast says which printer does not answer.
    await openArea(admin, DEMO_AREA_NAMES.Bar);
    await expect.poll(() => admin.getByTestId("area-test-print").isEnabled()).toBe(true);
    await admin.getByTestId("area-test-print").click();
    await toast(admin, "error", `Ο εκτυπωτής ${BAR_PRINTER} δεν απαντά`).waitFor({ timeout: 20_000 });
    await screenshot(admin, "area-test-print-failed-1280");
  });

  it("the cash desk, which may open the area's settings, does not see the test print; the admin's phone does", async () => {
    const desk = await session.newPage(DESK);
    await signInStaff(desk, server.baseUrl, "/service/admin", "cashdesk", "cash-desk-tables");
    await openArea(desk, DEMO_AREA_NAMES.Kitchen);
    expect(await desk.getByTestId("area-test-print").count()).toBe(0);

    const phone = await session.newPage(PHONE);
    await signInStaff(phone, server.baseUrl, "/service/admin", "admin", "admin-dashboard");
    await openArea(phone, DEMO_AREA_NAMES.Kitchen);
    await expect.poll(() => phone.getByTestId("area-test-print").isEnabled()).toBe(true);
    await screenshot(phone, "area-test-print-390");
  });
});
