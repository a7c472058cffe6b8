import type { WaiterFeedItem } from "@tableorder/domain/contracts/waiter";
import type { Language } from "@tableorder/domain/enums";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Principal } from "../../auth/principal.ts";
import type { Queryable } from "../../db/client.ts";
import { diningTables, orderProducts, preparationAreas, retailers, tableWaiters, waiterRequests } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { loadCreditDebtors } from "../../lib/credit-debtors.ts";
import { isSpent, pendingUnits, presentWaiterFeedItem } from "./presenters.ts";

/**
 * The tables whose tasks a staff member sees: a waiter only the tables they supervise, unless the
 * venue lets waiters see every table; the cash desk and administrators see all (null).
 */
export async function visibleTableIds(db: Queryable, principal: Principal, retailerId: number): Promise<number[] | null> {
  if (principal.role !== "WAITER") return null;
  const [venue] = await db.select({ all: retailers.waitersSeeAllTables }).from(retailers).where(eq(retailers.id, retailerId));
  if (venue?.all) return null;
  const rows = await db
    .select({ tableId: tableWaiters.tableId })
    .from(tableWaiters)
    .where(eq(tableWaiters.userId, principal.userId));
  return rows.map((r) => r.tableId);
}

/**
 * The venue's active waiter tasks, oldest first, narrowed to some tables or one request. Delivery
 * tasks whose pieces are all handled are left out.
 */
export async function loadWaiterFeed(
  db: Queryable,
  options: { retailerId: number; lang: Language; tableIds?: number[] | null; requestId?: number },
): Promise<WaiterFeedItem[]> {
  const { retailerId, tableIds } = options;
  if (tableIds && tableIds.length === 0) return [];
  const rows = await db
    .select({ request: waiterRequests, tableLabel: diningTables.label, areaName: preparationAreas.name })
    .from(waiterRequests)
    .innerJoin(diningTables, eq(diningTables.id, waiterRequests.tableId))
    .leftJoin(preparationAreas, eq(preparationAreas.id, waiterRequests.preparationAreaId))
    .where(
      and(
        eq(waiterRequests.retailerId, retailerId),
        eq(waiterRequests.status, "ACTIVE"),
        tableIds ? inArray(waiterRequests.tableId, tableIds) : undefined,
        options.requestId != null ? eq(waiterRequests.id, options.requestId) : undefined,
      ),
    )
    .orderBy(asc(waiterRequests.createdAt), asc(waiterRequests.id));
  const unitIds = [...new Set(rows.flatMap((r) => r.request.items.map((i) => i.orderProductId)))];
  const units = unitIds.length
    ? await db
        .select()
        .from(orderProducts)
        .where(and(eq(orderProducts.retailerId, retailerId), inArray(orderProducts.id, unitIds)))
        .orderBy(asc(orderProducts.id))
    : [];
  const byId = new Map(units.map((u) => [u.id, u]));
  const credits = await loadCreditDebtors(
    db,
    units.map((u) => u.paymentId),
  );
  const feed: WaiterFeedItem[] = [];
  for (const { request, tableLabel, areaName } of rows) {
    const own = request.items.map((i) => byId.get(i.orderProductId)).filter((u) => u !== undefined);
    const pending = pendingUnits(request.type, own);
    if (isSpent(request.type, pending)) continue;
    feed.push(
      presentWaiterFeedItem(request, { tableLabel, areaName: areaName ?? null, units: pending, lang: options.lang, credits }),
    );
  }
  return feed;
}

/** One active task of the venue, as its card shows it; 404 once it is handled or not this venue's. */
export async function loadWaiterTask(
  db: Queryable,
  options: { retailerId: number; lang: Language; requestId: number },
): Promise<WaiterFeedItem> {
  const [task] = await loadWaiterFeed(db, options);
  if (!task) throw new AppError("not_found", 404, { entity: "request" });
  return task;
}
