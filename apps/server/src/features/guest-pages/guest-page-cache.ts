import { TABLE_SETTINGS_CHANGED } from "../../lib/tables-out-of-service.ts";
import { CATALOG_CHANGING_EVENTS, VENUE_CACHE_MS } from "../../lib/venue-cache.ts";
import type { EventBus } from "../../realtime/types.ts";

interface Entry {
  expiresAt: number;
  /** Known once the page is read; an entry still being read has none. */
  retailerId: number | null;
  html: Promise<string>;
}

/**
 * What a rendered page shows beyond the menu: its table's label and code, and whether its venue
 * takes guests at all (an operator's switch, which publishes the tables' settings change).
 */
const PAGE_CHANGING_EVENTS: ReadonlySet<string> = new Set([
  ...CATALOG_CHANGING_EVENTS,
  TABLE_SETTINGS_CHANGED,
  "retailer.changed",
]);

/**
 * Rendered guest menu pages, one per address and language, kept for up to 60 s and dropped the
 * moment what they show changes: their venue's menu or closed areas (the events the guests' menus
 * follow), a table's settings or the venue itself. A page
 * still being rendered when any venue changes is dropped too: which venue it shows is not known yet,
 * and a page begun before the change must not be served after it.
 */
export class GuestPageCache {
  private entries = new Map<string, Entry>();

  followCatalog(events: EventBus): () => void {
    return events.subscribe((event) => {
      if (PAGE_CHANGING_EVENTS.has(event.type)) this.invalidate(event.retailerId);
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
