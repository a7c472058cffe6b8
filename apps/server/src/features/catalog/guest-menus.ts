import type { ClosedArea, MenuCategory } from "@tableorder/domain/contracts/menu";
import type { UiLanguage } from "@tableorder/domain/enums";
import type { Db } from "../../db/client.ts";
import { VenueCache } from "../../lib/venue-cache.ts";
import type { EventBus } from "../../realtime/types.ts";
import { loadClosedAreas } from "./load-closed-areas.ts";
import { loadMenu } from "./load-menu.ts";

/**
 * The guests' menus, one per venue and language, and the closed areas they name, kept by this
 * instance and dropped with the catalogue. One per app: the menu calls and a table's start call
 * (features/table-session) read the same copies.
 */
export class GuestMenus {
  private readonly menus = new VenueCache<MenuCategory[]>();
  private readonly closedAreaLists = new VenueCache<ClosedArea[]>();
  private readonly unsubscribe: Array<() => void>;

  constructor(
    private readonly db: Db,
    events: EventBus,
  ) {
    this.unsubscribe = [this.menus.followCatalog(events), this.closedAreaLists.followCatalog(events)];
  }

  /** What a guest can order at the venue, in their language. */
  menu(retailerId: number, lang: UiLanguage): Promise<MenuCategory[]> {
    return this.menus.get(retailerId, lang, () => loadMenu(this.db, { retailerId, lang, onlyOrderable: true }));
  }

  /** The venue's closed areas whose dishes that menu leaves out. */
  closedAreas(retailerId: number): Promise<ClosedArea[]> {
    return this.closedAreaLists.get(retailerId, "closed-areas", () => loadClosedAreas(this.db, retailerId));
  }

  close(): void {
    for (const stop of this.unsubscribe) stop();
  }
}
