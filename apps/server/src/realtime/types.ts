import type { Principal } from "../auth/principal.ts";
import type { OrderedOptions } from "../db/schema.ts";

/**
 * A domain event as it travels on the bus between server instances. Events carry ids and facts,
 * not rendered payloads: each instance renders what its own subscribers need.
 */
export interface DomainEvent {
  type: string;
  retailerId: number;
  [key: string]: unknown;
}

export type EventHandler = (event: DomainEvent) => void | Promise<void>;

/** Carries domain events to every server instance, including the one that published. */
export interface EventBus {
  /**
   * Resolves once this instance's handlers have been handed the event, so a request that changed
   * something answers only after its own instance's caches and projections know (read your own
   * writes); other instances hear it moments later.
   */
  publish(event: DomainEvent): Promise<void>;
  subscribe(handler: EventHandler): () => void;
  /** Hears how long each event took from its publish to this instance's handlers (the metrics). */
  onDelivered(listener: DeliveryListener): () => void;
  close(): Promise<void>;
}

/**
 * One event's way through the bus: seconds from its publish to its handlers here, and whether this
 * instance published it. Across instances it compares two machines' clocks.
 */
export interface EventDelivery {
  lagSeconds: number;
  publishedHere: boolean;
}

export type DeliveryListener = (delivery: EventDelivery) => void;

/** Decides whether a principal may read a destination; anything not allowed is refused. */
export type SubscriptionAuthorizer = (principal: Principal, destination: string) => boolean | Promise<boolean>;

/** Turns the `access_token` of a WebSocket upgrade into a principal, or null when invalid. */
export type TokenVerifier = (token: string) => Promise<Principal | null>;

/** A piece on a kitchen ticket, as written: what the kitchen renders without reading it back. */
export interface TicketUnitFacts {
  id: number;
  productId: number;
  productName: string;
  unitPriceCents: number;
  options: OrderedOptions;
  notes: string;
  status: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  tableId: number;
  allergens: string[];
}

/**
 * A kitchen ticket with everything its screens show. A new order carries its tickets this way in
 * `order.sent`, so they reach the cooks without a read of what was just written.
 */
export interface TicketFacts {
  id: number;
  areaId: number;
  ticketNumber: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  serviceMode: string;
  tableId: number;
  tableName: string;
  /** Where a table transfer moved the ticket from; a ticket just sent was never moved. */
  movedFromTableName?: string | null;
  printed: boolean;
  sender: { type: string; firstName: string | null; lastName: string | null };
  units: TicketUnitFacts[];
  /** Pieces cancelled while the kitchen had them, not yet acknowledged by a cook; a new ticket has none. */
  cancelledUnits?: (TicketUnitFacts & { cancelledAt: string })[];
}
