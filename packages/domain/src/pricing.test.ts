import { describe, expect, it } from "vitest";
import { itemUnitPriceCents } from "./pricing.ts";

const souvlaki = {
  priceCents: 1100,
  preparationWays: [
    { id: 1, priceCents: 0 },
    { id: 2, priceCents: 150 },
  ],
  extraIngredients: [
    { id: 10, priceCents: 50 },
    { id: 11, priceCents: 100 },
  ],
};

describe("item price = base + preparation way + selected extras", () => {
  it("is the base price with nothing chosen", () => {
    expect(itemUnitPriceCents(souvlaki, { preparationWayId: null, extraIngredientIds: [] })).toBe(1100);
  });
  it("adds the chosen preparation way", () => {
    expect(itemUnitPriceCents(souvlaki, { preparationWayId: 2, extraIngredientIds: [] })).toBe(1250);
  });
  it("adds every chosen extra once", () => {
    expect(itemUnitPriceCents(souvlaki, { preparationWayId: 2, extraIngredientIds: [10, 11] })).toBe(1400);
    expect(itemUnitPriceCents(souvlaki, { preparationWayId: 1, extraIngredientIds: [10, 10] })).toBe(1150);
  });
  it("refuses options the product does not have", () => {
    expect(() => itemUnitPriceCents(souvlaki, { preparationWayId: 9, extraIngredientIds: [] })).toThrow(RangeError);
    expect(() => itemUnitPriceCents(souvlaki, { preparationWayId: null, extraIngredientIds: [99] })).toThrow(RangeError);
  });
});
