import { buildVatSections } from "@tableorder/domain/fiscal/vat";
import { beforeEach, describe, expect, it } from "vitest";
import { computeInvoiceUid } from "../src/integrations/mydata/invoice-uid.ts";
import { buildInvoicesDoc, type FiscalDocumentFacts, linesOfSections } from "../src/integrations/mydata/invoice-xml.ts";
import { MydataSandbox } from "../src/integrations/mydata/sandbox-transmitter.ts";
import { FiscalTransmissionError, type FiscalTransmitter } from "../src/integrations/mydata/transmitter.ts";

const VENUE_AFM = "094014201";
const OTHER_AFM = "800000007";

function receipt(aa: number, issuer = VENUE_AFM): FiscalDocumentFacts {
  const sections = buildVatSections([{ gross: 1000 + aa, vatCategory: 1, productType: "GOOD" }]);
  return {
    issuer: { vatNumber: issuer, branch: 0 },
    series: "A",
    aa,
    issueDate: "2025-06-14",
    invoiceType: "11.1",
    lines: linesOfSections(sections, "11.1"),
    paymentMethods: [{ type: 7, amount: 1000 + aa, transactionId: `tx-${aa}`, tid: "16012345" }],
  };
}

const uidOf = (facts: FiscalDocumentFacts) =>
  computeInvoiceUid({ issuerVatNumber: facts.issuer.vatNumber, branch: facts.issuer.branch, ...facts });

describe("the myDATA sandbox", () => {
  let sandbox: MydataSandbox;
  let venue: FiscalTransmitter;

  beforeEach(() => {
    sandbox = new MydataSandbox({ timeoutMs: 300 });
    venue = sandbox.transmitterFor(VENUE_AFM);
  });

  it("accepts like AADE: increasing 15-digit marks, AADE's uid, a qrUrl and an authentication code", async () => {
    const docs = [receipt(1), receipt(2), receipt(3)];
    const outcomes = await venue.sendInvoices(buildInvoicesDoc(docs));
    expect(outcomes.map((o) => o.status)).toEqual(["ACCEPTED", "ACCEPTED", "ACCEPTED"]);
    const accepted = outcomes.flatMap((o) => (o.status === "ACCEPTED" ? [o] : []));
    expect(accepted.map((o) => o.index)).toEqual([1, 2, 3]);
    expect(accepted.map((o) => o.uid)).toEqual(docs.map(uidOf));
    for (const o of accepted) {
      expect(o.mark).toMatch(/^\d{15}$/);
      expect(o.qrUrl).toMatch(/^https:\/\//);
      expect(o.authenticationCode).toMatch(/^[0-9A-F]{40}$/);
    }
    const marks = accepted.map((o) => BigInt(o.mark));
    expect(marks[1] - marks[0]).toBe(1n);
    expect(marks[2] - marks[1]).toBe(1n);
    const [next] = await venue.sendInvoices(buildInvoicesDoc([receipt(4)]));
    expect(next.status === "ACCEPTED" && BigInt(next.mark) > marks[2]).toBe(true);
  });

  it("refuses a uid it already holds, so a document is never recorded twice", async () => {
    await venue.sendInvoices(buildInvoicesDoc([receipt(1)]));
    const [again] = await venue.sendInvoices(buildInvoicesDoc([receipt(1)]));
    expect(again).toMatchObject({ status: "REJECTED", statusCode: "ValidationError", errors: [{ code: "DUPLICATE_UID" }] });
    expect(await sandbox.held()).toHaveLength(1);
  });

  it("refuses XML that fails AADE's schema, and another issuer's invoice", async () => {
    const broken = buildInvoicesDoc([receipt(1)]).replace("<vatCategory>1</vatCategory>", "<vatCategory>12</vatCategory>");
    const [syntax] = await venue.sendInvoices(broken);
    expect(syntax).toMatchObject({ status: "REJECTED", statusCode: "XMLSyntaxError" });
    const [foreign] = await venue.sendInvoices(buildInvoicesDoc([receipt(1, OTHER_AFM)]));
    expect(foreign).toMatchObject({ status: "REJECTED", errors: [{ code: "ISSUER_MISMATCH" }] });
    expect(await sandbox.held()).toEqual([]);
  });

  it("REFUSE answers every invoice with a ValidationError and records nothing", async () => {
    sandbox.setMode("REFUSE");
    const outcomes = await venue.sendInvoices(buildInvoicesDoc([receipt(1), receipt(2)]));
    expect(outcomes).toEqual([
      { index: 1, status: "REJECTED", statusCode: "ValidationError", errors: [expect.objectContaining({ code: "REFUSED" })] },
      { index: 2, status: "REJECTED", statusCode: "ValidationError", errors: [expect.objectContaining({ code: "REFUSED" })] },
    ]);
    expect(await sandbox.held()).toEqual([]);
  });

  it("FAIL answers a 500 or refuses the connection, records nothing, and recovers when told", async () => {
    sandbox.setMode("FAIL");
    await expect(venue.sendInvoices(buildInvoicesDoc([receipt(1)]))).rejects.toMatchObject({
      kind: "http",
      status: 500,
      retryable: true,
    });
    sandbox.setMode("FAIL", "UNREACHABLE");
    await expect(venue.requestTransmittedDocs({ mark: "0" })).rejects.toMatchObject({ kind: "unreachable" });
    await expect(venue.cancelInvoice("400000000000001")).rejects.toBeInstanceOf(FiscalTransmissionError);
    expect(await sandbox.held()).toEqual([]);
    sandbox.setMode("ACCEPT");
    const [outcome] = await venue.sendInvoices(buildInvoicesDoc([receipt(1)]));
    expect(outcome.status).toBe("ACCEPTED");
    expect(sandbox.sendCalls).toBe(2);
  });

  it("HANG answers nothing until the call times out", async () => {
    sandbox.setMode("HANG");
    const started = Date.now();
    await expect(venue.sendInvoices(buildInvoicesDoc([receipt(1)]))).rejects.toMatchObject({ kind: "timeout", retryable: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await sandbox.held()).toEqual([]);
  });

  it("LOSE_ANSWER records the invoice but the answer is lost; RequestTransmittedDocs finds it by uid", async () => {
    await venue.sendInvoices(buildInvoicesDoc([receipt(1)]));
    const [first] = await venue.requestTransmittedDocs({ mark: "0" }).then((d) => d.invoices);
    sandbox.setMode("LOSE_ANSWER");
    const lost = receipt(2);
    await expect(venue.sendInvoices(buildInvoicesDoc([lost]))).rejects.toMatchObject({ kind: "unreachable" });
    sandbox.setMode("ACCEPT");

    // the worker's reconciliation: what does AADE hold above the last mark we recorded?
    const held = await venue.requestTransmittedDocs({ mark: first.mark });
    expect(held.invoices.map((i) => [i.uid, i.aa, i.series, i.invoiceType, i.issueDate])).toEqual([
      [uidOf(lost), "2", "A", "11.1", "2025-06-14"],
    ]);
    expect(held.invoices[0].mark).toMatch(/^\d{15}$/);
    expect(held.invoices[0].qrUrl).toMatch(/^https:\/\//);
    // sending it again would be a duplicate, which AADE refuses
    const [again] = await venue.sendInvoices(buildInvoicesDoc([lost]));
    expect(again).toMatchObject({ status: "REJECTED", errors: [{ code: "DUPLICATE_UID" }] });
  });

  it("answers RequestTransmittedDocs with only the caller's documents, above the mark, in the date range", async () => {
    await venue.sendInvoices(buildInvoicesDoc([receipt(1), receipt(2)]));
    await sandbox.transmitterFor(OTHER_AFM).sendInvoices(buildInvoicesDoc([receipt(1, OTHER_AFM)]));
    const all = await venue.requestTransmittedDocs({ mark: "0" });
    expect(all.invoices.map((i) => i.aa)).toEqual(["1", "2"]);
    expect((await venue.requestTransmittedDocs({ mark: all.invoices[0].mark })).invoices.map((i) => i.aa)).toEqual(["2"]);
    expect((await venue.requestTransmittedDocs({ mark: "0", dateFrom: "2025-06-15", dateTo: "2025-06-30" })).invoices).toEqual(
      [],
    );
    expect((await sandbox.transmitterFor(OTHER_AFM).requestTransmittedDocs({ mark: "0" })).invoices).toHaveLength(1);
  });

  it("cancels a mark once, only the issuer's own, and tells RequestTransmittedDocs", async () => {
    const [sent] = await venue.sendInvoices(buildInvoicesDoc([receipt(1)]));
    if (sent.status !== "ACCEPTED") throw new Error("not accepted");
    expect(await sandbox.transmitterFor(OTHER_AFM).cancelInvoice(sent.mark)).toMatchObject({
      status: "REJECTED",
      errors: [{ code: "UNKNOWN_MARK" }],
    });
    const cancelled = await venue.cancelInvoice(sent.mark);
    expect(cancelled).toMatchObject({ status: "ACCEPTED" });
    expect(await venue.cancelInvoice(sent.mark)).toMatchObject({ status: "REJECTED", errors: [{ code: "ALREADY_CANCELLED" }] });
    const docs = await venue.requestTransmittedDocs({ mark: "0" });
    if (cancelled.status !== "ACCEPTED") throw new Error("not cancelled");
    expect(docs.invoices[0].cancelledByMark).toBe(cancelled.cancellationMark);
    expect(docs.cancellations).toEqual([
      expect.objectContaining({ invoiceMark: sent.mark, cancellationMark: cancelled.cancellationMark }),
    ]);
  });

  it("takes a credit note only for a mark it holds", async () => {
    const [sent] = await venue.sendInvoices(buildInvoicesDoc([receipt(1)]));
    if (sent.status !== "ACCEPTED") throw new Error("not accepted");
    const credit = (mark: string): FiscalDocumentFacts => ({
      ...receipt(1),
      series: "Π",
      invoiceType: "11.4",
      correlatedMarks: [mark],
    });
    const [unknown] = await venue.sendInvoices(buildInvoicesDoc([credit("400000000999999")]));
    expect(unknown).toMatchObject({ status: "REJECTED", errors: [{ code: "UNKNOWN_MARK" }] });
    const [ok] = await venue.sendInvoices(buildInvoicesDoc([credit(sent.mark)]));
    expect(ok.status).toBe("ACCEPTED");
  });

  it("answers after its latency, to measure how far an outbox falls behind", async () => {
    const slow = new MydataSandbox({ latencyMs: 150 }).transmitterFor(VENUE_AFM);
    const started = Date.now();
    await slow.sendInvoices(buildInvoicesDoc([receipt(1)]));
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});
