import { CATALOG_CHANGING_EVENTS, VENUE_CACHE_MS } from "../../lib/venue-cache.ts";
import type { EventBus } from "../../realtime/types.ts";

interface Entry {
  expiresAt: number;
  /** Known once the page is read; an entry still being read has none. */
  retailerId: number | null;
  html: Promise<string>;
}

/**
 * Rendered guest menu pages, one per address and language, kept for up to 60 s and dropped the
 * moment their venue's menu or closed areas change (the events the guests' menus follow). A page
 * still being rendered when any venue changes is dropped too: which venue it shows is not known yet,
 * and a page begun before the change must not be served after it.
 */
export class GuestPageCache {
  private entries = new Map<string, Entry>();

  followCatalog(events: EventBus): () => void {
    return events.subscribe((event) => {
      if (CATALOG_CHANGING_EVENTS.has(event.type)) this.invalidate(event.retailerId);
    });
  }

  get(key: string, render: () => Promise<{ retailerId: number; html: string }>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.html;
    const entry: Entry = { expiresAt: Date.now() + VENUE_CACHE_MS, retailerId: null, html: Promise.resolve("") };
    entry.html = render().then(({ retailerId, html }) => {
      entry.retailerId = retailerId;
      return html;
    });
    this.entries.set(key, entry);
    entry.html.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.html;
  }

  invalidate(retailerId: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.retailerId === null || entry.retailerId === retailerId) this.entries.delete(key);
    }
  }
}
