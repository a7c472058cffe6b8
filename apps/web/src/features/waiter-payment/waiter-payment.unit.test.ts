import { describe, expect, it } from "vitest";
import { centsText, normalizeNumberText } from "./amount-input.tsx";
import { flowQuery, PAYMENT_METHOD_OF_ROUTE, PAYMENT_TYPE_OF_ROUTE, tableFeedPath } from "./payment-flow.ts";

describe("the waiter's amount fields", () => {
  it("round to 2 decimals, take a comma, and empty a non-numeric entry (spec 2 §5)", () => {
    expect(normalizeNumberText("12.345")).toBe("12.35");
    expect(normalizeNumberText("0.505")).toBe("0.51");
    expect(normalizeNumberText("3,5")).toBe("3.5");
    expect(normalizeNumberText("7.")).toBe("7.");
    expect(normalizeNumberText("abc")).toBe("");
    expect(normalizeNumberText("1.2.3")).toBe("");
    expect(normalizeNumberText("")).toBe("");
    expect(normalizeNumberText("-")).toBe("-");
  });

  it("show cents as euros with 2 decimals", () => {
    expect(centsText(1850)).toBe("18.50");
    expect(centsText(5)).toBe("0.05");
    expect(centsText(0)).toBe("0");
  });
});

describe("the payment flow's routes and parameters", () => {
  it("names the types and methods as the spec's routes do", () => {
    expect(PAYMENT_TYPE_OF_ROUTE["gift-payment"]).toBe("gift");
    expect(PAYMENT_METHOD_OF_ROUTE["no-payment"]).toBe("none");
    expect(PAYMENT_TYPE_OF_ROUTE["table-transfer"]).toBeUndefined();
    expect(tableFeedPath(12, "A 1")).toBe("/service/wait/12/A%201/feed");
  });

  it("carries only the spec's parameters forward, with changes and removals", () => {
    const current = new URLSearchParams("selectedProducts=x&totalPrice=550&other=1&returnTo=%2Fback");
    expect(flowQuery(current)).toBe("?selectedProducts=x&totalPrice=550&returnTo=%2Fback");
    expect(flowQuery(current, { selectedProducts: null, totalCount: "2" })).toBe("?totalPrice=550&totalCount=2&returnTo=%2Fback");
    expect(flowQuery(new URLSearchParams())).toBe("");
  });
});
