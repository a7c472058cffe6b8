import {
  type KitchenFeed,
  type KitchenFeedMessage,
  type KitchenTicket,
  ticketOnScreen,
} from "@tableorder/domain/contracts/kitchen";

/** Oldest first: the cook works through tickets in the order they came in. */
export function sortTickets(tickets: readonly KitchenTicket[]): KitchenTicket[] {
  return [...tickets].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id - b.id);
}

/**
 * The board's tickets: those with something on them, and first those with a cancellation to
 * acknowledge (a flashing card below the fold would go unseen while the dish is cooked), each group
 * in the feed's order.
 */
export function boardTickets(tickets: readonly KitchenTicket[]): KitchenTicket[] {
  const shown = tickets.filter(ticketOnScreen);
  const cancelled = (ticket: KitchenTicket) => ticket.cancelledUnacknowledged.length > 0;
  return [...shown.filter(cancelled), ...shown.filter((ticket) => !cancelled(ticket))];
}

/** Applies a pushed change to the feed: a ticket is added, replaced or taken away, or the area's settings change. */
export function applyKitchenMessage(feed: KitchenFeed, message: KitchenFeedMessage): KitchenFeed {
  if (message.type === "AREA_UPDATED") return { ...feed, ...message.area, tickets: feed.tickets };
  if (message.type === "TICKET_REMOVED") {
    return { ...feed, tickets: feed.tickets.filter((ticket) => ticket.id !== message.ticketId) };
  }
  const others = feed.tickets.filter((ticket) => ticket.id !== message.ticket.id);
  return { ...feed, tickets: sortTickets([...others, message.ticket]) };
}

/** Pushed bodies come from the network: accept only the shapes the contract names. */
export function isKitchenFeedMessage(body: unknown): body is KitchenFeedMessage {
  const message = body as KitchenFeedMessage | null;
  if (!message || typeof message !== "object") return false;
  if (message.type === "TICKET_REMOVED") return typeof message.ticketId === "number";
  if (message.type === "AREA_UPDATED") return typeof message.area?.id === "number";
  return message.type === "TICKET_UPSERT" && typeof message.ticket?.id === "number" && Array.isArray(message.ticket.products);
}
