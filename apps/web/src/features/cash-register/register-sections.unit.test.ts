import { describe, expect, it } from "vitest";
import {
  MAX_SECTION_CENTS,
  MAX_SECTIONS,
  makeSection,
  parseSource,
  pressKey,
  sectionsTotal,
  sectionVat,
} from "./register-sections.ts";

describe("the register's keypad", () => {
  it("shifts digits in as cents, adds 00, drops the last on backspace, clears", () => {
    let cents = 0;
    for (const key of ["1", "2", "5"]) cents = pressKey(cents, key);
    expect(cents).toBe(125);
    expect(pressKey(cents, "00")).toBe(12500);
    expect(pressKey(cents, "back")).toBe(12);
    expect(pressKey(cents, "clear")).toBe(0);
    expect(pressKey(0, "0")).toBe(0);
  });

  it("ignores what is not a key and never passes the API's limit", () => {
    expect(pressKey(125, "x")).toBe(125);
    expect(pressKey(125, "-1")).toBe(125);
    expect(pressKey(MAX_SECTION_CENTS / 10, "1")).toBe(MAX_SECTION_CENTS / 10);
    expect(pressKey(MAX_SECTION_CENTS / 10, "0")).toBe(MAX_SECTION_CENTS);
  });
});

describe("the register's sections", () => {
  it("refuses an empty amount and a 51st section", () => {
    expect(makeSection({ amount: 0, vat: 24, type: "GOOD", key: "a", count: 0 })).toBeNull();
    expect(makeSection({ amount: 100, vat: 24, type: "GOOD", key: "a", count: MAX_SECTIONS })).toBeNull();
    expect(makeSection({ amount: 1000, vat: 13, type: "SERVICE", key: "a", count: 3 })).toEqual({
      key: "a",
      sectionAmount: 1000,
      sectionVat: 13,
      sectionType: "SERVICE",
    });
  });

  it("adds up the sections and tells the VAT each one holds (the domain's splitVat)", () => {
    expect(sectionsTotal([{ sectionAmount: 1000 }, { sectionAmount: 500 }])).toBe(1500);
    expect(sectionsTotal([])).toBe(0);
    expect(sectionVat({ sectionAmount: 1000, sectionVat: 24 })).toEqual({ vat: 194, net: 806 });
    expect(sectionVat({ sectionAmount: 1240, sectionVat: 24 })).toEqual({ vat: 240, net: 1000 });
    expect(sectionVat({ sectionAmount: 505, sectionVat: 13 })).toEqual({ vat: 58, net: 447 });
  });

  it("reads the source from the query and nothing else", () => {
    expect(parseSource("TAKE_AWAY")).toBe("TAKE_AWAY");
    expect(parseSource("take-away")).toBeNull();
    expect(parseSource(null)).toBeNull();
  });
});
