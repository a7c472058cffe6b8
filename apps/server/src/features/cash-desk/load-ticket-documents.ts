import type { FiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import { and, asc, eq, gt, inArray, isNotNull, or } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { documents, orderProducts, orders, payments } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { cancelledDocumentIds, presentDocument } from "../../lib/present-document.ts";

/**
 * GET api/orders/{ticketId}/invoices: the fiscal documents of a history ticket: those issued for a
 * payment that paid a piece of the order or for the register sale's payment (receipts and their
 * credit notes), and the order slips billed for it. Only documents with a series, a number and a
 * positive total are kept (spec 3 §3), and the order slips that record its pieces now. A receipt a
 * credit note points at, or an order slip corrected since, shows CANCELLED ('Ακυρώθηκε'). Another
 * venue's ticket is a 404.
 */
export async function loadTicketDocuments(db: Queryable, retailerId: number, ticketId: number): Promise<FiscalDocument[]> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, ticketId), eq(orders.retailerId, retailerId)))
    .limit(1);
  if (!order) throw new AppError("not_found", 404, { entity: "ticket" });
  const paidBy = db
    .selectDistinct({ id: orderProducts.paymentId })
    .from(orderProducts)
    .where(and(eq(orderProducts.orderId, order.id), isNotNull(orderProducts.paymentId)));
  const saleBy = db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, order.id));
  const slippedBy = db
    .selectDistinct({ id: orderProducts.orderSlipId })
    .from(orderProducts)
    .where(and(eq(orderProducts.orderId, order.id), isNotNull(orderProducts.orderSlipId)));
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.retailerId, retailerId),
        or(
          inArray(documents.paymentId, paidBy),
          inArray(documents.paymentId, saleBy),
          eq(documents.orderId, order.id),
          inArray(documents.id, slippedBy),
        ),
        gt(documents.totalCents, 0),
        gt(documents.number, 0),
      ),
    )
    .orderBy(asc(documents.issuedAt), asc(documents.id));
  const kept = rows.filter((row) => row.series !== "");
  const cancelled = await cancelledDocumentIds(
    db,
    retailerId,
    kept.map((r) => r.id),
  );
  return kept.map((row) => presentDocument(row, cancelled.has(row.id)));
}
