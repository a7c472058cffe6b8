import { describe, expect, it } from "vitest";
import { centsToEuros, eurosToCents, formatEuros, roundTo2, sumCents } from "./money.ts";

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
