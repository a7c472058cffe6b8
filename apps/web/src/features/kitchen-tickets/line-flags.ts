import type { TicketProduct } from "@tableorder/domain/contracts/kitchen";

/** What was asked of the kitchen beyond the dish as the menu makes it: left out, added, written. */
export interface LineChanges {
  removed: string[];
  extras: string[];
  notes: string;
}

/**
 * A line's changes from the standard dish, or null when it is made as the menu has it. Only these
 * earn the loud red banner: the dish's own allergens are on every plate of it, so they are small
 * marks the cook knows, while a note ("allergic to nuts") or a left-out ingredient is this guest's
 * and easy to miss in a rush. The preparation way is the guest's pick among the dish's standard
 * ways, so it is no change.
 */
export function lineChanges(
  product: Pick<TicketProduct, "removedIngredients" | "extraIngredientIds" | "notes">,
): LineChanges | null {
  const changes = {
    removed: product.removedIngredients.map((i) => i.name),
    extras: product.extraIngredientIds.map((i) => i.name),
    notes: product.notes.trim(),
  };
  return changes.removed.length || changes.extras.length || changes.notes ? changes : null;
}
