import { planReceipts } from "@tableorder/domain/fiscal/receipt-plan";
import { buildVatSections } from "@tableorder/domain/fiscal/vat";
import { describe, expect, it } from "vitest";
import { buildInvoicesDoc, type FiscalDocumentFacts, linesOfSections } from "../src/integrations/mydata/invoice-xml.ts";
import { validateInvoicesDoc, validateInvoicesDocs } from "../src/integrations/mydata/validate-xml.ts";
import { child, children, readXml, textAt } from "../src/integrations/mydata/xml-reader.ts";

const issuer = { vatNumber: "094014201", branch: 0 };
const header = { issuer, issueDate: "2025-06-14" };

/** A table's sale as the cash desk would make it: goods at 24 % and 13 %, a service at 24 %, cash and card. */
function mixedSale() {
  const sections = buildVatSections([
    { gross: 1250, vatCategory: 1, productType: "GOOD" },
    { gross: 880, vatCategory: 2, productType: "GOOD" },
    { gross: 400, vatCategory: 1, productType: "SERVICE" },
  ]);
  return planReceipts({
    sections,
    payments: [
      { method: "CASH", amount: 1000 },
      { method: "CARD", amount: 1530, transactionId: "4f0e2c2e-6a57-4a4c-9a0e-1f3a5c9d2b71", tid: "16012345" },
    ],
  });
}

function receiptFacts(): FiscalDocumentFacts[] {
  return mixedSale().map((receipt, i) => ({
    ...header,
    series: receipt.invoiceType === "11.1" ? "ΑΛΠ" : "ΑΠΥ",
    aa: 41 + i,
    invoiceType: receipt.invoiceType,
    lines: linesOfSections(receipt.sections, receipt.invoiceType),
    paymentMethods: receipt.payments.map((p) => ({ type: p.code, amount: p.amount, transactionId: p.transactionId, tid: p.tid })),
  }));
}

function orderSlipFacts(): FiscalDocumentFacts {
  const sections = buildVatSections([
    { gross: 1250, vatCategory: 1, productType: "GOOD" },
    { gross: 880, vatCategory: 2, productType: "GOOD" },
  ]);
  return {
    ...header,
    series: "ΔΠΕ",
    aa: 7,
    invoiceType: "8.6",
    tableAA: "12",
    lines: linesOfSections(sections, "8.6"),
    paymentMethods: [],
  };
}

function creditNoteFacts(): FiscalDocumentFacts {
  const sections = buildVatSections([{ gross: 1250, vatCategory: 1, productType: "GOOD" }]);
  return {
    ...header,
    series: "ΠΠΛ",
    aa: 3,
    invoiceType: "11.4",
    correlatedMarks: ["400000000000123"],
    lines: linesOfSections(sections, "11.4"),
    paymentMethods: [{ type: 7, amount: 1250, transactionId: "tx-refund-1", tid: "16012345" }],
  };
}

describe("InvoicesDoc XML against AADE's XSD 1.0.10 (libxml2)", () => {
  const [retail, service] = receiptFacts();

  it.each([
    ["11.1 retail receipt with a card payment's details", retail],
    ["11.2 service receipt sharing the card payment", service],
    ["11.4 credit note naming the mark it corrects", creditNoteFacts()],
    ["8.6 restaurant order slip with its table", orderSlipFacts()],
  ])("%s validates", async (_, facts) => {
    expect(facts.invoiceType).toBeDefined();
    const validation = await validateInvoicesDoc(buildInvoicesDoc([facts]));
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);
  });

  it("all four in one InvoicesDoc validate, and carry what myDATA reads", async () => {
    const xml = buildInvoicesDoc([retail, service, creditNoteFacts(), orderSlipFacts()]);
    expect(await validateInvoicesDoc(xml)).toEqual({ valid: true, errors: [] });

    const invoices = children(readXml(xml), "invoice");
    expect(invoices.map((i) => textAt(i, "invoiceHeader", "invoiceType"))).toEqual(["11.1", "11.2", "11.4", "8.6"]);

    // 11.1: goods only, 24 % and 13 %, the VAT held in each section's gross (splitVat), classified category1_1
    const retailLines = children(invoices[0], "invoiceDetails");
    expect(retailLines.map((l) => [textAt(l, "netValue"), textAt(l, "vatCategory"), textAt(l, "vatAmount")])).toEqual([
      ["10.08", "1", "2.42"],
      ["7.79", "2", "1.01"],
    ]);
    expect(retailLines.map((l) => textAt(l, "incomeClassification", "classificationCategory"))).toEqual([
      "category1_1",
      "category1_1",
    ]);
    expect(textAt(retailLines[0], "incomeClassification", "classificationType")).toBe("E3_561_003");
    const summary = child(invoices[0], "invoiceSummary");
    expect([textAt(summary, "totalNetValue"), textAt(summary, "totalVatAmount"), textAt(summary, "totalGrossValue")]).toEqual([
      "17.87",
      "3.43",
      "21.30",
    ]);
    const retailPayments = children(child(invoices[0], "paymentMethods"), "paymentMethodDetails");
    expect(
      retailPayments.map((p) => [textAt(p, "type"), textAt(p, "amount"), textAt(p, "transactionId"), textAt(p, "tid")]),
    ).toEqual([
      ["3", "10.00", null, null],
      ["7", "11.30", "4f0e2c2e-6a57-4a4c-9a0e-1f3a5c9d2b71", "16012345"],
    ]);

    // 11.2: the service, category1_3, the rest of the card payment
    expect(textAt(invoices[1], "invoiceDetails", "incomeClassification", "classificationCategory")).toBe("category1_3");
    expect(textAt(invoices[1], "paymentMethods", "paymentMethodDetails", "amount")).toBe("4.00");

    // 11.4: correlated mark; 8.6: table, no payments, no classification
    expect(textAt(invoices[2], "invoiceHeader", "correlatedInvoices")).toBe("400000000000123");
    expect(textAt(invoices[3], "invoiceHeader", "tableAA")).toBe("12");
    expect(child(invoices[3], "paymentMethods")).toBeUndefined();
    expect(child(child(invoices[3], "invoiceDetails"), "incomeClassification")).toBeUndefined();
  });

  it("escapes text and still validates", async () => {
    const facts = {
      ...retail,
      series: `A<&>"'`,
      lines: retail.lines.map((l) => ({ ...l, description: 'Σουβλάκι <με> & "πίτα"' })),
    };
    const xml = buildInvoicesDoc([facts]);
    expect(xml).toContain("A&lt;&amp;&gt;&quot;&apos;");
    expect(await validateInvoicesDoc(xml)).toEqual({ valid: true, errors: [] });
    const invoice = child(readXml(xml), "invoice");
    expect(textAt(invoice, "invoiceHeader", "series")).toBe(`A<&>"'`);
    expect(textAt(invoice, "invoiceDetails", "itemDescr")).toBe('Σουβλάκι <με> & "πίτα"');
  });

  it("a broken document fails validation with libxml2's reason", async () => {
    const good = buildInvoicesDoc([retail]);
    const cases = [
      good.replace("<vatCategory>1</vatCategory>", "<vatCategory>11</vatCategory>"),
      good.replace("<netValue>10.08</netValue>", "<netValue>10.085</netValue>"),
      good.replace(/<aa>\d+<\/aa>/, ""),
      good.replace("<invoiceType>11.1</invoiceType>", "<invoiceType>11.9</invoiceType>"),
      good.replace('xmlns="http://www.aade.gr/myDATA/invoice/v1.0"', 'xmlns="http://example.com/not-aade"'),
    ];
    const results = await validateInvoicesDocs(cases);
    for (const result of results) {
      expect(result.valid).toBe(false);
      expect(result.errors.length).toBeGreaterThan(0);
    }
    expect(results[0].errors.join()).toMatch(/vatCategory/);
  });

  it("checks a batch in one run and says which document failed", async () => {
    const good = buildInvoicesDoc([retail]);
    const broken = good.replace("<vatAmount>2.42</vatAmount>", "<vatAmount>-2.42</vatAmount>");
    const [first, second, third] = await validateInvoicesDocs([good, broken, buildInvoicesDoc([orderSlipFacts()])]);
    expect(first).toEqual({ valid: true, errors: [] });
    expect(second.valid).toBe(false);
    expect(second.errors.join()).toMatch(/vatAmount/);
    expect(third).toEqual({ valid: true, errors: [] });
  });

  it("answers checks made at the same time each with its own documents' result (one libxml2 thread for all)", async () => {
    const good = buildInvoicesDoc([retail]);
    const broken = good.replace("<invoiceType>11.1</invoiceType>", "<invoiceType>11.9</invoiceType>");
    const batches = Array.from({ length: 12 }, (_, i) => (i % 3 === 1 ? [good, broken] : [good]));
    const results = await Promise.all(batches.map((batch) => validateInvoicesDocs(batch)));
    results.forEach((result, i) => {
      expect(result[0]).toEqual({ valid: true, errors: [] });
      if (i % 3 === 1) expect(result[1].errors.join()).toMatch(/invoiceType/);
      else expect(result).toHaveLength(1);
    });
  });

  it("refuses facts myDATA would refuse beyond the schema", () => {
    expect(() => buildInvoicesDoc([])).toThrow(RangeError);
    expect(() => buildInvoicesDoc([{ ...retail, paymentMethods: [{ type: 3, amount: 1 }] }])).toThrow(/do not settle/);
    expect(() => buildInvoicesDoc([{ ...creditNoteFacts(), correlatedMarks: [] }])).toThrow(/mark/);
    expect(() => buildInvoicesDoc([{ ...orderSlipFacts(), tableAA: null }])).toThrow(/table/);
    expect(() => buildInvoicesDoc([{ ...orderSlipFacts(), paymentMethods: [{ type: 3, amount: 2130 }] }])).toThrow(/no payment/);
    const zeroRated = { ...retail, lines: [{ netValue: 100, vatCategory: 7 as const, vatAmount: 0, classification: null }] };
    expect(() => buildInvoicesDoc([{ ...zeroRated, paymentMethods: [{ type: 3, amount: 100 }] }])).toThrow(/exemption/);
    expect(() => buildInvoicesDoc([{ ...retail, lines: [{ ...retail.lines[0], netValue: 9.5 }] }])).toThrow(/cents/);
  });

  it("a 0 % line with its exemption reason validates", async () => {
    const facts: FiscalDocumentFacts = {
      ...header,
      series: "A",
      aa: 1,
      invoiceType: "11.1",
      lines: [
        {
          netValue: 500,
          vatCategory: 7,
          vatAmount: 0,
          vatExemptionCategory: 3,
          classification: { type: "E3_561_003", category: "category1_1" },
        },
      ],
      paymentMethods: [{ type: 3, amount: 500 }],
    };
    expect(await validateInvoicesDoc(buildInvoicesDoc([facts]))).toEqual({ valid: true, errors: [] });
  });
});
