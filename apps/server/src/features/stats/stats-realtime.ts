import { STATS_QUEUE } from "@tableorder/domain/contracts/stats";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import type { StompHub } from "../../realtime/stomp-hub.ts";
import type { DomainEvent } from "../../realtime/types.ts";
import { loadIncomeStats } from "./load-income-stats.ts";
import { resolveStatsScope } from "./stats-scope.ts";

/** How long a venue's payments gather before its owners' screens get today's figures once. */
export const STATS_COALESCE_MS = 300;

/**
 * Events after which today's figures may have changed: a payment, a gift or a cancellation
 * (table.changed), a register sale, and a card payment's end at a terminal or online.
 */
// documents.changed: a cancelled receipt takes its sale back out of today's figures.
const RELEVANT = new Set(["table.changed", "register.sold", "payment.updated", "documents.changed"]);

const isOwner = (retailerId: number) => (p: Principal) => p.retailerId === retailerId && p.role === "ADMIN";

/**
 * Keeps the unfiltered (live) stats screen live (issue 14): when something that moves today's
 * figures happens, the venue's ADMIN subscribers of STATS_QUEUE on this instance get today's stats,
 * rendered by the same read as POST api/stats, once per burst (STATS_COALESCE_MS). Cash-desk
 * accounts may subscribe to the admin queues but never get these figures.
 */
export class StatsProjection {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly hub: StompHub,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = STATS_COALESCE_MS,
  ) {}

  private listening(retailerId: number): boolean {
    return this.hub.hasSubscribers(STATS_QUEUE, isOwner(retailerId));
  }

  readonly project = (event: DomainEvent): void => {
    const retailerId = event.retailerId;
    if (this.closed || !RELEVANT.has(event.type) || this.timers.has(retailerId) || !this.listening(retailerId)) return;
    this.timers.set(
      retailerId,
      setTimeout(() => {
        this.timers.delete(retailerId);
        this.render(retailerId).catch(this.onError);
      }, this.delayMs),
    );
  };

  private async render(retailerId: number): Promise<void> {
    if (this.closed || !this.listening(retailerId)) return;
    const stats = await loadIncomeStats(this.db, await resolveStatsScope(this.db, retailerId, {}));
    this.hub.sendToUsers(STATS_QUEUE, isOwner(retailerId), stats);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
