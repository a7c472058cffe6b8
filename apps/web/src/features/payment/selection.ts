import type { HeldPayment, TableFeedItem } from "@tableorder/domain/contracts/table";
import type { ItemCount } from "./api/request-payment.ts";

/** Pieces of one unpaid feed line the guest pays for. */
export interface SelectedLine {
  itemId: string;
  quantity: number;
}

/** The query parameter that carries a partial selection from one screen to the next. */
export const SELECTED_PRODUCTS_PARAM = "selectedProducts";

export function encodeSelection(lines: readonly SelectedLine[]): string {
  return JSON.stringify(lines.filter((line) => line.quantity > 0).map((line) => [line.itemId, line.quantity]));
}

/** A selection read back from the address; anything malformed reads as no selection (full payment). */
export function decodeSelection(value: string | null): SelectedLine[] | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return null;
    const lines: SelectedLine[] = [];
    for (const entry of parsed) {
      if (!Array.isArray(entry) || typeof entry[0] !== "string" || !Number.isInteger(entry[1]) || entry[1] < 1) return null;
      lines.push({ itemId: entry[0], quantity: entry[1] as number });
    }
    return lines.length ? lines : null;
  } catch {
    return null;
  }
}

export interface ResolvedSelection {
  lines: { item: TableFeedItem; quantity: number }[];
  count: number;
  totalCents: number;
  /** Part of the selection is no longer unpaid (paid, removed, or collected meanwhile). */
  changed: boolean;
}

/**
 * The unpaid lines less the pieces another payment in progress holds (issue 28 A5): what this
 * phone can pay now. A line wholly held is left out.
 */
export function payableLines(unpaid: readonly TableFeedItem[], held: readonly HeldPayment[]): TableFeedItem[] {
  const heldIds = new Set(held.flatMap((payment) => payment.orderProductIds));
  return unpaid
    .map((item) => {
      const orderProductIds = item.orderProductIds.filter((id) => !heldIds.has(id));
      return { ...item, orderProductIds, quantity: item.quantity - (item.orderProductIds.length - orderProductIds.length) };
    })
    .filter((item) => item.quantity > 0);
}

/** What this phone can pay now, to the cent: the unpaid lines less what another payment holds. */
export function payableTotalCents(unpaid: readonly TableFeedItem[], held: readonly HeldPayment[]): number {
  return payableLines(unpaid, held).reduce((sum, item) => sum + item.quantity * item.price, 0);
}

/**
 * The selection checked against the table's unpaid lines as they are now: no selection means
 * everything unpaid; a line gone or smaller than chosen is dropped or capped, and said so.
 */
export function resolveSelection(unpaid: readonly TableFeedItem[], selection: readonly SelectedLine[] | null): ResolvedSelection {
  const lines: ResolvedSelection["lines"] = [];
  let changed = false;
  if (selection === null) {
    for (const item of unpaid) if (item.quantity > 0) lines.push({ item, quantity: item.quantity });
  } else {
    for (const wanted of selection) {
      const item = unpaid.find((candidate) => candidate.id === wanted.itemId);
      if (!item) {
        changed = true;
        continue;
      }
      const quantity = Math.min(wanted.quantity, item.quantity);
      if (quantity < wanted.quantity) changed = true;
      if (quantity > 0) lines.push({ item, quantity });
    }
  }
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalCents: lines.reduce((sum, line) => sum + line.quantity * line.item.price, 0),
    changed,
  };
}

/**
 * What the payment request names (spec 1 §5): for each chosen line its first orderProductId and
 * how many pieces; the server adds the identical unpaid pieces. A line without units cannot be paid.
 */
export function toItemsCount(lines: readonly { item: TableFeedItem; quantity: number }[]): ItemCount[] {
  return lines.map(({ item, quantity }) => {
    const orderProductId = item.orderProductIds[0];
    if (orderProductId === undefined) throw new Error(`No orderProductId found for itemId ${item.id}`);
    return { orderProductId, quantity };
  });
}
