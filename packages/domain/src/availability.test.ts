import { describe, expect, it } from "vitest";
import { isProductOrderable } from "./availability.ts";

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
