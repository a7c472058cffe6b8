import { describe, expect, it } from "vitest";
import { basePriceFor, isProductOrderable, isProductOrderableFor } from "./availability.ts";

const product = { active: true, deletedAt: null, hasDineInPrice: true, categoryId: 1, preparationAreaId: 2 };

describe("a product can be ordered", () => {
  it("when available, priced, in a section and its area open", () => {
    expect(isProductOrderable(product, true)).toBe(true);
    expect(isProductOrderable({ ...product, preparationAreaId: null }, null)).toBe(true);
  });
  it.each([
    ["switched off", { ...product, active: false }, true],
    ["deleted", { ...product, deletedAt: new Date() }, true],
    ["without a dine-in price", { ...product, hasDineInPrice: false }, true],
    ["outside any menu section", { ...product, categoryId: null }, true],
    ["in a closed area", product, false],
  ])("not when %s", (_why, candidate, areaActive) => {
    expect(isProductOrderable(candidate, areaActive)).toBe(false);
  });
});

const both = {
  ...product,
  priceCents: 450,
  hasTakeAwayPrice: true,
  takeAwayPriceCents: 400,
  takeAwayActive: true,
};

describe("a product can be ordered for a take-away", () => {
  it("with a take-away price and switched on for take-away, even when off or unpriced for dine-in", () => {
    expect(isProductOrderableFor(both, true, "TAKE_AWAY")).toBe(true);
    expect(isProductOrderableFor({ ...both, active: false, hasDineInPrice: false }, true, "TAKE_AWAY")).toBe(true);
    expect(isProductOrderableFor({ ...both, active: false }, true, "DINE_IN")).toBe(false);
  });
  it.each([
    ["switched off for take-away", { ...both, takeAwayActive: false }, true],
    ["without a take-away price", { ...both, hasTakeAwayPrice: false }, true],
    ["with the flag but no amount", { ...both, takeAwayPriceCents: null }, true],
    ["deleted", { ...both, deletedAt: new Date() }, true],
    ["outside any menu section", { ...both, categoryId: null }, true],
    ["in a closed area", both, false],
  ])("not when %s", (_why, candidate, areaActive) => {
    expect(isProductOrderableFor(candidate, areaActive, "TAKE_AWAY")).toBe(false);
  });
  it("is priced at the take-away price, dine-in at the dine-in price", () => {
    expect(basePriceFor(both, "TAKE_AWAY")).toBe(400);
    expect(basePriceFor(both, "DINE_IN")).toBe(450);
  });
});
