import type { FiscalDocument } from "@tableorder/domain/contracts/cash-desk";
import { isCancellableDocumentType } from "@tableorder/domain/fiscal/document-rules";
import { and, eq } from "drizzle-orm";
import type { Principal } from "../../auth/principal.ts";
import type { Db } from "../../db/client.ts";
import { documents, orderProducts, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordAudit, staffDisplayName } from "../../lib/audit-trail.ts";
import { DOCUMENTS_CHANGED, insertDocument } from "../../lib/issue-documents.ts";
import { presentDocument } from "../../lib/present-document.ts";
import type { EventBus } from "../../realtime/types.ts";

/**
 * DELETE api/admin/documents/cancel/{documentId} (spec 3 §7.2): cancels a receipt by issuing a
 * retail credit note (11.4) with the same lines, VAT sections and payment methods, pointing at it;
 * the outbox sends it with the receipt's mark in correlatedInvoices once the receipt is transmitted.
 * *Decision:* a receipt is always corrected by a credit note, never by AADE's CancelInvoice, even
 * before it is transmitted: it was handed to the guest, so it must reach AADE, and its number was
 * used (numbers never gap). The receipt itself is never edited; it reads CANCELLED because a credit
 * note points at it. An order slip (8.6) or a credit note cannot be cancelled here. In one
 * transaction under the receipt's row lock, so two admins cancelling at once issue one credit note.
 */
export async function cancelDocument(options: {
  db: Db;
  events: EventBus;
  retailerId: number;
  documentId: number;
  principal: Principal;
}): Promise<FiscalDocument> {
  const { db, retailerId, documentId, principal } = options;
  const cancelled = await db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.retailerId, retailerId)))
      .for("update");
    if (!original) throw new AppError("not_found", 404, { entity: "document" });
    if (!isCancellableDocumentType(original.type)) throw new AppError("document_not_cancellable", 400);
    if (original.status === "REFUSED") throw new AppError("document_not_cancellable", 400, { reason: "refused" });
    const [existing] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.correlatedDocumentId, original.id))
      .limit(1);
    if (existing) throw new AppError("document_already_cancelled", 400);
    const [user] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, login: users.login })
      .from(users)
      .where(eq(users.id, principal.userId));
    await recordAudit(tx, principal, {
      kind: "DOCUMENT_CANCELLED",
      table: original.tableId != null && original.tableName != null ? { id: original.tableId, label: original.tableName } : null,
      subject: `${original.invoiceType} ${original.series}-${original.number}`,
      amountBeforeCents: original.totalCents,
      amountAfterCents: 0,
      details: { documentId: original.id },
    });
    // The sales whose pieces the receipt paid: their history tickets now read cancelled.
    const paidOrders =
      original.paymentId == null
        ? []
        : await tx
            .selectDistinct({ orderId: orderProducts.orderId })
            .from(orderProducts)
            .where(eq(orderProducts.paymentId, original.paymentId));
    const created = await insertDocument(
      tx,
      { vatNumber: original.issuerVatNumber },
      {
        retailerId,
        paymentId: original.paymentId,
        orderId: original.orderId,
        invoiceType: "11.4",
        totalCents: original.totalCents,
        netCents: original.netCents,
        vatCents: original.vatCents,
        lines: original.lines,
        sections: original.sections,
        // The credit note reverses the sale; a tip is not the sale and stays with the staff
        // (docs/decisions/044-tips-kept-apart-from-the-sale.md), so it is not declared again.
        paymentMethods: original.paymentMethods.map(({ tipAmount: _tip, ...part }) => part),
        cardInfo: original.cardInfo,
        tableId: original.tableId,
        tableName: original.tableName,
        waiterName: user ? staffDisplayName(user) : null,
        correlatedDocumentId: original.id,
      },
      new Date(),
    );
    return { created, orderIds: paidOrders.map((o) => o.orderId) };
  });
  const { created: note } = cancelled;
  const orderIds = [...new Set([...(note.orderId != null ? [note.orderId] : []), ...cancelled.orderIds])];
  await options.events.publish({
    type: DOCUMENTS_CHANGED,
    retailerId,
    documentIds: [documentId, note.id],
    orderIds,
  });
  return presentDocument(note);
}
