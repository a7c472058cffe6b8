import { and, inArray, isNull, ne } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { kitchenTickets, orderProducts } from "../db/schema.ts";

/**
 * Pieces taken off a table while the kitchen still had them (issue 28 A9): their ticket is open
 * and the dish was not delivered, so a cook may be making it (sent) or it may stand on the pass
 * (prepared). Instead of silently leaving the ticket, they stay on it as a cancellation its
 * screens show until a cook acknowledges it. A delivered piece, or one on a completed ticket,
 * is no news to the kitchen. Call it in the transaction that cancels the pieces, whoever cancels
 * them (a waiter from the table feed, a guest from the basket), so every preparation area hears
 * of cancellations the same way.
 */
export async function holdCancellationsForKitchen(tx: Tx, options: { cancelledUnitIds: number[]; now: Date }): Promise<void> {
  if (!options.cancelledUnitIds.length) return;
  const openTickets = tx.select({ id: kitchenTickets.id }).from(kitchenTickets).where(isNull(kitchenTickets.completedAt));
  await tx
    .update(orderProducts)
    .set({ kitchenCancelPendingSince: options.now })
    .where(
      and(
        inArray(orderProducts.id, options.cancelledUnitIds),
        inArray(orderProducts.ticketId, openTickets),
        ne(orderProducts.status, "COMPLETE"),
        isNull(orderProducts.kitchenCancelPendingSince),
      ),
    );
}
