import { describe, expect, it } from "vitest";
import {
  buildVatSections,
  discountSections,
  MYDATA_VAT_RATES,
  type MydataVatCategory,
  splitVat,
  sumVatSections,
  vatCategoryOfRate,
  vatRateOfCategory,
} from "./vat.ts";

const CATEGORIES = Object.keys(MYDATA_VAT_RATES).map(Number) as MydataVatCategory[];

describe("VAT categories", () => {
  it.each([
    [24, 1],
    [13, 2],
    [6, 3],
    [17, 4],
    [9, 5],
    [4, 6],
    [0, 7],
  ])("rate %i %% is myDATA category %i, both ways", (rate, category) => {
    expect(vatCategoryOfRate(rate)).toBe(category);
    expect(vatRateOfCategory(category)).toBe(rate);
  });
  it("knows no other rate or category", () => {
    expect(vatCategoryOfRate(23)).toBeNull();
    expect(vatRateOfCategory(8)).toBeNull();
    expect(vatRateOfCategory(0)).toBeNull();
  });
});

describe("splitVat: the VAT in a gross amount, gross × rate ÷ (100 + rate) half up to the cent; net = gross − VAT", () => {
  it.each([
    // gross, category, vat, net
    [1000, 1, 194, 806], // 10.00 € at 24 %: 193.55 ¢ (not the 2.40 € of amount × rate ÷ 100)
    [1240, 1, 240, 1000], // 12.40 € at 24 % is 10.00 € net + 2.40 € VAT exactly
    [1, 1, 0, 1], // 0.19 ¢ rounds down
    [3, 1, 1, 2], // 0.58 ¢ rounds up
    [1250, 2, 144, 1106], // 143.81 ¢
    [350, 3, 20, 330], // 19.81 ¢
    [999, 4, 145, 854], // 145.15 ¢
    [50, 5, 4, 46], // 4.13 ¢
    [1999, 6, 77, 1922], // 76.88 ¢
    [13, 6, 1, 12], // 0.5 ¢ exactly: half up
    [1234, 7, 0, 1234], // 0 %
    [0, 1, 0, 0],
  ] as const)("%i ¢ in category %i: VAT %i, net %i", (gross, category, vat, net) => {
    expect(splitVat(gross, category)).toEqual({ gross, vat, net });
  });

  it("keeps net + VAT = gross, VAT within half a cent of the rule and of net × rate ÷ 100 within a cent, for every amount up to 100 €", () => {
    const broken: string[] = [];
    for (const category of CATEGORIES) {
      const rate = MYDATA_VAT_RATES[category];
      for (let gross = 0; gross <= 10_000; gross++) {
        const split = splitVat(gross, category);
        const off = split.vat - (gross * rate) / (100 + rate);
        const fromNet = Math.abs(split.vat - (split.net * rate) / 100);
        if (split.net + split.vat !== gross || !Number.isInteger(split.vat) || off > 0.5 || off <= -0.5 || fromNet > 1) {
          broken.push(`${gross}@${category}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("refuses what is not whole, non-negative cents or not a category", () => {
    expect(() => splitVat(10.5, 1)).toThrow(RangeError);
    expect(() => splitVat(-1, 1)).toThrow(RangeError);
    expect(() => splitVat(100, 9 as MydataVatCategory)).toThrow(RangeError);
  });
});

describe("buildVatSections", () => {
  it("computes VAT per section of the summed amounts, not per piece", () => {
    // three 0.03 € pieces at 24 %: per piece 1 ¢ each (3 ¢), per section 9 × 0.24 = 2.16 → 2 ¢
    const sections = buildVatSections([
      { gross: 3, vatCategory: 1, productType: "GOOD" },
      { gross: 3, vatCategory: 1, productType: "GOOD" },
      { gross: 3, vatCategory: 1, productType: "GOOD" },
    ]);
    expect(sections).toEqual([{ vatCategory: 1, productType: "GOOD", gross: 9, vat: 2, net: 7 }]);
  });

  it("keeps one section per category and product type, in a stable order, without empty ones", () => {
    const sections = buildVatSections([
      { gross: 500, vatCategory: 2, productType: "SERVICE" },
      { gross: 1200, vatCategory: 1, productType: "GOOD" },
      { gross: 300, vatCategory: 2, productType: "GOOD" },
      { gross: 800, vatCategory: 1, productType: "GOOD" },
      { gross: 0, vatCategory: 3, productType: "GOOD" },
    ]);
    expect(sections.map((s) => [s.vatCategory, s.productType, s.gross])).toEqual([
      [1, "GOOD", 2000],
      [2, "GOOD", 300],
      [2, "SERVICE", 500],
    ]);
  });

  it("totals are the sums of the sections, so net + VAT = gross in the total too", () => {
    const charged = Array.from({ length: 40 }, (_, i) => ({
      gross: 37 * i + 11,
      vatCategory: CATEGORIES[i % CATEGORIES.length],
      productType: i % 3 === 0 ? ("SERVICE" as const) : ("GOOD" as const),
    }));
    const sections = buildVatSections(charged);
    const totals = sumVatSections(sections);
    expect(totals.gross).toBe(charged.reduce((sum, c) => sum + c.gross, 0));
    expect(totals.net + totals.vat).toBe(totals.gross);
    expect(totals.vat).toBe(sections.reduce((sum, s) => sum + s.vat, 0));
    for (const section of sections) expect(section.net + section.vat).toBe(section.gross);
  });
});

describe("discountSections", () => {
  it("takes the discount off in proportion, exactly, by largest remainder", () => {
    const result = discountSections(
      [
        { gross: 1000, tag: "a" },
        { gross: 500, tag: "b" },
        { gross: 500, tag: "c" },
      ],
      101,
    );
    expect(result.map((s) => s.gross)).toEqual([949, 475, 475]);
    expect(result.map((s) => s.tag)).toEqual(["a", "b", "c"]);
    expect(2000 - result.reduce((sum, s) => sum + s.gross, 0)).toBe(101);
  });
  it("leaves sections as they are without a discount, and refuses one beyond the total", () => {
    expect(discountSections([{ gross: 300 }], 0)).toEqual([{ gross: 300 }]);
    expect(discountSections([{ gross: 300 }], 300)).toEqual([{ gross: 0 }]);
    expect(() => discountSections([{ gross: 300 }], 301)).toThrow(RangeError);
    expect(() => discountSections([{ gross: 300 }], -1)).toThrow(RangeError);
  });
});
