import { DOCUMENT_TYPES, type FiscalDocument, ORDER_FORM_STATUSES } from "@tableorder/domain/contracts/cash-desk";
import { and, asc, eq, gt, inArray, isNotNull, or } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { documents, orderProducts, orders, payments } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";

type DocumentRow = typeof documents.$inferSelect;

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T | null): T | null =>
  value != null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

/** A document's stored lines, read as the popup's products; anything else in them is left out. */
function productsOf(row: DocumentRow): FiscalDocument["products"] {
  return row.lines.flatMap((line) => {
    const l = line as Partial<{ name: unknown; quantity: unknown; price: unknown; vatCategory: unknown }>;
    if (typeof l.name !== "string" || typeof l.quantity !== "number" || typeof l.price !== "number") return [];
    return [{ name: l.name, quantity: l.quantity, price: Math.round(l.price), vatCategory: Number(l.vatCategory ?? 1) }];
  });
}

/** The document as the history's popup shows it (spec 3 §3 Document). */
export function presentDocument(row: DocumentRow): FiscalDocument {
  return {
    id: row.id,
    type: oneOf(DOCUMENT_TYPES, row.type, "RECEIPT") as FiscalDocument["type"],
    series: row.series,
    number: row.number,
    uid: row.uid,
    mark: row.mark,
    authenticationCode: row.authenticationCode,
    issuedAt: row.issuedAt.toISOString(),
    totalAmount: row.totalCents,
    orderSubmittedBy: null,
    waiterName: null,
    tableName: null,
    myDataQrUrl: row.qrUrl,
    status: row.status,
    orderFormStatus: oneOf(ORDER_FORM_STATUSES, row.orderFormStatus, null),
    cardInfo: null,
    products: productsOf(row),
    sections: [],
  };
}

/**
 * GET api/orders/{ticketId}/invoices: the fiscal documents of a history ticket, those issued for a
 * payment that paid a piece of the order, or for the register sale's payment. Only documents with
 * a series, a number and a positive total are kept (spec 3 §3). Another venue's ticket is a 404.
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
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.retailerId, retailerId),
        or(inArray(documents.paymentId, paidBy), inArray(documents.paymentId, saleBy)),
        gt(documents.totalCents, 0),
        gt(documents.number, 0),
      ),
    )
    .orderBy(asc(documents.issuedAt), asc(documents.id));
  return rows.filter((row) => row.series !== "").map(presentDocument);
}
