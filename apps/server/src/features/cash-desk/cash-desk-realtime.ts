import type { CashDeskCardMessage, HistoryMessage } from "@tableorder/domain/contracts/cash-desk";
import { inArray } from "drizzle-orm";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { kitchenTickets } from "../../db/schema.ts";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent } from "../../realtime/types.ts";
import { loadDocumentsToPrint } from "./documents-to-print.ts";
import { REGISTER_SOLD } from "./issue-register-receipt.ts";
import { loadCashDeskStatus, loadPrepAreaCards, loadServicePointCards } from "./load-cash-desk.ts";
import { loadHistoryTickets } from "./load-order-history.ts";

/** The cash desk's queues (spec 3 §7.6); ADMIN and CASH_DESK of the venue read them. */
export const DESK_QUEUES = {
  status: "/user/queue/admin/cash-desk-status",
  tables: "/user/queue/admin/cash-desk-tables",
  takeAway: "/user/queue/admin/cash-desk-take-away",
  prepAreas: "/user/queue/admin/cash-desk-prep-areas",
  history: "/user/queue/admin/order-history",
  documentsToPrint: "/user/queue/admin/documents-to-print",
} as const;
type DeskQueue = keyof typeof DESK_QUEUES;

/** How long a venue's changes gather before the desk's screens get them rendered once. */
export const DESK_COALESCE_MS = 150;

/** What changed for a venue since its last render. */
interface Pending {
  status: boolean;
  /** A sale, a bill or a transmission may have issued, marked or printed documents. */
  documents: boolean;
  prepAreas: boolean;
  tableIds: Set<number>;
  orderIds: Set<number>;
  ticketIds: Set<number>;
  timer: NodeJS.Timeout;
}

const isDesk = (retailerId: number) => (p: Principal) =>
  p.retailerId === retailerId && (p.role === "ADMIN" || p.role === "CASH_DESK");

/**
 * Keeps the cash desk's screens live (spec 3 §2.3, §7.6): on the events that change them, the
 * venue's desk subscribers on this instance get the status, the changed table's or take-away's
 * card, the area list and the changed history tickets, rendered by the same reads as the HTTP
 * calls. A busy evening is coalesced per venue (DESK_COALESCE_MS), so a burst of orders renders
 * once; a venue nobody here listens to costs a glance at the subscriptions and nothing else.
 */
export class CashDeskProjection {
  private readonly pending = new Map<number, Pending>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly hub: StompHub,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = DESK_COALESCE_MS,
  ) {}

  /** The queues someone of this venue's desk listens to on this instance. */
  private listening(retailerId: number): Set<DeskQueue> {
    const desk = isDesk(retailerId);
    const queues = new Set<DeskQueue>();
    for (const [name, queue] of Object.entries(DESK_QUEUES) as [DeskQueue, string][]) {
      if (this.hub.hasSubscribers(queue, desk)) queues.add(name);
    }
    return queues;
  }

  readonly project = async (event: DomainEvent): Promise<void> => {
    if (this.closed || !RELEVANT.has(event.type) || !this.listening(event.retailerId).size) return;
    const pending = this.pendingFor(event.retailerId);
    const tableId = event.tableId == null ? null : Number(event.tableId);
    switch (event.type) {
      case "order.sent":
        pending.status = pending.prepAreas = pending.documents = true;
        if (tableId != null) pending.tableIds.add(tableId);
        pending.orderIds.add(Number(event.orderId));
        break;
      case "table.changed":
        pending.status = pending.prepAreas = pending.documents = true;
        if (tableId != null) pending.tableIds.add(tableId);
        // The sales whose pieces a payment, a cancellation or a transfer touched.
        for (const id of orderIdsOf(event)) pending.orderIds.add(id);
        break;
      case "ticket.changed":
        pending.status = pending.prepAreas = true;
        pending.ticketIds.add(Number(event.ticketId));
        break;
      case "preparation-area.changed":
        pending.status = pending.prepAreas = true;
        break;
      default:
        // A register sale, the end of a terminal sale (a register sale's or a table's), or fiscal
        // documents issued, transmitted, cancelled or printed for some sales.
        pending.documents = true;
        if (event.orderId != null) pending.orderIds.add(Number(event.orderId));
        for (const id of orderIdsOf(event)) pending.orderIds.add(id);
        if (tableId != null) pending.tableIds.add(tableId);
    }
  };

  private pendingFor(retailerId: number): Pending {
    const existing = this.pending.get(retailerId);
    if (existing) return existing;
    const created: Pending = {
      status: false,
      documents: false,
      prepAreas: false,
      tableIds: new Set(),
      orderIds: new Set(),
      ticketIds: new Set(),
      timer: setTimeout(() => {
        this.pending.delete(retailerId);
        this.render(retailerId, created).catch(this.onError);
      }, this.delayMs),
    };
    this.pending.set(retailerId, created);
    return created;
  }

  /** Renders what changed, once, for the queues still listened to. */
  private async render(retailerId: number, changed: Pending): Promise<void> {
    if (this.closed) return;
    const to = this.listening(retailerId);
    const send = (queue: DeskQueue, body: unknown) => this.hub.sendToUsers(DESK_QUEUES[queue], isDesk(retailerId), body);
    if (changed.status && to.has("status")) send("status", await loadCashDeskStatus(this.db, retailerId));
    if (changed.tableIds.size && (to.has("tables") || to.has("takeAway"))) {
      const ids = [...changed.tableIds];
      const cards = await loadServicePointCards(this.db, retailerId, { ids });
      for (const { card, kind, listed } of cards) {
        const queue: DeskQueue = kind === "TAKE_AWAY" ? "takeAway" : "tables";
        if (!to.has(queue)) continue;
        const message: CashDeskCardMessage = listed ? { type: "CARD", card } : { type: "REMOVED", id: card.id };
        send(queue, message);
      }
    }
    if (changed.prepAreas && to.has("prepAreas")) send("prepAreas", await loadPrepAreaCards(this.db, retailerId));
    if (changed.documents && to.has("documentsToPrint")) {
      send("documentsToPrint", await loadDocumentsToPrint(this.db, retailerId));
    }
    if (to.has("history")) {
      const orderIds = await this.changedOrders(changed);
      if (!orderIds.length) return;
      for (const ticket of await loadHistoryTickets(this.db, retailerId, { orderIds })) {
        const message: HistoryMessage = { type: "HISTORY_TICKET", ticket };
        send("history", message);
      }
    }
  }

  /**
   * The sales a change touched: those its events named (a new order, a register sale, the pieces a
   * payment, a cancellation or a transfer moved), and those of changed kitchen tickets (printed).
   * Only these are sent again: a table's long bill is never re-sent whole for one more order.
   */
  private async changedOrders(changed: Pending): Promise<number[]> {
    const ids = new Set(changed.orderIds);
    if (changed.ticketIds.size) {
      const rows = await this.db
        .select({ orderId: kitchenTickets.orderId })
        .from(kitchenTickets)
        .where(inArray(kitchenTickets.id, [...changed.ticketIds]));
      for (const row of rows) ids.add(row.orderId);
    }
    return [...ids];
  }

  close(): void {
    this.closed = true;
    for (const pending of this.pending.values()) clearTimeout(pending.timer);
    this.pending.clear();
  }
}

/** The order ids an event names, if any (events travel as JSON between instances). */
function orderIdsOf(event: DomainEvent): number[] {
  return Array.isArray(event.orderIds) ? event.orderIds.map(Number).filter(Number.isSafeInteger) : [];
}

const RELEVANT = new Set([
  "order.sent",
  "table.changed",
  "ticket.changed",
  "preparation-area.changed",
  "payment.updated",
  REGISTER_SOLD,
  "documents.changed",
]);
