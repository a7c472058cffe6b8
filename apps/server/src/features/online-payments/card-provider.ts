/**
 * What the product needs of an online card payment provider, whichever it is: a payment order
 * for an amount, the page the guest pays on, and the provider's own word on a transaction. The
 * return URL the guest's browser brings back is never trusted alone: every completion asks here.
 */
export interface CardPaymentProvider {
  /** Filed on the payments row, so an order code or transaction id is unique per provider. */
  readonly name: string;
  createOrder(order: CardPaymentOrder): Promise<{ orderCode: string }>;
  /** Where the guest's browser goes to pay this order. */
  checkoutUrl(orderCode: string): string;
  /** The transaction as the provider knows it, or null when it knows no such transaction. */
  verifyTransaction(transactionId: string): Promise<ProviderTransaction | null>;
  /**
   * The guest left the checkout without paying (a failure return, Back to the table): the order
   * is made unpayable from now on (Viva: cancelled) and the finished transaction it was charged
   * with is answered, or null when nothing was charged, so that answer stays true.
   */
  closeOrder(orderCode: string): Promise<ProviderTransaction | null>;
}

export interface CardPaymentOrder {
  /** What the card is charged, a tip included (Viva's `amount`). */
  amountCents: number;
  /** The part of amountCents that is a tip (Viva's `tipAmount`); 0 when none. */
  tipCents: number;
  /** Shown to the guest on the checkout page and their statement. */
  customerTrns: string;
  /** Ours, for the venue's reconciliation: the payments row id. */
  merchantTrns: string;
  /** How long the order can be paid; the pieces are held as long. */
  timeoutSeconds: number;
  lang: "el" | "en";
}

/** Viva's transaction states: F finished, A pending, E unsuccessful, R refunded, X cancelled. */
export type TransactionStatus = "F" | "A" | "E" | "R" | "X";

export interface ProviderTransaction {
  transactionId: string;
  orderCode: string;
  statusId: TransactionStatus | string;
  amountCents: number;
}

/** The provider could not be reached or answered nonsense: nothing is paid, the guest may retry. */
export class CardProviderError extends Error {}
