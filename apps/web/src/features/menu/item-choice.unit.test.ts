import { addToBasket } from "@tableorder/domain/basket";
import type { MenuProduct } from "@tableorder/domain/contracts/menu";
import { describe, expect, it } from "vitest";
import { choiceUnitPrice, initialChoice, toBasketLineInput } from "./item-choice.ts";

const salad: MenuProduct = {
  id: 10,
  name: "Χωριάτικη",
  description: null,
  imageUrl: null,
  imageVariants: [],
  price: 950,
  takeAwayPrice: null,
  active: true,
  hasTakeAwayPrice: false,
  hasDineInPrice: true,
  takeAwayActive: true,
  preparationArea: "Kitchen",
  preparationAreaId: 1,
  translationMissing: false,
  untranslated: false,
  basicIngredients: [
    { id: 1, name: "Κρεμμύδι", extraPrice: 0, selected: true },
    { id: 2, name: "Πιπεριά", extraPrice: 0, selected: true },
  ],
  extraIngredients: [{ id: 3, name: "Κάπαρη", extraPrice: 50, selected: false }],
  preparationWays: [
    { id: 4, label: "Κανονική", price: 0 },
    { id: 5, label: "Μεγάλη", price: 300 },
  ],
  allergens: [],
};

describe("item choice (spec 1 §4)", () => {
  it("starts with the first way, every basic ingredient kept, no extras, quantity 1", () => {
    expect(initialChoice(salad)).toEqual({ preparationWayId: 4, keptBasicIds: [1, 2], extraIds: [], notes: "", quantity: 1 });
  });

  it("prices base + way + extras", () => {
    expect(choiceUnitPrice(salad, { ...initialChoice(salad), preparationWayId: 5, extraIds: [3] })).toBe(1300);
  });

  it("makes a basket line that merges with an identical one", () => {
    const choice = { ...initialChoice(salad), keptBasicIds: [2], extraIds: [3], quantity: 2, notes: " λίγο λάδι " };
    const line = toBasketLineInput(salad, choice);
    expect(line).toEqual({
      productId: 10,
      preparationWayId: 4,
      basicIngredientIds: [2],
      extraIngredientIds: [3],
      notes: "λίγο λάδι",
      quantity: 2,
      unitPriceCents: 1000,
      name: salad.name,
    });
    const basket = addToBasket(addToBasket([], line), { ...line, quantity: 1 });
    expect(basket).toHaveLength(1);
    expect(basket[0].quantity).toBe(3);
  });
});
