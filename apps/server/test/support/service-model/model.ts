import { formatEuros } from "@tableorder/domain/money";
import type { TipMethod } from "@tableorder/domain/tips";

/**
 * The small model the service's model-based test predicts the server with: per piece its table,
 * session, price, discount, money state and kitchen state; the completed payments per method; the
 * receipts and credit notes; the open payment requests and waiter calls; every payment and order
 * the commands made; the staff actions the server accepted, with their keys and first answers; the
 * listeners whose socket is down.
 */

/** Checks and command variants a known open defect makes fail are skipped while it is open (see the test's OPEN_DEFECTS). */
export const DEFECT = {
  /** Issue 28 A4: an order is accepted while a payment request is active at its table. */
  orderUnderPaymentRequest: "order-refused-under-payment-request",
  /** Issue 28 A5: an abandoned online checkout holds its pieces until the provider's timeout. */
  abandonedCheckout: "abandoned-checkout-releases-hold",
  /** Issue 28 A1: a transfer leaves kitchen_tickets.table_id on the old table. */
  transferMovesTickets: "transfer-moves-tickets",
  /**
   * Found by this test, next to A1: the kitchen's prepare publishes table.changed for the ticket's
   * table (prepare-ticket-products.ts), so after a transfer the phones at the table that now holds
   * the piece are not told it is ready.
   */
  kitchenPushFollowsTransfer: "kitchen-push-follows-transfer",
  /** Issue 28 A2: a credit note is not subtracted from the income figures. */
  creditNoteReversesIncome: "credit-note-reverses-income",
} as const;

export type PieceState = "unpaid" | "held" | "paid" | "gift" | "cancelled";
export type KitchenState = "SENT" | "PREPARED" | "COMPLETE";
export type ProductKey = "salad" | "souvlaki" | "coffee" | "water";
export const PRODUCT_KEYS: readonly ProductKey[] = ["salad", "souvlaki", "coffee", "water"];
/** The running venue's menu (support/factories.ts), named as the guests see it. */
export const PRODUCT_NAMES: Record<ProductKey, string> = {
  salad: "Χωριάτικη",
  souvlaki: "Σουβλάκι",
  coffee: "Freddo",
  water: "Νερό",
};

export interface Piece {
  id: number;
  product: ProductKey;
  name: string;
  price: number;
  discount: number;
  state: PieceState;
  /** The payment in progress that holds the piece (state "held"). */
  heldBy: number | null;
  table: number;
  /** The table it was ordered at, which its kitchen ticket names. */
  orderedAt: number;
  session: number;
  kitchen: KitchenState;
  hasArea: boolean;
  ticketId: number | null;
  billed: boolean;
  /** Cancelled while the kitchen had it: its ticket shows the cancellation until a cook acknowledges it. */
  kitchenNotice: boolean;
}

export interface MoneyParts {
  cash: number;
  pos: number;
  online: number;
  credit: number;
  discount: number;
}

export interface Payment extends MoneyParts {
  id: number;
  gift: boolean;
  pieces: number[];
  amount: number;
  /** What the guest left beside the bill (issue 32): never part of amount or the parts above. */
  tip: number;
  tipMethod: TipMethod | null;
  /** Who collected it; null for a guest's online payment. */
  collector: "waiter" | "desk" | null;
}

/** A tip as staff enter it: its way (null: left to the server's default) and whether it was confirmed. */
export interface TipPlan {
  cents: number;
  way: TipMethod | null;
  confirmed: boolean;
}

/**
 * What the server must do with a tip (issue 32), said again here from the rules rather
 * than from the domain's checkTip, so the model checks the server instead of repeating it: a
 * negative tip is refused; a gift or a collection with money on credit takes none; a tip goes with
 * a way that pays part of the bill (the card by default when the card carries more); one over the
 * bill or over 50 € needs the staff's confirmation.
 */
export function predictTip(
  plan: TipPlan | null,
  parts: { bill: number; cash: number; card: number; credit: number; gift: boolean },
): { refused: string } | { tip: number; tipMethod: TipMethod | null } {
  if (!plan || plan.cents === 0) return { tip: 0, tipMethod: null };
  if (plan.cents < 0) return { refused: "tip_negative" };
  if (parts.gift || parts.credit > 0) return { refused: "tip_not_allowed" };
  const way = plan.way ?? (parts.card > parts.cash ? "CARD" : "CASH");
  if ((way === "CARD" ? parts.card : parts.cash) <= 0) return { refused: "tip_method_not_in_payment" };
  if (!plan.confirmed && (plan.cents > parts.bill || plan.cents > 5000)) return { refused: "tip_needs_confirmation" };
  return { tip: plan.cents, tipMethod: way };
}

/** What a card terminal is asked to take for a sale: its card part and a tip left on the card. */
export const terminalCharge = (payment: Payment) => payment.pos + (payment.tipMethod === "CARD" ? payment.tip : 0);

/** The tips of completed payments, as the stats sum them: cash, card (terminal or keyed), online; per collector. */
export function tipFacts(model: ServiceModel) {
  const sum = { cash: 0, pos: 0, online: 0 };
  const by = new Map<string, { cash: number; pos: number; online: number }>();
  for (const p of model.payments) {
    if (!p.tip) continue;
    const method = p.online > 0 ? "online" : p.tipMethod === "CARD" ? "pos" : "cash";
    sum[method] += p.tip;
    const who = p.collector ?? "online";
    const row = by.get(who) ?? { cash: 0, pos: 0, online: 0 };
    row[method] += p.tip;
    by.set(who, row);
  }
  return { ...sum, by };
}

/** A card sale waiting at the terminal: its pieces are held until the terminal answers or it times out. */
export interface PendingSale {
  table: number;
  startedAt: number;
  payment: Payment;
  shares: number[];
}

export interface Receipt {
  documentId: number;
  paymentId: number;
  total: number;
  parts: MoneyParts;
  cancelled: boolean;
}

export interface TableRequest {
  id: number;
  /** Moved with its bill by a transfer: orders of the table it joined may be older than it. */
  moved: boolean;
  table: number;
  session: number | null;
  /** The pieces a payment request asks for; empty for a waiter call. */
  pieces: number[];
  active: boolean;
}

/** A staff request as the web client sends it (lib/staff-action.ts): plain data with its Idempotency-Key. */
export interface StaffRequest {
  method: "POST" | "PUT" | "DELETE";
  path: string;
  body: unknown;
  /** Who sends it: "waiter", "desk" or a cook's area; the world holds the token. */
  who: "waiter" | "desk" | "kitchen" | "bar";
  key: string;
}

/** A keyed staff action the server accepted, with its first answer: what a late replay must get again. */
export interface SentAction {
  what: string;
  request: StaffRequest;
  status: number;
  body: unknown;
}

/** The realtime listeners a run drops and reconnects, by name (world.ts: LISTENERS). */
export type ListenerName = "phone at Α" | "phone at Β" | "till" | "waiter payments Α" | "waiter payments Β" | "waiter payments Γ";

export interface ServiceModel {
  invoicing: boolean;
  /** Known defects still open on this branch: the checks and command variants they break are skipped. */
  openDefects: ReadonlySet<string>;
  pieces: Map<number, Piece>;
  /** Per table index: its open session (a model token), or null. */
  sessions: (number | null)[];
  nextSession: number;
  payments: Payment[];
  receipts: Receipt[];
  paymentRequests: TableRequest[];
  waiterCalls: TableRequest[];
  offMenu: Set<ProductKey>;
  pendingSales: Map<number, PendingSale>;
  /** Every payment row the commands made (completed, pending, failed, abandoned checkouts): one per action. */
  paymentIds: Set<number>;
  /** Every order the commands placed: one per action, however often it was sent. */
  orderIds: Set<number>;
  /** Keyed staff actions the server accepted, in order. */
  sent: SentAction[];
  /** Listeners whose WebSocket dropped and has not come back yet. */
  down: Set<ListenerName>;
}

export function emptyModel(tables: number, invoicing: boolean, openDefects: ReadonlySet<string>): ServiceModel {
  return {
    invoicing,
    openDefects,
    pieces: new Map(),
    sessions: Array.from({ length: tables }, () => null),
    nextSession: 1,
    payments: [],
    receipts: [],
    paymentRequests: [],
    waiterCalls: [],
    offMenu: new Set(),
    pendingSales: new Map(),
    paymentIds: new Set(),
    orderIds: new Set(),
    sent: [],
    down: new Set(),
  };
}

export const euros = (cents: number) => formatEuros(cents).replace(/\u00a0/g, " ");

export const piecesAt = (model: ServiceModel, table: number) => [...model.pieces.values()].filter((p) => p.table === table);

/** Unpaid pieces (held ones included) of the table's open session: what its bill still asks for. */
export const openPiecesAt = (model: ServiceModel, table: number) =>
  piecesAt(model, table).filter((p) => p.session === model.sessions[table] && (p.state === "unpaid" || p.state === "held"));

export const freePiecesAt = (model: ServiceModel, table: number) =>
  openPiecesAt(model, table).filter((p) => p.state === "unpaid");

export const activePaymentRequestAt = (model: ServiceModel, table: number) =>
  model.paymentRequests.some((r) => r.active && r.table === table);

export const activeWaiterCallAt = (model: ServiceModel, table: number) =>
  model.waiterCalls.some((r) => r.active && r.table === table);

/**
 * What the server does after every change of pieces at a table (lib/settle-payment.ts): a payment
 * request with nothing left to pay is over.
 */
export function settleRequests(model: ServiceModel, table: number): void {
  for (const request of model.paymentRequests) {
    if (!request.active || request.table !== table) continue;
    const open = request.pieces.some((id) => {
      const state = model.pieces.get(id)?.state;
      return state === "unpaid" || state === "held";
    });
    if (!open) request.active = false;
  }
}

/** Pieces become paid or given away by a completed payment; the session closes when nothing is left unpaid. */
export function settlePayment(model: ServiceModel, payment: Payment, table: number, shares: number[]): void {
  payment.pieces.forEach((id, i) => {
    const piece = model.pieces.get(id) as Piece;
    piece.state = payment.gift ? "gift" : "paid";
    piece.heldBy = null;
    piece.discount += shares[i] ?? 0;
  });
  model.payments.push(payment);
  settleRequests(model, table);
  const session = model.sessions[table];
  if (session != null && openPiecesAt(model, table).length === 0) model.sessions[table] = null;
}

export function releaseHold(model: ServiceModel, paymentId: number): void {
  for (const piece of model.pieces.values()) {
    if (piece.heldBy === paymentId) {
      piece.heldBy = null;
      piece.state = "unpaid";
    }
  }
}

/**
 * The consumption lines by product name: the pieces of completed payments (gifts at 0,00 €), less
 * those of the receipts a credit note cancelled (issue 28 A2).
 */
export function consumptionFacts(model: ServiceModel): Record<string, { count: number; amount: number }> {
  const cancelled = new Set(model.receipts.filter((r) => r.cancelled).map((r) => r.paymentId));
  const lines: Record<string, { count: number; amount: number }> = {};
  for (const payment of model.payments) {
    if (cancelled.has(payment.id)) continue;
    for (const id of payment.pieces) {
      const piece = model.pieces.get(id) as Piece;
      const line = lines[piece.name] ?? { count: 0, amount: 0 };
      line.count += 1;
      line.amount += payment.gift ? 0 : piece.price - piece.discount;
      lines[piece.name] = line;
    }
  }
  return lines;
}

/** Completed payments (gifts count nothing) minus, per method, the receipts a credit note cancelled. */
export function moneyFacts(model: ServiceModel, subtractCreditNotes: boolean): MoneyParts {
  const sum: MoneyParts = { cash: 0, pos: 0, online: 0, credit: 0, discount: 0 };
  for (const p of model.payments) {
    if (p.gift) continue;
    sum.cash += p.cash;
    sum.pos += p.pos;
    sum.online += p.online;
    sum.credit += p.credit;
    sum.discount += p.discount;
  }
  if (subtractCreditNotes) {
    for (const r of model.receipts.filter((receipt) => receipt.cancelled)) {
      sum.cash -= r.parts.cash;
      sum.pos -= r.parts.pos;
      sum.online -= r.parts.online;
      sum.credit -= r.parts.credit;
      sum.discount -= r.parts.discount;
    }
  }
  return sum;
}
