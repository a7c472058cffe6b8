import type { HeldPayment } from "./contracts/table.ts";

/** How many of a feed line's pieces a payment in progress holds (issue 28 A5), and by what. */
export function heldPiecesOf(
  item: { orderProductIds: readonly number[] },
  heldPayments: readonly HeldPayment[],
): { count: number; heldBy: HeldPayment["heldBy"] | null } {
  let count = 0;
  let heldBy: HeldPayment["heldBy"] | null = null;
  for (const payment of heldPayments) {
    const held = item.orderProductIds.filter((id) => payment.orderProductIds.includes(id)).length;
    if (held > 0) {
      count += held;
      heldBy ??= payment.heldBy;
    }
  }
  return { count, heldBy };
}
