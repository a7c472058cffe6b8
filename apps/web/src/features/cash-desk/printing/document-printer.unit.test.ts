import type { DocumentsToPrint, FiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import { PRINT_WAIT_FOR_MARK_MS } from "@tableorder/domain/fiscal/document-printing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakePrintService, memoryValue } from "../../../lib/print/print-test-doubles.ts";
import { DocumentPrinter, type DocumentPrintJob, documentJob, documentPrintKey } from "./document-printer.ts";

const NOW = Date.parse("2026-11-25T20:00:00.000Z");

const document = (id: number, extra: Partial<FiscalDocument> = {}): FiscalDocument => ({
  id,
  type: "RECEIPT",
  series: "A",
  number: id,
  uid: `UID${id}`,
  mark: `40000000${id}`,
  authenticationCode: null,
  issuedAt: new Date(NOW - 1000).toISOString(),
  totalAmount: 2200,
  orderSubmittedBy: null,
  waiterName: "Νίκος",
  tableName: "4",
  myDataQrUrl: "https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=x",
  status: "SENT",
  orderFormStatus: "CLOSED",
  cardInfo: null,
  products: [{ name: "Χωριάτικη", quantity: 2, price: 1100, vatCategory: 2 }],
  sections: [{ sectionVat: 13, sectionAmount: 2200, sectionType: "GOOD", paymentMethod: "CASH" }],
  payments: [{ method: "CASH", amount: 2200 }],
  ...extra,
});

const ISSUER = { name: "Ταβέρνα", tin: "094014201", taxOffice: "Α' ΑΘΗΝΩΝ", address: null, city: null, zip: null, phone: null };
const listOf = (...documents: FiscalDocument[]): DocumentsToPrint => ({ issuer: ISSUER, documents });

describe("DocumentPrinter (the till's fiscal printing)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  function setup(claimPrint: (id: number) => Promise<boolean> = async () => true) {
    const agent = fakePrintService<DocumentPrintJob>();
    const marked: number[] = [];
    const doneKeys = memoryValue<string[]>([]);
    const printer = new DocumentPrinter({
      service: agent.service,
      claimPrint,
      markPrinted: async (id) => {
        marked.push(id);
      },
      doneKeys,
      bigLetters: () => false,
      retryDelayMs: 10_000,
    });
    printer.setPrinter("192.168.1.60");
    return { agent, marked, doneKeys, printer };
  }

  it("prints each transmitted document once, oldest first, as a receipt or an order slip, and marks it printed", async () => {
    const { agent, marked, printer } = setup();
    const slip = document(1, { type: "ORDER", payments: [] });
    const receipt = document(2);
    printer.setList(listOf(slip, receipt));
    await vi.runAllTimersAsync();
    expect(agent.jobs.map((j) => [j.kind, j.document.id])).toEqual([
      ["order-slip", 1],
      ["receipt", 2],
    ]);
    expect(agent.jobs[1].venue).toEqual(ISSUER);
    expect(marked).toEqual([1, 2]);
    // The push that still lists them (the mark is on its way) prints nothing again.
    printer.setList(listOf(slip, receipt));
    await vi.advanceTimersByTimeAsync(1000);
    expect(agent.jobs).toHaveLength(2);
  });

  it("holds a document waiting for AADE's mark back, then prints it with the mark if it came, or without", async () => {
    const { agent, printer } = setup();
    const pending = document(3, { status: "PENDING", mark: null, myDataQrUrl: null, issuedAt: new Date(NOW).toISOString() });
    printer.setList(listOf(pending));
    await vi.advanceTimersByTimeAsync(PRINT_WAIT_FOR_MARK_MS - 1000);
    expect(agent.jobs).toEqual([]);
    // The mark arrives: it prints at once, with it.
    printer.setList(listOf({ ...pending, status: "SENT", mark: "400000003" }));
    await vi.advanceTimersByTimeAsync(10);
    expect(agent.jobs.map((j) => j.document.mark)).toEqual(["400000003"]);

    // AADE is down: after the wait it prints anyway, without a mark.
    const late = document(4, { status: "PENDING", mark: null, myDataQrUrl: null, issuedAt: new Date(Date.now()).toISOString() });
    printer.setList(listOf(late));
    await vi.advanceTimersByTimeAsync(PRINT_WAIT_FOR_MARK_MS + 10);
    expect(agent.jobs.map((j) => [j.document.id, j.document.mark])).toEqual([
      [3, "400000003"],
      [4, null],
    ]);
  });

  it("leaves a document another till claimed, and prints nothing while the agent is away or the till has no printer", async () => {
    const { agent, marked, printer } = setup(async () => false);
    printer.setList(listOf(document(5)));
    await vi.advanceTimersByTimeAsync(100);
    expect(agent.jobs).toEqual([]);
    expect(marked).toEqual([]);

    const away = setup();
    away.agent.setStatus("DISCONNECTED");
    away.printer.setList(listOf(document(6)));
    await vi.advanceTimersByTimeAsync(100);
    expect(away.agent.jobs).toEqual([]);
    expect(away.printer.getState().waiting).toBe(1);
    away.agent.setStatus("CONNECTED");
    await vi.advanceTimersByTimeAsync(100);
    expect(away.agent.jobs.map((j) => j.document.id)).toEqual([6]);
    expect(away.printer.getState().waiting).toBe(0);

    const noPrinter = setup();
    noPrinter.printer.setPrinter(null);
    noPrinter.printer.setList(listOf(document(7)));
    await vi.advanceTimersByTimeAsync(100);
    expect(noPrinter.agent.jobs).toEqual([]);
  });

  it("retries a failed print after the delay and never prints what this tab printed before a reload", async () => {
    const { agent, printer, doneKeys } = setup();
    agent.setAnswer({ ok: false, error: "printer_unreachable" });
    printer.setList(listOf(document(8)));
    await vi.advanceTimersByTimeAsync(100);
    expect(agent.jobs).toHaveLength(1);
    agent.setAnswer({ ok: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(agent.jobs).toHaveLength(2);
    expect(doneKeys.get()).toEqual([documentPrintKey(8)]);
    printer.stop();

    const reloaded = setup();
    reloaded.doneKeys.set([documentPrintKey(8)]);
    const again = new DocumentPrinter({
      service: reloaded.agent.service,
      claimPrint: async () => true,
      markPrinted: async () => {},
      doneKeys: reloaded.doneKeys,
      bigLetters: () => false,
    });
    again.setPrinter("192.168.1.60");
    again.setList(listOf(document(8)));
    await vi.advanceTimersByTimeAsync(100);
    expect(reloaded.agent.jobs).toEqual([]);
  });
});

describe("a reprint from the history", () => {
  it("is the same document's job marked as a copy; the till's own printing never is", () => {
    const copy = documentJob(document(7), ISSUER, false, true);
    expect(copy).toMatchObject({ kind: "receipt", copy: true, venue: ISSUER });
    expect(copy?.document.id).toBe(7);
    expect(documentJob(document(7), ISSUER, false)).not.toHaveProperty("copy");
    expect(documentJob(document(8, { type: "ORDER" }), ISSUER, true, true)).toMatchObject({ kind: "order-slip", copy: true });
  });
});
