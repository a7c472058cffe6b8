import { type Cents, sumCents } from "./money.ts";

export interface PricedOption {
  id: number;
  priceCents: Cents;
}

export interface ItemChoice {
  preparationWayId: number | null;
  extraIngredientIds: readonly number[];
}

export interface PricedProduct {
  priceCents: Cents;
  preparationWays: readonly PricedOption[];
  extraIngredients: readonly PricedOption[];
}

/**
 * Unit price of an ordered item: base price + chosen preparation way + each chosen extra
 * (spec 1 §4, spec 2 §4.6). Unknown option ids are the caller's error, not free extras.
 */
export function itemUnitPriceCents(product: PricedProduct, choice: ItemChoice): Cents {
  const parts: Cents[] = [product.priceCents];
  if (choice.preparationWayId != null) {
    const way = product.preparationWays.find((w) => w.id === choice.preparationWayId);
    if (!way) throw new RangeError(`Unknown preparation way ${choice.preparationWayId}`);
    parts.push(way.priceCents);
  }
  for (const extraId of new Set(choice.extraIngredientIds)) {
    const extra = product.extraIngredients.find((e) => e.id === extraId);
    if (!extra) throw new RangeError(`Unknown extra ingredient ${extraId}`);
    parts.push(extra.priceCents);
  }
  return sumCents(parts);
}
