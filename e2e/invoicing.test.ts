import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../apps/server/src/db/schema.ts";
import { approveAtTerminal, type BrowserSession, DESK, PHONE, screenshot, signInStaff, text, toast } from "./support/browser.ts";
import { closeAll, guestOrders, startServerAndBrowser } from "./support/journeys.ts";
import type { RunningServer } from "./support/start-server.ts";
import { startVenuePrinter, type VenuePrinter } from "./support/venue-printer.ts";

// Needs a fresh web build: the server serves apps/web/dist (or E2E_WEB_DIST).
/** The till's printer's address: a stand-in of its own on loopback. */
const TILL_PRINTER = "127.0.0.79";
/** A valid ΑΦΜ (its 9th digit is the check digit of the first 8). */
const AFM = "094019245";

let server: RunningServer, browser: BrowserSession;
let tillPrinter: VenuePrinter;

const card = (page: Page, name: string) => page.locator(`[data-testid="cash-desk-card"][data-name="${name}"]`);

async function fill(page: Page, field: string, value: string): Promise<void> {
  await page.getByTestId(`field-invoicing-${field}`).fill(value);
}

async function documentOfType(invoiceType: string) {
  const [row] = await server.db
    .select()
    .from(documents)
    .where(and(eq(documents.invoiceType, invoiceType)));
  return row;
}

describe("Greek fiscal documents at the till", () => {
  beforeAll(async () => {
    // The outbox runs as in production, a little quicker, against the built-in myDATA sandbox.
    [server, browser] = await startServerAndBrowser({ FISCAL_OUTBOX_POLL_MS: "300", CARD_TERMINAL_POLL_MS: "300" });
    tillPrinter = await startVenuePrinter(server, TILL_PRINTER);
  });
  afterAll(() => closeAll(browser, tillPrinter, server));

  it("the admin turns invoicing on with a terminal; the bill prints its order slip; the terminal's receipt prints with its myDATA QR; the admin cancels it and sees 'Ακυρώθηκε'", async () => {
    // 1. The admin fills the invoicing settings, adds the till's terminal and turns invoicing on.
    const admin = await browser.newPage(DESK);
    await signInStaff(admin, server.baseUrl, "/service/admin", "admin", "admin-dashboard");
    await admin.getByTestId("admin-user-menu").click();
    await admin.getByTestId("admin-user-menu-panel").getByRole("link", { name: "Τιμολόγηση" }).click();
    await admin.getByTestId("invoicing-settings-form").waitFor();
    await fill(admin, "name", "Demo Taverna ΙΚΕ");
    await fill(admin, "description", "Εστιατόριο");
    await fill(admin, "address", "Ακτή Μιαούλη 10");
    await fill(admin, "city", "Πειραιάς");
    await fill(admin, "zip", "18538");
    await fill(admin, "phone", "2104112233");
    await fill(admin, "tin", AFM);
    await fill(admin, "taxOffice", "Α' ΠΕΙΡΑΙΑ");
    await fill(admin, "gemhNumber", "123456789012");
    await admin.getByTestId("invoicing-terminal-add").click();
    const added = (await admin.locator('[data-testid^="invoicing-terminal-"][data-testid$="-remove"]').count()) - 1;
    await fill(admin, `terminal-${added}-friendlyName`, "Ταμείο");
    await fill(admin, `terminal-${added}-tid`, "87654321");
    await admin.getByTestId(`field-invoicing-terminal-${added}-type`).selectOption("Viva");
    await fill(admin, `terminal-${added}-mid`, "7654321");
    await admin.getByTestId("invoicing-enabled").check();
    await screenshot(admin, "invoicing-settings-filled-1280");
    await admin.getByTestId("invoicing-save").click();
    await toast(admin, "success", "Επιτυχής ενεργοποίηση ηλεκτρονικής τιμολόγησης!").waitFor();
    await screenshot(admin, "invoicing-settings-on-1280");

    // 2. The cashier's till is open; a guest at table 4 orders Τζατζίκι (5,50) and Μουσακάς (13,00).
    const cashier = await browser.newPage(DESK);
    await signInStaff(cashier, server.baseUrl, "/service/admin", "cashdesk", "cash-desk-tables");
    await cashier.getByTestId("admin-tab-cash-desk").click();
    await cashier.getByTestId("cash-desk-tables").waitFor();
    const guest = await browser.newPage(PHONE);
    await guestOrders(guest, server.baseUrl, "demo-4", [
      ["Ορεκτικά", "Τζατζίκι", 1],
      ["Κυρίως πιάτα", "Μουσακάς", 1],
    ]);
    await expect.poll(() => text(card(cashier, "4").getByTestId("card-total")), { timeout: 15_000 }).toContain("18,50");

    // 3. The bill: the bill and the order slip (8.6) come out of the till's printer, the slip with its mark.
    await card(cashier, "4").getByTestId("card-bill").click();
    const slip = await tillPrinter.printedWith("ΔΕΛΤΙΟ ΠΑΡΑΓΓΕΛΙΑΣ ΕΣΤΙΑΣΗΣ");
    expect(slip.lines).toContain("Demo Taverna ΙΚΕ");
    expect(slip.lines.some((l) => l.includes(`ΑΦΜ: ${AFM}`))).toBe(true);
    expect(slip.lines.some((l) => /Μουσακάς/.test(l))).toBe(true);
    expect(slip.lines.some((l) => /18,50/.test(l))).toBe(true);
    const slipRow = await documentOfType("8.6");
    expect(slipRow.mark).not.toBeNull();
    expect(slip.lines.some((l) => l.includes(`ΜΑΡΚ: ${slipRow.mark}`))).toBe(true);
    expect((await tillPrinter.printedWith("ΛΟΓΑΡΙΑΣΜΟΣ")).lines.some((l) => /18,50/.test(l))).toBe(true);
    await screenshot(cashier, "invoicing-cash-desk-billed-1280");

    // 4. The guest asks to pay by card; the waiter collects it on the till's terminal.
    await guest.getByTestId("pay").click();
    await guest.getByTestId("payment-type-full").click();
    await guest.getByTestId("payment-page").waitFor();
    await guest.getByTestId("needs-terminal").check();
    await guest.getByTestId("request-payment").click();
    await guest.getByTestId("waiting-for-waiter").waitFor();
    const waiter = await browser.newPage(PHONE);
    await signInStaff(waiter, server.baseUrl, "/service/wait", "waiter", "waiter-feed");
    const task = waiter.locator('[data-testid="waiter-task"][data-type="PAYMENT_WITH_POS"]');
    await task.waitFor({ timeout: 15_000 });
    await task.getByTestId("open-task").click();
    await waiter.getByTestId("collect-request").click();
    await waiter.getByTestId("payment-type-full").click();
    await waiter.getByTestId("payment-method-card").click();
    await waiter.getByTestId("finalize-payment").waitFor();
    await waiter.locator('[data-testid="terminal"][data-name="Ταμείο"]').click();
    await waiter.getByTestId("collect").click();
    await waiter.getByTestId("pending-pos-payment").waitFor();
    await approveAtTerminal(browser, server.baseUrl);
    await toast(waiter, "success", "Επιτυχής είσπραξη και έκδοση απόδειξης!").waitFor({ timeout: 15_000 });

    // 5. The receipt (11.1) prints at the till with the terminal's TID, its mark and the myDATA QR (module 8).
    const receipt = await tillPrinter.printedWith("ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ ΠΩΛΗΣΗΣ");
    const receiptRow = await documentOfType("11.1");
    expect(receiptRow).toMatchObject({ status: "SENT", totalCents: 1850 });
    expect(receipt.lines.some((l) => l.includes("TID 87654321"))).toBe(true);
    expect(receipt.lines.some((l) => l.includes(`ΜΑΡΚ: ${receiptRow.mark}`))).toBe(true);
    expect(receipt.lines.some((l) => l.includes("ΕΚΚΡΕΜΕΙ ΔΙΑΒΙΒΑΣΗ"))).toBe(false);
    expect(receipt.qrCodes).toEqual([expect.objectContaining({ data: receiptRow.qrUrl, moduleSize: 8 })]);
    expect(receiptRow.qrUrl).toMatch(/^https:\/\//);

    // 5b. The cashier opens the sale's documents: issue time, payment, terminal, lines and QR; a
    // reprint comes out of the till's printer marked ΑΝΤΙΓΡΑΦΟ.
    await cashier.setViewportSize({ width: 1024, height: 768 });
    await cashier.getByTestId("cash-desk-tab-history").click();
    await cashier.getByTestId("history-ticket").first().click();
    const shown = cashier.getByTestId("fiscal-document").filter({ hasText: "Απόδειξη λιανικής" });
    await shown.waitFor({ timeout: 15_000 });
    expect(await text(shown.getByTestId("document-issued"))).toMatch(/\d{2}:\d{2}/);
    expect(await text(shown.getByTestId("document-payments"))).toContain("Κάρτα");
    expect(await text(shown.getByTestId("document-terminal"))).toContain("TID 87654321");
    expect(await text(shown.getByTestId("document-lines"))).toContain("Μουσακάς");
    await shown.getByTestId("document-qr").waitFor();
    await screenshot(cashier, "invoicing-history-documents-cashier-1024");
    await shown.getByTestId("document-reprint").click();
    await toast(cashier, "success", "Το αντίγραφο εκτυπώθηκε").waitFor();
    const copy = await tillPrinter.printedWith("ΑΝΤΙΓΡΑΦΟ");
    expect(copy.lines).toContain("ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ ΠΩΛΗΣΗΣ");
    expect(copy.lines.some((l) => l.includes(`ΜΑΡΚ: ${receiptRow.mark}`))).toBe(true);

    // 6. The admin cancels the receipt from the history: a credit note is issued and prints, the receipt reads 'Ακυρώθηκε'.
    await admin.getByTestId("admin-tab-cash-desk").click();
    await admin.getByTestId("cash-desk-tab-history").click();
    await admin.getByTestId("history-ticket").first().click();
    await admin.getByTestId("documents-dialog").waitFor();
    const docs = admin.getByTestId("fiscal-document");
    await expect.poll(() => docs.count()).toBe(2);
    await screenshot(admin, "invoicing-history-documents-1280");
    // An order slip is no sale: only the receipt can be cancelled.
    expect(await docs.filter({ hasText: "Δελτίο παραγγελίας" }).getByTestId("document-cancel").count()).toBe(0);
    const receiptItem = docs.filter({ hasText: "Απόδειξη λιανικής" });
    expect(await text(receiptItem.getByTestId("document-status"))).toBe("Διαβιβάστηκε στο myDATA");
    await receiptItem.getByTestId("document-cancel").click();
    await admin.getByTestId("document-cancel-confirm").waitFor();
    await screenshot(admin, "invoicing-cancel-confirm-1280");
    await admin.getByTestId("document-cancel-yes").click();
    await receiptItem.getByTestId("document-cancelled").waitFor({ timeout: 15_000 });
    expect(await text(receiptItem.getByTestId("document-cancelled"))).toContain("Ακυρώθηκε");
    await expect.poll(() => docs.count()).toBe(3);
    const note = await tillPrinter.printedWith("ΠΙΣΤΩΤΙΚΟ ΣΤΟΙΧΕΙΟ ΛΙΑΝΙΚΗΣ");
    expect(note.lines.some((l) => /18,50/.test(l))).toBe(true);
    await screenshot(admin, "invoicing-receipt-cancelled-1280");

    // Every document printed once, by one of the two tills that were open (the cashier's copy aside).
    const printedTitles = (
      await Promise.all(tillPrinter.printer.jobs.map(async (_, i) => (await tillPrinter.printedLines(i + 1)).join("\n")))
    ).filter((job) => !job.includes("ΑΝΤΙΓΡΑΦΟ"));
    for (const title of ["ΔΕΛΤΙΟ ΠΑΡΑΓΓΕΛΙΑΣ ΕΣΤΙΑΣΗΣ", "ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ ΠΩΛΗΣΗΣ", "ΠΙΣΤΩΤΙΚΟ ΣΤΟΙΧΕΙΟ ΛΙΑΝΙΚΗΣ"]) {
      expect(printedTitles.filter((job) => job.includes(title))).toHaveLength(1);
    }
  });
});
