import { GUEST_MENU_PAGE_DATA_ID, type GuestMenuPage } from "@tableorder/domain/contracts/guest-page";
import type { QueryClient } from "@tanstack/react-query";
import { closedAreasQueryOptions } from "../../features/menu/api/get-closed-areas.ts";
import { tableMenuQueryOptions } from "../../features/menu/api/get-table-menu.ts";
import { tableByCodeQueryOptions } from "../../features/table-feed/api/get-table-by-code.ts";
import { venueHeaderQueryOptions } from "../../features/table-feed/api/get-venue-header.ts";

/**
 * Puts what the server read for a guest's menu page under the keys the screens read it from, on
 * the server before it renders and in the browser before it hydrates: both render the same, and
 * nothing is fetched again or flashes.
 */
export function seedGuestMenuPage(client: QueryClient, page: GuestMenuPage): void {
  const { tableId, tableCode } = page.table;
  client.setQueryData(tableByCodeQueryOptions(tableCode).queryKey, page.table);
  client.setQueryData(tableMenuQueryOptions(tableId, page.lang).queryKey, page.menu);
  client.setQueryData(closedAreasQueryOptions(tableId).queryKey, page.closedAreas);
  client.setQueryData(venueHeaderQueryOptions(tableId, page.lang).queryKey, page.venue);
}

/** The page the server rendered, from its JSON script; null for a page the browser renders alone. */
export function readGuestMenuPage(): GuestMenuPage | null {
  const script = document.getElementById(GUEST_MENU_PAGE_DATA_ID);
  return script?.textContent ? (JSON.parse(script.textContent) as GuestMenuPage) : null;
}
