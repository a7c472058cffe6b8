import type { PaymentMethod, PaymentType, ProductType } from "../enums.ts";

/**
 * The myDATA invoice types the product issues (INTEGRATIONS.md, myDATA; spec 3 §9 names them):
 * 11.1 retail receipt (RECEIPT), 11.2 service receipt (SERVICE_RECEIPT), 11.4 retail credit note
 * (CREDIT_NOTE), 8.6 restaurant order slip (ORDER). The spec's DELIVERY_NOTE (6.1) is never issued.
 */
export const FISCAL_INVOICE_TYPES = ["11.1", "11.2", "11.4", "8.6"] as const;
export type FiscalInvoiceType = (typeof FISCAL_INVOICE_TYPES)[number];

/** The spec's name of each type, as the documents' `type` field carries it (spec 3 §3, §9). */
export const DOCUMENT_TYPE_OF_INVOICE_TYPE = {
  "11.1": "RECEIPT",
  "11.2": "SERVICE_RECEIPT",
  "11.4": "CREDIT_NOTE",
  "8.6": "ORDER",
} as const satisfies Record<FiscalInvoiceType, string>;

/** myDATA payment method codes used here: 3 cash, 5 on credit, 7 POS / e-POS. */
export type MydataPaymentMethodCode = 3 | 5 | 7;

/**
 * The myDATA payment method of a way of paying (spec 3 §9 methods). NO_PAYMENT (a gift) has
 * none: nothing was paid, so no receipt is issued for it.
 */
export function paymentMethodCode(method: PaymentMethod): MydataPaymentMethodCode | null {
  switch (method) {
    case "CASH":
      return 3;
    case "CARD":
      return 7;
    case "CREDIT":
      return 5;
    case "NO_PAYMENT":
      return null;
  }
}

/**
 * Whether a payment of this type gets a receipt: FULL and PARTIAL payments do; a GIFT carries no
 * payment and a TABLE_TRANSFER only moves what is owed, so neither is a sale (issue 13).
 */
export function paymentIssuesReceipt(type: PaymentType): boolean {
  return type === "FULL" || type === "PARTIAL";
}

/** The receipt type of what was sold: goods on a retail receipt (11.1), services on a service receipt (11.2). */
export function receiptTypeOf(productType: ProductType): "11.1" | "11.2" {
  return productType === "GOOD" ? "11.1" : "11.2";
}

export const INCOME_CLASSIFICATION_TYPE = "E3_561_003";
export type IncomeClassificationCategory = "category1_1" | "category1_3";

/**
 * How a receipt's line is classified for income (INTEGRATIONS.md): retail sales E3_561_003, goods
 * as category1_1, services as category1_3. An order slip (8.6) is not income and is not classified.
 */
export function incomeClassificationOf(productType: ProductType): {
  type: typeof INCOME_CLASSIFICATION_TYPE;
  category: IncomeClassificationCategory;
} {
  return { type: INCOME_CLASSIFICATION_TYPE, category: productType === "GOOD" ? "category1_1" : "category1_3" };
}

/**
 * Every way the product takes money or bills, and the documents it owes myDATA for it. The
 * collecting paths (waiter, guest online, card terminal, cash register, partial payments) issue
 * receipts whose type follows what was sold; billing and sending an order issue an order slip;
 * taking pieces off after their order slip replaces the slip; a cancellation issues a credit
 * note; gifts and transfers issue nothing.
 */
export const FISCAL_PATHS = [
  "WAITER_COLLECTION",
  "ONLINE_CARD",
  "CARD_TERMINAL",
  "CASH_REGISTER",
  "PARTIAL_PAYMENT",
  "TABLE_BILL",
  "ORDER_SENT",
  "PIECES_TAKEN_OFF",
  "CANCELLATION",
  "GIFT",
  "TABLE_TRANSFER",
] as const;
export type FiscalPath = (typeof FISCAL_PATHS)[number];

export type FiscalDocumentKind = "RECEIPT" | "ORDER_SLIP" | "CREDIT_NOTE" | "NONE";

/**
 * What a path issues. A venue chooses where its order slips come from (issue 13): with every sent
 * order ("order slip on every order"), then the bill issues none, or with the bill.
 */
export function fiscalDocumentKindOf(path: FiscalPath, options: { orderSlipOnEveryOrder?: boolean } = {}): FiscalDocumentKind {
  switch (path) {
    case "WAITER_COLLECTION":
    case "ONLINE_CARD":
    case "CARD_TERMINAL":
    case "CASH_REGISTER":
    case "PARTIAL_PAYMENT":
      return "RECEIPT";
    case "TABLE_BILL":
      return options.orderSlipOnEveryOrder ? "NONE" : "ORDER_SLIP";
    case "ORDER_SENT":
      return options.orderSlipOnEveryOrder ? "ORDER_SLIP" : "NONE";
    // Whenever a slip recorded them: the slip is cancelled and a new one carries the rest.
    case "PIECES_TAKEN_OFF":
      return "ORDER_SLIP";
    case "CANCELLATION":
      return "CREDIT_NOTE";
    case "GIFT":
    case "TABLE_TRANSFER":
      return "NONE";
  }
}

/**
 * The payment methods a path can carry: a card online or on a terminal is always 7 (POS / e-POS);
 * the waiter and the register may take cash, card and on-credit parts.
 */
export function paymentMethodsOfPath(path: FiscalPath): readonly PaymentMethod[] {
  switch (path) {
    case "ONLINE_CARD":
    case "CARD_TERMINAL":
      return ["CARD"];
    case "WAITER_COLLECTION":
    case "PARTIAL_PAYMENT":
      return ["CASH", "CARD", "CREDIT"];
    case "CASH_REGISTER":
      return ["CASH", "CARD"];
    case "CANCELLATION":
      return ["CASH", "CARD", "CREDIT"];
    case "TABLE_BILL":
    case "ORDER_SENT":
    case "PIECES_TAKEN_OFF":
    case "GIFT":
    case "TABLE_TRANSFER":
      return [];
  }
}

/**
 * Which documents the administrator may cancel (spec 3 §7.2): a receipt, by a credit note. An order
 * slip is not a sale and a credit note is itself the cancellation.
 */
export function isCancellableDocumentType(type: string): boolean {
  return type === "RECEIPT" || type === "SERVICE_RECEIPT";
}
