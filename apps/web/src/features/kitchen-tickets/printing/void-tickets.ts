import type { KitchenTicket, TicketProduct } from "@tableorder/domain/contracts/kitchen";
import { type CancelledLine, movePrintKey, voidPrintKey } from "./print-jobs.ts";

/**
 * The void-ticket rule: once a ticket is on paper, a piece that later leaves it (a waiter or a
 * guest cancelled it) must come out of the printer as a short void, so the cook never makes a
 * cancelled dish. The server leaves cancelled pieces out of a ticket's products (the screen's
 * cancellation notice, cancelledUnacknowledged, lasts only until a cook acknowledges it), so the
 * screen compares each printed ticket with how it looked before, piece by piece
 * (orderProductIds: a prepared piece stays on the ticket, a cancelled one does not).
 * The same goes for a table transfer: a printed ticket that now names another table comes out
 * again, whole, saying where it was moved to, so the paper on the pass does not send the dish to
 * the old table.
 * The state is plain data, kept in localStorage, so a reload in between loses nothing.
 */

export interface PendingVoid {
  key: string;
  ticketId: number;
  /** The ticket as it is now (or as last seen, when it is gone), for the void's header. */
  ticket: KitchenTicket;
  cancelled: CancelledLine[];
  orderProductIds: number[];
}

/** A printed ticket a transfer moved, to print again as it is now (it names the new table). */
export interface PendingMove {
  key: string;
  ticket: KitchenTicket;
}

export interface PrintedTicketsState {
  /** Printed tickets by id, as last seen (or as printed). */
  tickets: Record<string, KitchenTicket>;
  /** Voids found but not yet printed. */
  pendingVoids: PendingVoid[];
  /** Moved tickets found but not yet printed again. */
  pendingMoves: PendingMove[];
}

export const EMPTY_PRINTED_TICKETS: PrintedTicketsState = { tickets: {}, pendingVoids: [], pendingMoves: [] };

/** Keeps the state small over a long evening. */
const MAX_PENDING_VOIDS = 50;

/** One line as the void names it: the dish with its options, language-neutral (−removed, +extra). */
export function describeLine(product: TicketProduct): string {
  const details = [
    product.preparationWay?.name,
    ...product.removedIngredients.map((i) => `−${i.name}`),
    ...product.extraIngredientIds.map((i) => `+${i.name}`),
    product.notes ? `"${product.notes}"` : null,
  ].filter(Boolean);
  return details.length ? `${product.name} (${details.join(", ")})` : product.name;
}

/** The pieces on `before` that `after` no longer has (all of them when it is gone), per dish. */
export function cancelledPieces(
  before: KitchenTicket,
  after: KitchenTicket | null,
): { lines: CancelledLine[]; orderProductIds: number[] } {
  const remaining = new Set(after?.products.flatMap((p) => p.orderProductIds) ?? []);
  const byName = new Map<string, CancelledLine>();
  const orderProductIds: number[] = [];
  for (const product of before.products) {
    const gone = product.orderProductIds.filter((id) => !remaining.has(id));
    if (!gone.length) continue;
    orderProductIds.push(...gone);
    const name = describeLine(product);
    const line = byName.get(name);
    // A dish half prepared is two lines on the ticket but one on the void.
    if (line) line.quantity += gone.length;
    else byName.set(name, { name, quantity: gone.length });
  }
  return { lines: [...byName.values()], orderProductIds };
}

function withVoid(state: PrintedTicketsState, before: KitchenTicket, after: KitchenTicket | null): PrintedTicketsState {
  const { lines, orderProductIds } = cancelledPieces(before, after);
  if (!orderProductIds.length) return state;
  const key = voidPrintKey(before.id, orderProductIds);
  if (state.pendingVoids.some((v) => v.key === key)) return state;
  const pending: PendingVoid = { key, ticketId: before.id, ticket: after ?? before, cancelled: lines, orderProductIds };
  return { ...state, pendingVoids: [...state.pendingVoids, pending].slice(-MAX_PENDING_VOIDS) };
}

function withMove(state: PrintedTicketsState, before: KitchenTicket, after: KitchenTicket): PrintedTicketsState {
  if (before.tableId === after.tableId || after.products.length === 0) return state;
  const key = movePrintKey(after.id, after.tableId);
  if (state.pendingMoves.some((m) => m.key === key)) return state;
  return { ...state, pendingMoves: [...state.pendingMoves, { key, ticket: after }].slice(-MAX_PENDING_VOIDS) };
}

/** A ticket just came out of the printer: from now on, pieces leaving it need a void. */
export function recordPrinted(state: PrintedTicketsState, printed: KitchenTicket): PrintedTicketsState {
  return { ...state, tickets: { ...state.tickets, [printed.id]: printed } };
}

/**
 * Compares the feed with the printed tickets: a printed ticket with fewer pieces gets a void for
 * the difference. A printed ticket missing from the feed may have been completed by preparing or
 * emptied by cancellations; only the ticket itself can say (see resolveVanished), so its id is
 * returned for the caller to fetch.
 */
export function observeFeed(
  state: PrintedTicketsState,
  tickets: readonly KitchenTicket[],
): { state: PrintedTicketsState; vanished: number[] } {
  let next = state;
  const tracked = { ...state.tickets };
  const seen = new Set<number>();
  for (const ticket of tickets) {
    seen.add(ticket.id);
    const before = tracked[ticket.id];
    if (before) {
      next = withMove(withVoid(next, before, ticket), before, ticket);
      tracked[ticket.id] = ticket;
    } else if (ticket.isPrinted) {
      // Printed elsewhere or earlier: what is on paper is unknown, so start from what is there now.
      tracked[ticket.id] = ticket;
    }
  }
  const vanished = Object.keys(tracked)
    .map(Number)
    .filter((id) => !seen.has(id));
  return { state: { ...next, tickets: tracked }, vanished };
}

/**
 * A printed ticket left the feed; `fetched` is how it ends (a completed ticket keeps its prepared
 * pieces, cancelled ones are gone), or null when it cannot be read any more. Either way it is no
 * longer followed.
 */
export function resolveVanished(
  state: PrintedTicketsState,
  ticketId: number,
  fetched: KitchenTicket | null,
): PrintedTicketsState {
  const before = state.tickets[ticketId];
  if (!before) return state;
  const { [ticketId]: _gone, ...tickets } = state.tickets;
  const next = fetched ? withVoid(state, before, fetched) : state;
  return { ...next, tickets };
}

/** The void came out of the printer. */
export function voidPrinted(state: PrintedTicketsState, key: string): PrintedTicketsState {
  return { ...state, pendingVoids: state.pendingVoids.filter((v) => v.key !== key) };
}

/** The moved ticket came out of the printer again. */
export function movePrinted(state: PrintedTicketsState, key: string): PrintedTicketsState {
  return { ...state, pendingMoves: state.pendingMoves.filter((m) => m.key !== key) };
}

/** Reads stored state, accepting only its own shape (storage may hold anything). */
export function parsePrintedTickets(raw: string | null): PrintedTicketsState {
  if (!raw) return EMPTY_PRINTED_TICKETS;
  try {
    const value = JSON.parse(raw) as Partial<PrintedTicketsState>;
    if (!value || typeof value !== "object" || typeof value.tickets !== "object" || !Array.isArray(value.pendingVoids)) {
      return EMPTY_PRINTED_TICKETS;
    }
    // State stored before moved slips existed has none pending.
    const pendingMoves = Array.isArray(value.pendingMoves) ? value.pendingMoves : [];
    return { tickets: value.tickets ?? {}, pendingVoids: value.pendingVoids, pendingMoves };
  } catch {
    return EMPTY_PRINTED_TICKETS;
  }
}
