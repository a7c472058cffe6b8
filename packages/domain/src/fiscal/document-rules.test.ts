import { describe, expect, it } from "vitest";
import { PAYMENT_METHODS, PAYMENT_TYPES } from "../enums.ts";
import {
  DOCUMENT_TYPE_OF_INVOICE_TYPE,
  FISCAL_PATHS,
  type FiscalDocumentKind,
  type FiscalPath,
  fiscalDocumentKindOf,
  incomeClassificationOf,
  isCancellableDocumentType,
  paymentIssuesReceipt,
  paymentMethodCode,
  paymentMethodsOfPath,
  receiptTypeOf,
} from "./document-rules.ts";

describe("payment method codes", () => {
  it.each([
    ["CASH", 3],
    ["CARD", 7],
    ["CREDIT", 5],
    ["NO_PAYMENT", null],
  ] as const)("%s is myDATA %s", (method, code) => {
    expect(paymentMethodCode(method)).toBe(code);
  });
  it("only a gift part has no myDATA code", () => {
    expect(PAYMENT_METHODS.filter((method) => paymentMethodCode(method) === null)).toEqual(["NO_PAYMENT"]);
  });
});

describe("payment types", () => {
  it.each([
    ["FULL", true],
    ["PARTIAL", true],
    ["GIFT", false],
    ["TABLE_TRANSFER", false],
  ] as const)("%s issues a receipt: %s", (type, issues) => {
    expect(paymentIssuesReceipt(type)).toBe(issues);
  });
  it("only a gift or a transfer goes without a receipt", () => {
    expect(PAYMENT_TYPES.filter((type) => !paymentIssuesReceipt(type))).toEqual(["GIFT", "TABLE_TRANSFER"]);
  });
});

describe("document types and classification", () => {
  it("goods go on a retail receipt (11.1), services on a service receipt (11.2)", () => {
    expect(receiptTypeOf("GOOD")).toBe("11.1");
    expect(receiptTypeOf("SERVICE")).toBe("11.2");
  });
  it("classifies retail income as E3_561_003, goods category1_1 and services category1_3", () => {
    expect(incomeClassificationOf("GOOD")).toEqual({ type: "E3_561_003", category: "category1_1" });
    expect(incomeClassificationOf("SERVICE")).toEqual({ type: "E3_561_003", category: "category1_3" });
  });
  it("names each type as the spec does", () => {
    expect(DOCUMENT_TYPE_OF_INVOICE_TYPE).toEqual({
      "11.1": "RECEIPT",
      "11.2": "SERVICE_RECEIPT",
      "11.4": "CREDIT_NOTE",
      "8.6": "ORDER",
    });
  });
});

describe("every path to its document and payment methods", () => {
  const expected: Record<FiscalPath, [FiscalDocumentKind, string[]]> = {
    WAITER_COLLECTION: ["RECEIPT", ["CASH", "CARD", "CREDIT"]],
    ONLINE_CARD: ["RECEIPT", ["CARD"]],
    CARD_TERMINAL: ["RECEIPT", ["CARD"]],
    CASH_REGISTER: ["RECEIPT", ["CASH", "CARD"]],
    PARTIAL_PAYMENT: ["RECEIPT", ["CASH", "CARD", "CREDIT"]],
    TABLE_BILL: ["ORDER_SLIP", []],
    ORDER_SENT: ["NONE", []],
    PIECES_TAKEN_OFF: ["ORDER_SLIP", []],
    CANCELLATION: ["CREDIT_NOTE", ["CASH", "CARD", "CREDIT"]],
    GIFT: ["NONE", []],
    TABLE_TRANSFER: ["NONE", []],
  };
  it.each(FISCAL_PATHS.map((path) => [path]))("%s", (path) => {
    expect(fiscalDocumentKindOf(path)).toBe(expected[path][0]);
    expect(paymentMethodsOfPath(path)).toEqual(expected[path][1]);
  });
  it("a sent order issues its own order slip only when the venue asks for one on every order; the bill then none", () => {
    expect(fiscalDocumentKindOf("ORDER_SENT", { orderSlipOnEveryOrder: true })).toBe("ORDER_SLIP");
    expect(fiscalDocumentKindOf("TABLE_BILL", { orderSlipOnEveryOrder: true })).toBe("NONE");
    // A slip's correction comes whichever way the slip came.
    expect(fiscalDocumentKindOf("PIECES_TAKEN_OFF", { orderSlipOnEveryOrder: true })).toBe("ORDER_SLIP");
  });
  it("a card, online or on a terminal, is always POS / e-POS (7)", () => {
    for (const path of ["ONLINE_CARD", "CARD_TERMINAL"] as const) {
      expect(paymentMethodsOfPath(path).map(paymentMethodCode)).toEqual([7]);
    }
  });
});

describe("which documents the administrator may cancel", () => {
  it("receipts only: an order slip is no sale, a credit note is itself the cancellation", () => {
    expect(["RECEIPT", "SERVICE_RECEIPT", "ORDER", "CREDIT_NOTE", "DELIVERY_NOTE"].filter(isCancellableDocumentType)).toEqual([
      "RECEIPT",
      "SERVICE_RECEIPT",
    ]);
  });
});
