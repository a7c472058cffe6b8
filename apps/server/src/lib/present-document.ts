import { DOCUMENT_TYPES, type FiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import { PAYMENT_METHODS } from "@tableorder/domain/enums";
import { vatRateOfCategory } from "@tableorder/domain/fiscal/vat";
import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { documents } from "../db/schema.ts";
import type { DocumentRow } from "./issue-documents.ts";

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value != null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

/** The document's main way of payment, as its sections name it (spec 3 §9 methods). */
function paymentMethodOf(row: DocumentRow): string {
  if (!row.paymentMethods.length) return "NO_PAYMENT";
  return [...row.paymentMethods].sort((a, b) => b.amount - a.amount)[0].method;
}

/**
 * A document as the history popup shows it (spec 3 §3 Document). `cancelled` says whether a credit
 * note points at it: the document itself never changes, its orderFormStatus is read from the facts.
 * An order slip whose pieces were taken off reads cancelled from then (a replacement carries the rest).
 */
export function presentDocument(row: DocumentRow, creditNoteCancels = false): FiscalDocument {
  const method = paymentMethodOf(row);
  const cancelled = creditNoteCancels || row.cancellationRequestedAt != null;
  return {
    id: row.id,
    type: oneOf(DOCUMENT_TYPES, row.type, "RECEIPT"),
    series: row.series,
    number: row.number,
    uid: row.uid,
    mark: row.mark,
    authenticationCode: row.authenticationCode,
    issuedAt: row.issuedAt.toISOString(),
    totalAmount: row.totalCents,
    orderSubmittedBy: row.orderSubmittedBy,
    waiterName: row.waiterName,
    tableName: row.tableName,
    myDataQrUrl: row.qrUrl,
    status: row.status,
    orderFormStatus: cancelled ? "CANCELLED" : row.orderFormStatus === "OPEN" ? "OPEN" : row.orderFormStatus ? "CLOSED" : null,
    cardInfo: row.cardInfo ?? null,
    products: row.lines.flatMap((l) =>
      typeof l?.name === "string" && typeof l.quantity === "number" && typeof l.price === "number"
        ? [{ name: l.name, quantity: l.quantity, price: Math.round(l.price), vatCategory: Number(l.vatCategory ?? 1) }]
        : [],
    ),
    sections: row.sections.map((s) => ({
      sectionVat: vatRateOfCategory(s.vatCategory) ?? 0,
      sectionAmount: s.gross,
      sectionType: s.productType,
      paymentMethod: method,
    })),
    payments: row.paymentMethods.map((p) => ({
      method: oneOf(PAYMENT_METHODS, p.method, "CASH"),
      amount: p.amount,
      ...(p.tipAmount ? { tipAmount: p.tipAmount } : {}),
    })),
  };
}

/** Which of these documents a credit note cancels. */
export async function cancelledDocumentIds(db: Queryable, retailerId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const notes = await db
    .select({ id: documents.correlatedDocumentId })
    .from(documents)
    .where(and(eq(documents.retailerId, retailerId), inArray(documents.correlatedDocumentId, ids)));
  return new Set(notes.map((n) => n.id).filter((id): id is number => id != null));
}
