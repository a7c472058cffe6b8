import { type CashDeskCard, type CashDeskCardMessage, cashDeskCardMessage } from "@tableorder/domain/contracts/cash-desk";

/** A pushed body is a card message only if it has the contract's shape; anything else is ignored. */
export function isCashDeskCardMessage(body: unknown): body is CashDeskCardMessage {
  return cashDeskCardMessage.safeParse(body).success;
}

/**
 * One card changed: it replaces the card with its id where that card stands (the list keeps the
 * server's order), a new one joins at the end, REMOVED drops it (and leaves the list as it is when
 * the card was not on it).
 */
export function applyCardMessage(cards: readonly CashDeskCard[], message: CashDeskCardMessage): readonly CashDeskCard[] {
  if (message.type === "REMOVED") {
    return cards.some((card) => card.id === message.id) ? cards.filter((card) => card.id !== message.id) : cards;
  }
  const index = cards.findIndex((card) => card.id === message.card.id);
  if (index === -1) return [...cards, message.card];
  const next = [...cards];
  next[index] = message.card;
  return next;
}
