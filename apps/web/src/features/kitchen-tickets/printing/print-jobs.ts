import type { KitchenTicket } from "@tableorder/domain/contracts/kitchen";

/** A line of a void ticket: what no longer has to be made. */
export interface CancelledLine {
  name: string;
  quantity: number;
}

/** The jobs the preparation screen sends to the print agent (its protocol names these kinds). */
export type KitchenPrintJob =
  | { kind: "kitchen-ticket"; ticket: KitchenTicket; areaName: string; bigLetters: boolean }
  | { kind: "void-ticket"; ticket: KitchenTicket; cancelled: CancelledLine[]; areaName: string; bigLetters: boolean };

export const ticketPrintKey = (ticketId: number) => `ticket:${ticketId}`;

/** A moved ticket's slip, once per table it is moved to. */
export const movePrintKey = (ticketId: number, tableId: number) => `moved:${ticketId}:${tableId}`;

/** A void is identified by the pieces it cancels, so the same cancellation never prints twice. */
export const voidPrintKey = (ticketId: number, orderProductIds: readonly number[]) =>
  `void:${ticketId}:${[...orderProductIds].sort((a, b) => a - b).join(",")}`;

/**
 * What auto-print should print now: tickets not yet printed (by the server's mark, or earlier in
 * this session), that still have something on them, oldest first as the feed lists them.
 */
export function ticketsToAutoPrint(
  tickets: readonly KitchenTicket[],
  printedThisSession: (key: string) => boolean,
): KitchenTicket[] {
  return tickets.filter(
    (ticket) => !ticket.isPrinted && ticket.products.length > 0 && !printedThisSession(ticketPrintKey(ticket.id)),
  );
}
