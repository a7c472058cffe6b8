import type { ClosedArea, MenuCategory } from "@tableorder/domain/contracts/menu";
import type { TableStart } from "@tableorder/domain/contracts/table";
import type { UiLanguage } from "@tableorder/domain/enums";
import type { Principal } from "../../auth/principal.ts";
import type { Queryable } from "../../db/client.ts";
import { findReservation, findTableWithVenueByCode } from "./check-in.ts";
import { loadOpenRequests, presentRetailerInfo } from "./table-state.ts";

/** Where the guests' menus come from: the catalogue's cached copies (features/catalog/guest-menus.ts). */
export interface GuestMenuSource {
  menu(retailerId: number, lang: UiLanguage): Promise<MenuCategory[]>;
  closedAreas(retailerId: number): Promise<ClosedArea[]>;
}

/**
 * What anyone holding a table's QR code may read, in one language: the code lookup, the venue, the
 * menu and the closed areas. The start call answers it, and the server renders a table's menu page
 * from it (features/guest-pages), so both show the same.
 */
export async function loadPublicTableStart(options: {
  db: Queryable;
  menus: GuestMenuSource;
  code: string;
  lang: UiLanguage;
}): Promise<PublicTableStart> {
  const { db, menus, lang } = options;
  const { table, venue } = await findTableWithVenueByCode({ db, code: options.code });
  const [menu, closedAreas] = await Promise.all([menus.menu(table.retailerId, lang), menus.closedAreas(table.retailerId)]);
  return {
    retailerId: table.retailerId,
    table: { tableId: table.id, tableCode: table.code },
    retailerInfo: presentRetailerInfo(table, venue, lang),
    menu,
    closedAreas,
  };
}

export type PublicTableStart = Pick<TableStart, "table" | "retailerInfo" | "menu" | "closedAreas"> & { retailerId: number };

/**
 * Everything a guest's table page needs to start, read at once (issue 29): the public part above,
 * and for a guest checked in at this table their reservation and the table's open requests. Anyone
 * else (a guest checked in at another table or venue, or not yet, staff) gets nulls there, never a
 * 403: the guest is about to check in here, and a 403 would end their session on the phone (spec 1 §8).
 */
export async function loadTableStart(options: {
  db: Queryable;
  menus: GuestMenuSource;
  code: string;
  lang: UiLanguage;
  principal: Principal | null;
}): Promise<TableStart> {
  const { db, principal } = options;
  const { table, retailerInfo, menu, closedAreas } = await loadPublicTableStart(options);
  const guest = principal?.role === "USER" ? await guestAtTable(db, principal.userId, table.tableId) : null;
  return {
    table,
    retailerInfo,
    menu,
    closedAreas,
    reservationId: guest?.reservationId ?? null,
    callWaiterRequestId: guest?.callWaiterRequestId ?? null,
    activePaymentRequestId: guest?.activePaymentRequestId ?? null,
  };
}

/** A guest's reservation at the table and, only when they have one, the table's open requests. */
async function guestAtTable(db: Queryable, userId: number, tableId: number) {
  const reservationId = await findReservation(db, userId, tableId);
  return reservationId === null ? null : { reservationId, ...(await loadOpenRequests(db, tableId)) };
}
