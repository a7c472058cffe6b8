import type { WaiterFeedItem } from "@tableorder/domain/contracts/waiter";
import { type Language, PAYMENT_REQUEST_TYPES, type WaiterRequestType } from "@tableorder/domain/enums";
import type { orderProducts, waiterRequests } from "../../db/schema.ts";
import type { CreditDebtors } from "../../lib/credit-debtors.ts";
import { groupFeedItems, sumCents } from "../../lib/table-feed.ts";

type RequestRow = typeof waiterRequests.$inferSelect;
type UnitRow = typeof orderProducts.$inferSelect;

/** The task types whose pieces the waiter carries to the table (spec 2 §4.4). */
export const DELIVERY_TYPES: readonly WaiterRequestType[] = ["PREPARATION_AREA_PICKUP", "SERVICE"];

/**
 * Which of a task's units still wait for the waiter: a pickup's pieces that are still prepared (a
 * piece delivered or cancelled meanwhile drops out), a service task's undelivered ones, a payment
 * request's unpaid ones. Calls and notifications carry none.
 */
export function pendingUnits(type: string, units: readonly UnitRow[]): UnitRow[] {
  const live = units.filter((u) => u.paymentStatus !== "CANCELLED");
  if (type === "PREPARATION_AREA_PICKUP") return live.filter((u) => u.status === "PREPARED");
  if (type === "SERVICE") return live.filter((u) => u.status !== "COMPLETE");
  if (PAYMENT_REQUEST_TYPES.includes(type as WaiterRequestType)) return live.filter((u) => u.paymentStatus === "UNPAID");
  // What the guests paid online, for the waiter checking the table.
  if (type === "PAYMENT_NOTIFICATION") return live.filter((u) => u.paymentStatus === "PAID");
  return [];
}

/** A delivery task with nothing left to carry is done, and is not shown. */
export const isSpent = (type: string, pending: readonly UnitRow[]) =>
  DELIVERY_TYPES.includes(type as WaiterRequestType) && pending.length === 0;

/** One card of the waiter's feed, the same fetched or pushed. */
export function presentWaiterFeedItem(
  request: RequestRow,
  context: {
    tableLabel: string;
    areaName: string | null;
    units: readonly UnitRow[];
    lang: Language;
    credits: CreditDebtors;
  },
): WaiterFeedItem {
  return {
    id: request.id,
    requestId: request.id,
    type: request.type as WaiterRequestType,
    timestamp: request.createdAt.toISOString(),
    placement: context.tableLabel,
    placementId: request.tableId,
    preparationArea: context.areaName,
    preparationAreaId: request.preparationAreaId,
    items: groupFeedItems(context.units, context.lang, context.credits),
    sum: sumCents(context.units),
    itemCount: context.units.length,
  };
}
