import type { GuestMenuPage } from "@tableorder/domain/contracts/guest-page";
import type { Language } from "@tableorder/domain/enums";
import { tableRetailerId } from "../../auth/policies/table-access.ts";
import type { Db } from "../../db/client.ts";
import { loadClosedAreas } from "../catalog/load-closed-areas.ts";
import { loadMenu } from "../catalog/load-menu.ts";
import { findTableByCode } from "../table-session/check-in.ts";
import { loadRetailerInfo } from "../table-session/table-state.ts";

/**
 * Everything a guest's menu page shows before the sign-in, read as the API's calls read it (the
 * table by its code, its venue, the menu a guest may order from, the areas closed now). An unknown
 * code or a disabled venue fails as the code's call does (table_not_found, venue_not_accepting_guests).
 */
export async function loadGuestMenuPage(
  db: Db,
  options: { code: string; lang: Language },
): Promise<GuestMenuPage & { retailerId: number }> {
  const { lang } = options;
  const table = await findTableByCode({ db, code: options.code });
  const retailerId = await tableRetailerId(db, table.tableId);
  const [venue, menu, closedAreas] = await Promise.all([
    loadRetailerInfo(db, table.tableId, lang),
    loadMenu(db, { retailerId, lang, onlyOrderable: true }),
    loadClosedAreas(db, retailerId),
  ]);
  return { retailerId, lang, table, venue, menu, closedAreas };
}
