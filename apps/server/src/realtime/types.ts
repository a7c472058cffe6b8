import type { Principal } from "../auth/principal.ts";

/**
 * A domain event as it travels on the bus between server instances. Events carry ids, not
 * rendered payloads: each instance renders what its own subscribers need.
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
  close(): Promise<void>;
}

/** Decides whether a principal may read a destination; anything not allowed is refused. */
export type SubscriptionAuthorizer = (principal: Principal, destination: string) => boolean | Promise<boolean>;

/** Turns the `access_token` of a WebSocket upgrade into a principal, or null when invalid. */
export type TokenVerifier = (token: string) => Promise<Principal | null>;
