import { and, eq } from "drizzle-orm";
import { authorizeTable } from "../../auth/policies/table-access.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { kitchenTickets, orderProducts } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { describeUnits, recordAudit } from "../../lib/audit-trail.ts";
import { correctOrderSlips } from "../../lib/correct-order-slips.ts";
import { holdCancellationsForKitchen } from "../../lib/kitchen-cancel-notice.ts";
import { assertNotHeld, lockTables, settlePaymentRequests } from "../../lib/settle-payment.ts";
import type { EventBus } from "../../realtime/types.ts";

/**
 * Takes a piece back out of the table's current order: only while nobody has started preparing
 * it and it is unpaid (spec 1 §4); otherwise product_not_in_current_order. A piece a payment in
 * progress holds (a card at the checkout or on a terminal) is active_payment_exists: cancelling it
 * would leave that payment paying for nothing. The piece stays on the bill as cancelled, and
 * leaves the kitchen's ticket at once (shown there as a cancellation until a cook acknowledges
 * it); an order slip that recorded it is corrected.
 */
export async function removeOrderProduct(options: {
  db: Db;
  events: EventBus;
  principal: Principal;
  tableId: number;
  orderProductId: number;
}): Promise<void> {
  const { db, principal, tableId } = options;
  const table = await authorizeTable(db, principal, tableId);
  const [removed] = await db.transaction(async (tx) => {
    // Under the table's lock, like every payment of it, so a hold cannot start in between.
    await lockTables(tx, [tableId]);
    const now = new Date();
    await assertNotHeld(tx, tableId, [options.orderProductId], now);
    const cancelled = await tx
      .update(orderProducts)
      .set({ paymentStatus: "CANCELLED", statusChangedAt: now })
      .where(
        and(
          eq(orderProducts.id, options.orderProductId),
          eq(orderProducts.tableId, tableId),
          eq(orderProducts.status, "SENT"),
          eq(orderProducts.paymentStatus, "UNPAID"),
        ),
      )
      .returning({
        ticketId: orderProducts.ticketId,
        orderId: orderProducts.orderId,
        productName: orderProducts.productName,
        priceCents: orderProducts.unitPriceCents,
      });
    if (cancelled.length) {
      // Staff taking a piece back is on the trail; a guest's own change is not a staff action.
      await recordAudit(tx, principal, {
        kind: "ITEM_CANCELLED",
        table,
        subject: describeUnits(cancelled),
        amountBeforeCents: cancelled[0].priceCents,
        amountAfterCents: 0,
        details: { orderProductIds: [options.orderProductId] },
      });
      await holdCancellationsForKitchen(tx, { cancelledUnitIds: [options.orderProductId], now });
      // A payment request left with nothing to pay is over.
      await settlePaymentRequests(tx, tableId, principal.userId, now);
      await correctOrderSlips(tx, {
        retailerId: table.retailerId,
        cancelledUnitIds: [options.orderProductId],
        // A guest's change names nobody: staff never see guests' personal data.
        userId: principal.role === "USER" ? null : principal.userId,
        now,
      });
    }
    return cancelled;
  });
  // An unpaid piece always belongs to the table's open session: a session closes only when
  // nothing on it is left to pay.
  if (!removed) throw new AppError("product_not_in_current_order", 400);
  if (removed.ticketId != null) {
    const [ticket] = await db.select().from(kitchenTickets).where(eq(kitchenTickets.id, removed.ticketId));
    await options.events.publish({
      type: "ticket.changed",
      retailerId: table.retailerId,
      tableId,
      ticketId: ticket.id,
      preparationAreaId: ticket.preparationAreaId,
    });
  }
  await options.events.publish({ type: "table.changed", retailerId: table.retailerId, tableId, orderIds: [removed.orderId] });
}
