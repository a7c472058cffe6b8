import type { RetailerInfo, TableState } from "@tableorder/domain/contracts/table";
import { mainCuisineName, PAYMENT_REQUEST_TYPES, type UiLanguage, type WaiterRequestType } from "@tableorder/domain/enums";
import { localize } from "@tableorder/domain/localized-name";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { diningTables, orderProducts, retailers, tableSessions, waiterRequests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { loadCreditDebtors, withoutDebtors } from "../../lib/credit-debtors.ts";
import { heldPayments } from "../../lib/settle-payment.ts";
import { groupFeedItems, sumCents } from "../../lib/table-feed.ts";

/** The venue as a guest's table page names it (GET api/cq-table/{id}/retailer-info). */
export function presentRetailerInfo(
  table: typeof diningTables.$inferSelect,
  retailer: typeof retailers.$inferSelect,
  lang: UiLanguage,
): RetailerInfo {
  return {
    // The venue's name has no translations beyond English: German, French and Italian get that.
    name: localize(lang, [], retailer.name, retailer.nameEng).text,
    thumbnailUrl: retailer.thumbnailUrl,
    type: retailer.type,
    mainCuisine: mainCuisineName(retailer.mainCuisine, lang),
    secondaryCuisine: retailer.secondaryCuisine,
    tableName: table.label,
  };
}

/** The table's open waiter call and payment request, as its guests' screens show them. */
export async function loadOpenRequests(
  db: Queryable,
  tableId: number,
): Promise<{ callWaiterRequestId: number | null; activePaymentRequestId: number | null }> {
  const requests = await db
    .select({ id: waiterRequests.id, type: waiterRequests.type })
    .from(waiterRequests)
    .where(
      and(
        eq(waiterRequests.tableId, tableId),
        eq(waiterRequests.status, "ACTIVE"),
        inArray(waiterRequests.type, ["WAITER_CALL", ...PAYMENT_REQUEST_TYPES]),
      ),
    );
  return {
    callWaiterRequestId: requests.find((r) => r.type === "WAITER_CALL")?.id ?? null,
    activePaymentRequestId: requests.find((r) => PAYMENT_REQUEST_TYPES.includes(r.type as WaiterRequestType))?.id ?? null,
  };
}

async function loadTableWithVenue(db: Queryable, tableId: number) {
  const [row] = await db
    .select({ table: diningTables, retailer: retailers })
    .from(diningTables)
    .innerJoin(retailers, eq(retailers.id, diningTables.retailerId))
    .where(eq(diningTables.id, tableId))
    .limit(1);
  if (!row) throw new AppError("table_not_found", 404);
  return row;
}

/** The venue a table belongs to, as a guest's screens head it, and the table's name. */
export async function loadRetailerInfo(db: Queryable, tableId: number, lang: UiLanguage): Promise<RetailerInfo> {
  const { table, retailer } = await loadTableWithVenue(db, tableId);
  return presentRetailerInfo(table, retailer, lang);
}

/**
 * Everything a guest's table screen shows, for one language: the venue, the open session's
 * items (cancelled ones stay visible with their badge), what is unpaid, and active requests.
 */
export async function loadTableState(db: Queryable, tableId: number, lang: UiLanguage): Promise<TableState> {
  const { table, retailer } = await loadTableWithVenue(db, tableId);
  const [session] = await db
    .select()
    .from(tableSessions)
    .where(and(eq(tableSessions.tableId, tableId), eq(tableSessions.status, "OPEN")))
    .limit(1);
  const units = session
    ? await db.select().from(orderProducts).where(eq(orderProducts.sessionId, session.id)).orderBy(asc(orderProducts.id))
    : [];
  const unpaid = units.filter((u) => u.paymentStatus === "UNPAID");
  const credits = withoutDebtors(
    await loadCreditDebtors(
      db,
      units.map((u) => u.paymentId),
    ),
  );
  return {
    tableId,
    tableCode: table.code,
    onService: table.onService,
    sessionId: session?.id ?? null,
    retailerInfo: presentRetailerInfo(table, retailer, lang),
    tableFeed: groupFeedItems(units, lang, credits),
    unpaidTableFeed: groupFeedItems(unpaid, lang, credits),
    totalUnpaidCount: unpaid.length,
    totalUnpaidPrice: sumCents(unpaid),
    ...(await loadOpenRequests(db, tableId)),
    heldPayments: session ? await heldPayments(db, tableId, new Date()) : [],
  };
}
