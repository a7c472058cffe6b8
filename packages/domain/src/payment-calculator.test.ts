import { describe, expect, it } from "vitest";
import {
  clampDiscount,
  creditDebtorOf,
  discountFromPercentage,
  discountPercentage,
  isCreditDebtorMissing,
  linkCashCard,
  linkDiscount,
  maxDiscount,
  payableTotal,
  splitDiscount,
  validatePaymentAmounts,
} from "./payment-calculator.ts";

describe("payment calculator", () => {
  it("sums the chosen units", () => {
    expect(payableTotal([{ priceCents: 950 }, { priceCents: 100 }, { priceCents: 100 }])).toBe(1150);
    expect(payableTotal([])).toBe(0);
  });

  it("caps a discount so 0.2 € per piece remains, and resets a negative one", () => {
    expect(maxDiscount(1150, 3)).toBe(1090);
    expect(clampDiscount(5000, 1150, 3)).toBe(1090);
    expect(clampDiscount(300, 1150, 3)).toBe(300);
    expect(clampDiscount(-50, 1150, 3)).toBe(0);
    expect(maxDiscount(30, 2)).toBe(0);
  });

  it("links the discount amount and percentage", () => {
    expect(discountPercentage(250, 1000)).toBe(25);
    expect(discountPercentage(100, 0)).toBe(0);
    expect(discountFromPercentage(33.333, 1000)).toBe(333);
    expect(discountFromPercentage(12.5, 999)).toBe(125);
  });

  it("links cash and card so they sum to the payable total, never past it", () => {
    expect(linkCashCard("cash", 500, 1000)).toEqual({ cash: 500, card: 500 });
    expect(linkCashCard("cash", 1200, 1000)).toEqual({ cash: 1000, card: 0 });
    expect(linkCashCard("card", 1000, 1000)).toEqual({ cash: 0, card: 1000 });
    expect(linkCashCard("card", -30, 1000)).toEqual({ cash: 1000, card: 0 });
    expect(linkCashCard("cash", Number.NaN, 1000)).toEqual({ cash: 0, card: 1000 });
    expect(linkCashCard("cash", 300, 0)).toEqual({ cash: 0, card: 0 });
  });

  it("links the discount's amount and percentage, capped at the floor and rounded to 2 decimals", () => {
    expect(linkDiscount({ amount: 250 }, 1000, 2)).toEqual({ amount: 250, percentage: 25 });
    expect(linkDiscount({ amount: 333 }, 999, 1)).toEqual({ amount: 333, percentage: 33.33 });
    expect(linkDiscount({ percentage: 10 }, 1150, 3)).toEqual({ amount: 115, percentage: 10 });
    expect(linkDiscount({ percentage: 12.345 }, 1000, 1)).toEqual({ amount: 123, percentage: 12.35 });
    // 100 % of 11.50 € over 3 pieces leaves 0.60 €: the percentage follows the cap.
    expect(linkDiscount({ percentage: 100 }, 1150, 3)).toEqual({ amount: 1090, percentage: 94.78 });
    expect(linkDiscount({ amount: 5000 }, 1150, 3)).toEqual({ amount: 1090, percentage: 94.78 });
    expect(linkDiscount({ amount: -40 }, 1150, 3)).toEqual({ amount: 0, percentage: 0 });
    expect(linkDiscount({ percentage: -5 }, 1150, 3)).toEqual({ amount: 0, percentage: 0 });
    expect(linkDiscount({ percentage: 50 }, 0, 0)).toEqual({ amount: 0, percentage: 0 });
  });

  it("splits a discount over units by largest remainder, adding up exactly and keeping the floor", () => {
    expect(splitDiscount(1001, [950, 100, 100])).toEqual([854, 74, 73]);
    expect(splitDiscount(1090, [950, 100, 100])).toEqual([930, 80, 80]);
    expect(splitDiscount(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(splitDiscount(1, [950, 100])).toEqual([1, 0]);
    expect(splitDiscount(0, [950, 100])).toEqual([0, 0]);
    const prices = [333, 950, 100, 1, 1250];
    for (const discount of [1, 7, 99, 1234, 2534]) {
      const shares = splitDiscount(discount, prices);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
      for (const [i, share] of shares.entries()) expect(share).toBeLessThanOrEqual(Math.max(0, prices[i] - 20));
    }
  });

  it("validates that cash + card + on credit = total − discount", () => {
    expect(validatePaymentAmounts({ cash: 800, card: 200, onCredit: 50, discount: 100 }, 1150, 3)).toBeNull();
    expect(validatePaymentAmounts({ cash: 800, card: 200, onCredit: 0, discount: 100 }, 1150, 3)).toBe("amounts_do_not_add_up");
    expect(validatePaymentAmounts({ cash: -1, card: 0, onCredit: 0, discount: 0 }, 0, 0)).toBe("negative_amount");
    expect(validatePaymentAmounts({ cash: 60, card: 0, onCredit: 0, discount: 1090 }, 1150, 3)).toBeNull();
    expect(validatePaymentAmounts({ cash: 59, card: 0, onCredit: 0, discount: 1091 }, 1150, 3)).toBe("discount_too_large");
  });
});

describe("who owes an amount on credit (issue 28 A9)", () => {
  it("is required with any amount on credit: missing, empty or blank is missing", () => {
    for (const typed of [undefined, null, "", "  \t "]) expect(isCreditDebtorMissing(1, typed)).toBe(true);
    expect(isCreditDebtorMissing(1200, "Νίκος")).toBe(false);
  });

  it("is not asked, and not kept, without credit", () => {
    expect(isCreditDebtorMissing(0, undefined)).toBe(false);
    expect(creditDebtorOf(0, "Νίκος")).toBeNull();
  });

  it("is kept trimmed", () => {
    expect(creditDebtorOf(500, "  Νίκος (φίλος)  ")).toBe("Νίκος (φίλος)");
    expect(creditDebtorOf(500, "   ")).toBeNull();
  });
});
