import type { UiLanguage } from "../enums.ts";
import type { TableStart } from "./table.ts";

/**
 * What the server reads to render a guest's menu page (GET /service/customer/{code}[/menu]), and
 * what rides in that page for the browser's hydration: the public part of a table's start call
 * (whatever anyone holding the table's QR code may see), with the menu in the content language of `lang`, the language
 * the page is rendered in.
 */
export type GuestMenuPage = Pick<TableStart, "table" | "retailerInfo" | "menu" | "closedAreas"> & { lang: UiLanguage };

/** The id of the page's `<script type="application/json">` that holds its GuestMenuPage. */
export const GUEST_MENU_PAGE_DATA_ID = "guest-menu-page";

/** The web build's server entry (apps/web/src/app/guest/guest-server.tsx), as the server loads it. */
export interface GuestPageRenderer {
  /** Loads what the rendering needs once (the catalogs of every language). */
  prepare(): Promise<void>;
  /** The markup of the page's root element for that address. */
  renderGuestMenuPage(url: string, page: GuestMenuPage): string;
}
