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

/**
 * "So many pieces of this feed line" should take pieces nobody else is paying right now: the
 * named unit is swapped for an identical free one when a payment in progress holds it, and free
 * identical units come before held ones. Identity is the resolver's own rule (lib/units-to-pay.ts),
 * asked for the named unit's whole line. Held units stay choosable, so asking for more than is
 * free still ends in active_payment_exists.
 */
export function preferFreeUnits(
  unpaid: UnitRow[],
  items: z.infer<typeof itemCount>[],
  held: Set<number>,
): [UnitRow[], z.infer<typeof itemCount>[]] {
  if (!held.size) return [unpaid, items];
  const ordered = [...unpaid.filter((u) => !held.has(u.id)), ...unpaid.filter((u) => held.has(u.id))];
  const taken = new Set<number>();
  const remapped = items.map((item) => {
    if (!held.has(item.orderProductId)) return item;
    const twin = lineOf(ordered, item.orderProductId).find((u) => !held.has(u.id) && !taken.has(u.id));
    if (!twin) return item;
    taken.add(twin.id);
    return { ...item, orderProductId: twin.id };
  });
  return [ordered, remapped];
}

/** Every unpaid unit identical to the named one (itself included), by the resolver's rule. */
function lineOf(unpaid: UnitRow[], unitId: number): UnitRow[] {
  let line: UnitRow[] = [];
  for (let quantity = 1; quantity <= unpaid.length; quantity++) {
    try {
      line = resolveUnitsToPay(unpaid, [{ orderProductId: unitId, quantity }]);
    } catch {
      break;
    }
  }
  return line;
}
