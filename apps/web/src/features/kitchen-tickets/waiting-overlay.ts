import type { KitchenTicket, TicketProduct } from "@tableorder/domain/contracts/kitchen";
import type { StaffAction } from "../../lib/staff-action.ts";
import { staffActionTicketId } from "../../lib/staff-action-names.ts";

/** A ticket as the cook sees it while some of their actions on it wait in the outbox. */
export interface TicketAsWaiting {
  /** The ticket with the waiting actions' effect: lines ticked (prepared) or put back (reverted). */
  ticket: KitchenTicket;
  /** The lines (their ids) a waiting action changed: marked "waiting to send". */
  waitingLines: ReadonlySet<string>;
  /** Any action on the ticket waits. */
  waiting: boolean;
}

/** The pieces a kitchen action acts on, or "all" for the whole ticket (a bump, a recall). */
function piecesOf(action: StaffAction): ReadonlySet<number> | "all" {
  const ids = (action.body as { orderProductIds?: unknown } | undefined)?.orderProductIds;
  return Array.isArray(ids) ? new Set(ids as number[]) : "all";
}

/** What an action does to a line: prepare ticks a waiting line, revert (or recall) puts a prepared one back. */
function lineAfter(product: TicketProduct, action: StaffAction): TicketProduct["status"] | null {
  const pieces = piecesOf(action);
  const touches = pieces === "all" || product.orderProductIds.some((id) => pieces.has(id));
  if (!touches) return null;
  if (/\/prepare(-products)?$/.test(action.path)) return product.status === "SENT" ? "PREPARED" : null;
  if (/\/undo$/.test(action.path)) return product.status === "PREPARED" ? "SENT" : null;
  return null;
}

/**
 * The ticket as it will be once the cook's waiting actions reach the server (issue 31: the screen
 * shows what was done offline). Derived, never stored: when an action is sent the server's own
 * ticket replaces it, and when one is refused its effect is gone with it (its toast says why).
 */
export function ticketAsWaiting(ticket: KitchenTicket, waiting: readonly StaffAction[]): TicketAsWaiting {
  const mine = waiting.filter((action) => staffActionTicketId(action) === ticket.id);
  if (mine.length === 0) return { ticket, waitingLines: new Set(), waiting: false };
  const waitingLines = new Set<string>();
  let products = ticket.products;
  for (const action of mine) {
    products = products.map((product) => {
      const status = lineAfter(product, action);
      if (status === null) return product;
      waitingLines.add(product.id);
      return { ...product, status };
    });
  }
  const preparedQuantity = products.filter((p) => p.status !== "SENT").reduce((sum, p) => sum + p.quantity, 0);
  return { ticket: { ...ticket, products, preparedQuantity }, waitingLines, waiting: true };
}

/**
 * The board with the cook's waiting actions shown: a ticket left with nothing to prepare (bumped,
 * or its last line ticked) leaves the board as the server will take it off, and is listed among
 * those leaving, marked waiting, until it is sent; a refusal brings it back.
 */
export function boardAsWaiting(
  tickets: readonly KitchenTicket[],
  waiting: readonly StaffAction[],
): { board: TicketAsWaiting[]; leaving: TicketAsWaiting[] } {
  const shown = tickets.map((ticket) => ticketAsWaiting(ticket, waiting));
  const leaves = ({ ticket, waiting: marked }: TicketAsWaiting) =>
    marked && !ticket.products.some((p) => p.status === "SENT") && ticket.cancelledUnacknowledged.length === 0;
  return { board: shown.filter((entry) => !leaves(entry)), leaving: shown.filter(leaves) };
}
