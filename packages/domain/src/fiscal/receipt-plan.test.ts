import { describe, expect, it } from "vitest";
import { planReceipts } from "./receipt-plan.ts";
import { buildVatSections } from "./vat.ts";

describe("planReceipts", () => {
  it("a sale of goods is one retail receipt carrying every payment part", () => {
    const sections = buildVatSections([
      { gross: 1240, vatCategory: 1, productType: "GOOD" },
      { gross: 560, vatCategory: 2, productType: "GOOD" },
    ]);
    const [receipt, ...others] = planReceipts({
      sections,
      payments: [
        { method: "CASH", amount: 800 },
        { method: "CARD", amount: 1000, transactionId: "t-1", tid: "12345678" },
      ],
    });
    expect(others).toEqual([]);
    expect(receipt.invoiceType).toBe("11.1");
    // 12,40 € at 24 % holds 2,40 € of VAT; 5,60 € at 13 % holds 0,64 €.
    expect(receipt.totals).toEqual({ gross: 1800, vat: 240 + 64, net: 1800 - 304 });
    expect(receipt.payments).toEqual([
      { method: "CASH", code: 3, amount: 800, transactionId: null, tid: null },
      { method: "CARD", code: 7, amount: 1000, transactionId: "t-1", tid: "12345678" },
    ]);
  });

  it("a sale of services only is one service receipt", () => {
    const receipts = planReceipts({
      sections: buildVatSections([{ gross: 500, vatCategory: 1, productType: "SERVICE" }]),
      payments: [{ method: "CREDIT", amount: 500 }],
    });
    expect(receipts.map((r) => [r.invoiceType, r.payments.map((p) => [p.code, p.amount])])).toEqual([["11.2", [[5, 500]]]]);
  });

  it("a mixed sale issues one receipt of each type, sharing the payment parts out exactly, goods first", () => {
    const sections = buildVatSections([
      { gross: 1200, vatCategory: 1, productType: "GOOD" },
      { gross: 300, vatCategory: 1, productType: "SERVICE" },
    ]);
    const receipts = planReceipts({
      sections,
      payments: [
        { method: "CASH", amount: 1000 },
        { method: "CARD", amount: 500, transactionId: "t-9", tid: "87654321" },
      ],
    });
    expect(receipts.map((r) => r.invoiceType)).toEqual(["11.1", "11.2"]);
    expect(receipts[0].payments.map((p) => [p.method, p.amount, p.transactionId])).toEqual([
      ["CASH", 1000, null],
      ["CARD", 200, "t-9"],
    ]);
    expect(receipts[1].payments.map((p) => [p.method, p.amount, p.tid])).toEqual([["CARD", 300, "87654321"]]);
    for (const receipt of receipts) {
      expect(receipt.payments.reduce((sum, p) => sum + p.amount, 0)).toBe(receipt.totals.gross);
      expect(receipt.totals.net + receipt.totals.vat).toBe(receipt.totals.gross);
    }
  });

  it("declares a part's tip once, on its first share, beside the amounts: no total changes", () => {
    const sections = buildVatSections([
      { gross: 1200, vatCategory: 1, productType: "GOOD" },
      { gross: 300, vatCategory: 1, productType: "SERVICE" },
    ]);
    const receipts = planReceipts({
      sections,
      payments: [
        { method: "CASH", amount: 1000 },
        { method: "CARD", amount: 500, transactionId: "t-9", tid: "87654321", tip: 150 },
      ],
    });
    expect(receipts[0].payments).toEqual([
      { method: "CASH", code: 3, amount: 1000, transactionId: null, tid: null },
      { method: "CARD", code: 7, amount: 200, transactionId: "t-9", tid: "87654321", tipAmount: 150 },
    ]);
    expect(receipts[1].payments).toEqual([{ method: "CARD", code: 7, amount: 300, transactionId: "t-9", tid: "87654321" }]);
    expect(receipts.map((r) => r.totals.gross)).toEqual([1200, 300]);
  });

  it("refuses a negative tip, and a tip on a part that pays nothing", () => {
    const sections = buildVatSections([{ gross: 500, vatCategory: 1, productType: "GOOD" }]);
    expect(() => planReceipts({ sections, payments: [{ method: "CASH", amount: 500, tip: -1 }] })).toThrow(RangeError);
    expect(() =>
      planReceipts({
        sections,
        payments: [
          { method: "CASH", amount: 500 },
          { method: "CARD", amount: 0, tip: 100 },
        ],
      }),
    ).toThrow(RangeError);
  });

  it("refuses payments that do not settle the sale, negative parts and gift parts", () => {
    const sections = buildVatSections([{ gross: 1000, vatCategory: 1, productType: "GOOD" }]);
    expect(() => planReceipts({ sections, payments: [{ method: "CASH", amount: 999 }] })).toThrow(RangeError);
    expect(() =>
      planReceipts({
        sections,
        payments: [
          { method: "CASH", amount: 1001 },
          { method: "CARD", amount: -1 },
        ],
      }),
    ).toThrow(RangeError);
    expect(() => planReceipts({ sections, payments: [{ method: "NO_PAYMENT", amount: 1000 }] })).toThrow(RangeError);
  });

  it("skips zero parts", () => {
    const sections = buildVatSections([{ gross: 1000, vatCategory: 1, productType: "GOOD" }]);
    const [receipt] = planReceipts({
      sections,
      payments: [
        { method: "CARD", amount: 0 },
        { method: "CASH", amount: 1000 },
      ],
    });
    expect(receipt.payments.map((p) => p.method)).toEqual(["CASH"]);
  });
});
