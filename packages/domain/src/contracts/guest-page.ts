import type { Language } from "../enums.ts";
import type { ClosedArea, MenuCategory } from "./menu.ts";
import type { RetailerInfo, TableLookup } from "./table.ts";

/**
 * What the server reads to render a guest's menu page (GET /service/customer/{code}[/menu]), and
 * what rides in that page for the browser's hydration: whatever anyone holding the table's QR code
 * may see, in the language the page is rendered in.
 */
export interface GuestMenuPage {
  lang: Language;
  table: TableLookup;
  venue: RetailerInfo;
  menu: MenuCategory[];
  closedAreas: ClosedArea[];
}

/** The id of the page's `<script type="application/json">` that holds its GuestMenuPage. */
export const GUEST_MENU_PAGE_DATA_ID = "guest-menu-page";

/** The web build's server entry (apps/web/src/app/guest/guest-server.tsx), as the server loads it. */
export interface GuestPageRenderer {
  /** Loads what the rendering needs once (the catalogs of every language). */
  prepare(): Promise<void>;
  /** The markup of the page's root element for that address. */
  renderGuestMenuPage(url: string, page: GuestMenuPage): string;
}
