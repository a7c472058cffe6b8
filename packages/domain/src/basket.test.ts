import { describe, expect, it } from "vitest";
import {
  addToBasket,
  type BasketLineInput,
  basketCount,
  basketQuantityByProduct,
  basketTotalCents,
  removeFromBasket,
  setBasketQuantity,
} from "./basket.ts";

const salad = (overrides: Partial<BasketLineInput> = {}): BasketLineInput => ({
  productId: 7,
  preparationWayId: null,
  basicIngredientIds: [1, 2],
  extraIngredientIds: [],
  notes: "",
  quantity: 1,
  unitPriceCents: 950,
  ...overrides,
});

describe("basket", () => {
  it("merges an item identical in all options, ignoring quantity", () => {
    let basket = addToBasket([], salad());
    basket = addToBasket(basket, salad({ quantity: 2, basicIngredientIds: [2, 1] }));
    expect(basket).toHaveLength(1);
    expect(basket[0].quantity).toBe(3);
  });
  it("keeps items apart when any option differs", () => {
    let basket = addToBasket([], salad());
    basket = addToBasket(basket, salad({ basicIngredientIds: [2] }));
    basket = addToBasket(basket, salad({ extraIngredientIds: [5], unitPriceCents: 1000 }));
    basket = addToBasket(basket, salad({ notes: "χωρίς αλάτι" }));
    basket = addToBasket(basket, salad({ preparationWayId: 3 }));
    expect(basket).toHaveLength(5);
  });
  it("treats notes differing only in surrounding spaces as the same", () => {
    const basket = addToBasket(addToBasket([], salad({ notes: "καλοψημένο" })), salad({ notes: " καλοψημένο " }));
    expect(basket).toHaveLength(1);
  });
  it("counts each product over all its lines", () => {
    let basket = addToBasket([], salad({ quantity: 2 }));
    basket = addToBasket(basket, salad({ quantity: 1, notes: "χωρίς αλάτι" }));
    basket = addToBasket(basket, salad({ productId: 9, quantity: 3 }));
    expect(basketQuantityByProduct(basket)).toEqual(
      new Map([
        [7, 3],
        [9, 3],
      ]),
    );
    expect(basketQuantityByProduct([])).toEqual(new Map());
  });

  it("totals in cents and counts pieces", () => {
    let basket = addToBasket([], salad({ quantity: 2 }));
    basket = addToBasket(basket, salad({ productId: 8, unitPriceCents: 350 }));
    expect(basketTotalCents(basket)).toBe(2250);
    expect(basketCount(basket)).toBe(3);
  });
  it("never lets the counter drop under 1, and removes a line only on request", () => {
    const basket = addToBasket([], salad({ quantity: 2 }));
    expect(setBasketQuantity(basket, basket[0].key, 0)[0].quantity).toBe(1);
    expect(setBasketQuantity(basket, basket[0].key, 5)[0].quantity).toBe(5);
    expect(removeFromBasket(basket, basket[0].key)).toEqual([]);
  });
});
