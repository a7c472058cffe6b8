import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import { documents, orderProducts } from "../db/schema.ts";
import { issueOrderSlip } from "./issue-documents.ts";

/**
 * Pieces taken off a table after an order slip (8.6) recorded them (issue 13): the slip no longer
 * says what the table was served, and an issued document is never edited. So each slip that
 * recorded one of them is cancelled (from now it reads cancelled; the outbox asks AADE to cancel
 * its mark with CancelInvoice once it has one) and a new slip carries the slip's pieces still on
 * the table, under the next number. A slip left with nothing is only cancelled. Call it in the
 * transaction that cancels the pieces, after they are marked cancelled, under the table's lock.
 */
export async function correctOrderSlips(
  tx: Tx,
  options: { retailerId: number; cancelledUnitIds: number[]; userId: number | null; now: Date },
): Promise<void> {
  if (!options.cancelledUnitIds.length) return;
  const recordedOn = tx
    .selectDistinct({ id: orderProducts.orderSlipId })
    .from(orderProducts)
    .where(inArray(orderProducts.id, options.cancelledUnitIds));
  const slips = await tx
    .update(documents)
    .set({ cancellationRequestedAt: options.now })
    .where(
      and(
        inArray(documents.id, recordedOn),
        eq(documents.retailerId, options.retailerId),
        isNull(documents.cancellationRequestedAt),
      ),
    )
    .returning({ id: documents.id, tableId: documents.tableId });
  for (const slip of slips) {
    const rest = await tx
      .select({ id: orderProducts.id })
      .from(orderProducts)
      .where(and(eq(orderProducts.orderSlipId, slip.id), ne(orderProducts.paymentStatus, "CANCELLED")));
    if (!rest.length || slip.tableId == null) continue;
    await issueOrderSlip(tx, {
      at: "correction",
      retailerId: options.retailerId,
      tableId: slip.tableId,
      unitIds: rest.map((unit) => unit.id),
      userId: options.userId,
      now: options.now,
    });
  }
}
