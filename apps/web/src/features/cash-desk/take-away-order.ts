import type { CashDeskCard } from "@tableorder/domain/contracts/cash-desk";

/**
 * The take-away tab's order: the open ones first, then the settled ones that stay on the tab for
 * the day, each group newest first (as the server lists them). A take-away added or settled live
 * moves to its place at once.
 */
export function takeAwaysOpenFirst(cards: readonly CashDeskCard[]): CashDeskCard[] {
  return [...cards].sort((a, b) => Number(b.isActive) - Number(a.isActive) || b.id - a.id);
}
