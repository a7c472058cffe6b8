import { GUEST_MENU_PAGE_DATA_ID, type GuestMenuPage } from "@tableorder/domain/contracts/guest-page";
import type { QueryClient } from "@tanstack/react-query";
import { seedPublicTableStart } from "../routes/customer/table-start.ts";

/**
 * Puts what the server read for a guest's menu page under the keys the screens read it from, on
 * the server before it renders and in the browser before it hydrates: both render the same, and
 * nothing is fetched again or flashes.
 */
export function seedGuestMenuPage(client: QueryClient, page: GuestMenuPage): void {
  seedPublicTableStart(client, page, page.lang);
}

/** The page the server rendered, from its JSON script; null for a page the browser renders alone. */
export function readGuestMenuPage(): GuestMenuPage | null {
  const script = document.getElementById(GUEST_MENU_PAGE_DATA_ID);
  return script?.textContent ? (JSON.parse(script.textContent) as GuestMenuPage) : null;
}
