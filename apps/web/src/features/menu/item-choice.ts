import type { BasketLineInput } from "@tableorder/domain/basket";
import type { MenuProduct } from "@tableorder/domain/contracts/menu";
import type { Cents } from "@tableorder/domain/money";
import { itemUnitPriceCents } from "@tableorder/domain/pricing";

/** What a guest has chosen on one expanded menu item. */
export interface ItemChoice {
  preparationWayId: number | null;
  /** Basic ingredients kept; unticking one removes it from the dish. */
  keptBasicIds: number[];
  extraIds: number[];
  notes: string;
  quantity: number;
}

/**
 * A fresh item (spec 1 §4): first preparation way chosen, every basic ingredient kept, no
 * extras, quantity 1, empty comment. Also what an item resets to after it is added.
 */
export function initialChoice(product: MenuProduct): ItemChoice {
  return {
    preparationWayId: product.preparationWays[0]?.id ?? null,
    keptBasicIds: product.basicIngredients.map((i) => i.id),
    extraIds: [],
    notes: "",
    quantity: 1,
  };
}

/** Unit price: base + chosen way + chosen extras, by the shared pricing rule. */
export function choiceUnitPrice(product: MenuProduct, choice: ItemChoice): Cents {
  return itemUnitPriceCents(
    {
      priceCents: product.price,
      preparationWays: product.preparationWays.map((w) => ({ id: w.id, priceCents: w.price })),
      extraIngredients: product.extraIngredients.map((e) => ({ id: e.id, priceCents: e.extraPrice })),
    },
    { preparationWayId: choice.preparationWayId, extraIngredientIds: choice.extraIds },
  );
}

export function toBasketLineInput(product: MenuProduct, choice: ItemChoice): BasketLineInput {
  return {
    productId: product.id,
    preparationWayId: choice.preparationWayId,
    basicIngredientIds: product.basicIngredients.map((i) => i.id).filter((id) => choice.keptBasicIds.includes(id)),
    extraIngredientIds: product.extraIngredients.map((i) => i.id).filter((id) => choice.extraIds.includes(id)),
    notes: choice.notes.trim(),
    quantity: choice.quantity,
    unitPriceCents: choiceUnitPrice(product, choice),
    name: product.name,
  };
}

export function toggle(ids: readonly number[], id: number, on: boolean): number[] {
  return on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id);
}
