import { describe, expect, it } from "vitest";
import {
  centsToAmountText,
  centsToEuros,
  cleanAmountText,
  decimalMarkOf,
  eurosToCents,
  formatEuros,
  roundTo2,
  sumCents,
} from "./money.ts";

describe("money", () => {
  it("parses typed euros into cents, rounding to the cent", () => {
    expect(eurosToCents("12.5")).toBe(1250);
    expect(eurosToCents("12,50")).toBe(1250);
    expect(eurosToCents("0.1")).toBe(10);
    expect(eurosToCents("1.005")).toBe(101);
    expect(eurosToCents(0.29)).toBe(29);
  });
  it("turns a non-numeric entry into nothing (spec 1 §5)", () => {
    expect(eurosToCents("abc")).toBeNull();
    expect(eurosToCents("")).toBeNull();
    expect(eurosToCents("1.2.3")).toBeNull();
  });
  it("keeps an amount as typed with a comma or a dot, shown with the reader's mark", () => {
    expect(decimalMarkOf("el")).toBe(",");
    expect(decimalMarkOf("en-US")).toBe(".");
    expect(cleanAmountText("9,50", ",")).toBe("9,50");
    expect(cleanAmountText("9.50", ",")).toBe("9,50");
    expect(cleanAmountText("9,50", ".")).toBe("9.50");
    expect(cleanAmountText("9,", ",")).toBe("9,");
    expect(cleanAmountText(",5", ",")).toBe(",5");
    expect(eurosToCents(cleanAmountText("9,50", ","))).toBe(950);
  });
  it("rounds a typed amount past 2 decimals and empties anything that is not one (spec 1-3 §5)", () => {
    expect(cleanAmountText("12,345", ",")).toBe("12,35");
    expect(cleanAmountText("0.505", ".")).toBe("0.51");
    expect(cleanAmountText("abc", ",")).toBe("");
    expect(cleanAmountText("1,2,3", ",")).toBe("");
    expect(cleanAmountText("1.2,3", ",")).toBe("");
    expect(cleanAmountText("-3", ",")).toBe("");
    expect(cleanAmountText("", ",")).toBe("");
  });
  it("shows cents in an amount field the reader's way", () => {
    expect(centsToAmountText(950, ",")).toBe("9,50");
    expect(centsToAmountText(950, ".")).toBe("9.50");
    expect(centsToAmountText(5, ",")).toBe("0,05");
    expect(centsToAmountText(null, ",")).toBe("");
  });
  it("rounds to 2 decimals", () => {
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(0.1 + 0.2)).toBe(0.3);
    expect(centsToEuros(1999)).toBe(19.99);
  });
  it("formats euros per language", () => {
    expect(formatEuros(1250, "el-GR")).toMatch(/12,50\s€/);
    expect(formatEuros(1250, "en-US")).toBe("€12.50");
  });
  it("adds only whole cents", () => {
    expect(sumCents([10, 20, 30])).toBe(60);
    expect(() => sumCents([0.1, 0.2])).toThrow(TypeError);
  });
});
