/**
 * What the product needs of a card terminal, whichever provider drives it: send a sale for an
 * amount to one terminal, ask how that sale ended, and abort it when it waited too long. The
 * sale is named by a session id the product makes (a UUID), so asking again after a restart, or
 * from another server instance, finds the same sale. Provider-neutral: Viva's cloud terminal API
 * is one client, the sandbox another; Cardlink, myPOS … would be more.
 */
export interface CardTerminal {
  /** Filed on the payments row (provider), so a session id is unique per provider. */
  readonly name: string;
  /** Whether this client drives terminals of this type (spec 3's list: Viva, ePay, …). */
  supports(type: string): boolean;
  startSale(sale: TerminalSaleRequest): Promise<void>;
  /** How the sale stands at the terminal now. */
  saleResult(sessionId: string): Promise<TerminalSaleResult>;
  /** Asks the terminal to drop the sale; a sale that already ended stays as it ended. */
  abortSale(sessionId: string): Promise<void>;
}

export interface TerminalSaleRequest {
  sessionId: string;
  /** The terminal's TID (8 digits). */
  tid: string;
  /** What the terminal charges, a tip included (Viva's `amount`). */
  amountCents: number;
  /** The part of amountCents that is a tip (Viva's `tipAmount`); 0 when none. */
  tipCents: number;
  /** Ours, for the venue's reconciliation: the payments row id. */
  merchantReference: string;
  /** Shown on the terminal and the card holder's statement: the venue and the table. */
  customerTrns: string;
}

export type TerminalSaleResult =
  | { state: "IN_PROGRESS" }
  | { state: "APPROVED"; transactionId: string; amountCents: number | null }
  | { state: "DECLINED"; eventId: number | null };

/** The terminal's provider could not be reached or answered nonsense: nothing is decided by it. */
export class CardTerminalError extends Error {}
