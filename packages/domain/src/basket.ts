import type { Cents } from "./money.ts";

/** One line of a basket: a product with its chosen options and a quantity. */
export interface BasketLine {
  key: string;
  productId: number;
  preparationWayId: number | null;
  /** Basic ingredients kept; the ones left out are removed from the dish. */
  basicIngredientIds: number[];
  extraIngredientIds: number[];
  notes: string;
  quantity: number;
  unitPriceCents: Cents;
  /**
   * The product's name as the menu gave it when the line was added: a product that leaves the
   * menu (runs out, its kitchen closes) keeps its name in the basket, so the guest sees what to remove.
   */
  name?: string;
}

export type BasketLineInput = Omit<BasketLine, "key">;

/** Identity of a line: everything the kitchen sees except the quantity. */
export function basketLineKey(line: Omit<BasketLineInput, "quantity" | "unitPriceCents">): string {
  const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b).join(",");
  return [
    line.productId,
    line.preparationWayId ?? "",
    sorted(line.basicIngredientIds),
    sorted(line.extraIngredientIds),
    line.notes.trim(),
  ].join("|");
}

/** Adds an item to the basket; an item identical in all options merges its quantity (spec 1 §4). */
export function addToBasket(basket: readonly BasketLine[], input: BasketLineInput): BasketLine[] {
  const key = basketLineKey(input);
  const existing = basket.find((line) => line.key === key);
  if (existing) {
    return basket.map((line) => (line.key === key ? { ...line, quantity: line.quantity + input.quantity } : line));
  }
  return [...basket, { ...input, notes: input.notes.trim(), key }];
}

/** Sets a line's quantity; the counter never goes below 1 (remove is its own action). */
export function setBasketQuantity(basket: readonly BasketLine[], key: string, quantity: number): BasketLine[] {
  const next = Math.max(1, Math.floor(quantity));
  return basket.map((line) => (line.key === key ? { ...line, quantity: next } : line));
}

export function removeFromBasket(basket: readonly BasketLine[], key: string): BasketLine[] {
  return basket.filter((line) => line.key !== key);
}

export function basketTotalCents(basket: readonly BasketLine[]): Cents {
  return basket.reduce((total, line) => total + line.unitPriceCents * line.quantity, 0);
}

export function basketCount(basket: readonly BasketLine[]): number {
  return basket.reduce((count, line) => count + line.quantity, 0);
}

/** How many of each product the basket holds, over all its lines (the menu's "2 in the basket"). */
export function basketQuantityByProduct(basket: readonly BasketLine[]): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const line of basket) quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  return quantities;
}
