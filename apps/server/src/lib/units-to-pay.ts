import type { itemCount } from "@tableorder/domain/contracts/table-requests";
import type { z } from "zod";
import type { orderProducts } from "../db/schema.ts";
import { AppError } from "./app-error.ts";

type UnitRow = typeof orderProducts.$inferSelect;

const sameLine = (a: UnitRow, b: UnitRow) =>
  a.productId === b.productId &&
  a.unitPriceCents === b.unitPriceCents &&
  a.notes === b.notes &&
  JSON.stringify(a.options) === JSON.stringify(b.options);

/**
 * Turns "this feed line, so many pieces" into the units to pay: the named unit plus identical
 * unpaid ones of the same session, never the same unit twice. Asking for more than is unpaid,
 * or for a unit that is not unpaid on this table, is refused.
 */
export function resolveUnitsToPay(unpaid: readonly UnitRow[], items: readonly z.infer<typeof itemCount>[]): UnitRow[] {
  const chosen = new Set<number>();
  for (const item of items) {
    const anchor = unpaid.find((u) => u.id === item.orderProductId);
    if (!anchor) throw new AppError("product_not_in_current_order", 400, { orderProductId: item.orderProductId });
    const candidates = [anchor, ...unpaid.filter((u) => u.id !== anchor.id && sameLine(u, anchor))].filter(
      (u) => !chosen.has(u.id),
    );
    if (candidates.length < item.quantity) {
      throw new AppError("product_not_in_current_order", 400, { orderProductId: item.orderProductId, quantity: item.quantity });
    }
    for (const unit of candidates.slice(0, item.quantity)) chosen.add(unit.id);
  }
  return unpaid.filter((u) => chosen.has(u.id));
}
