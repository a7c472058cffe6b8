import type { EventBus } from "../realtime/types.ts";

/** Events after which what a venue offers (products, their options, prices, areas open or closed) may differ. */
export const CATALOG_CHANGING_EVENTS: ReadonlySet<string> = new Set(["catalog.changed", "preparation-area.changed"]);

/** How long an entry lives even when no event drops it (the spec's menu cache, 60 s). */
export const VENUE_CACHE_MS = 60_000;

/**
 * What is read of a venue's catalogue on every guest visit and every order, kept by each instance
 * for up to 60 s and dropped the moment the catalogue changes (the bus tells every instance).
 * An entry is a promise, so concurrent readers share one load; a load still under way when the
 * catalogue changes is dropped with the rest and never served afterwards.
 */
export class VenueCache<T> {
  private entries = new Map<string, { expiresAt: number; value: Promise<T> }>();

  /** Keeps this cache in step with the venue's catalogue (or other events); returns the unsubscribe. */
  followCatalog(events: EventBus, changing: ReadonlySet<string> = CATALOG_CHANGING_EVENTS): () => void {
    return events.subscribe((event) => {
      if (changing.has(event.type)) this.invalidate(event.retailerId);
    });
  }

  get(retailerId: number, variant: string, load: () => Promise<T>): Promise<T> {
    const key = `${retailerId}:${variant}`;
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const value = load();
    const entry = { expiresAt: Date.now() + VENUE_CACHE_MS, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  invalidate(retailerId: number): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${retailerId}:`)) this.entries.delete(key);
  }
}
