import type { DocumentIssuer, DocumentsToPrint } from "@tableorder/domain/contracts/cash-desk";
import { PRINT_WINDOW_HOURS } from "@tableorder/domain/fiscal/document-printing";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client.ts";
import { documents, retailers } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { DOCUMENTS_CHANGED } from "../../lib/issue-documents.ts";
import { cancelledDocumentIds, presentDocument } from "../../lib/present-document.ts";
import { printLease, printLeaseIsFree } from "../../lib/print-lease.ts";
import { notePrintServiceSeen } from "../../lib/print-service-seen.ts";
import type { EventBus } from "../../realtime/types.ts";

/** More than a till prints in a rush; the rest follow as these are printed. */
const MAX_DOCUMENTS_TO_PRINT = 50;

/** The header a printed document starts with, from the invoicing settings (the venue's name if none). */
async function loadIssuer(db: Queryable, retailerId: number): Promise<DocumentIssuer | null> {
  const [venue] = await db
    .select({ name: retailers.name, invoicing: retailers.invoicing })
    .from(retailers)
    .where(eq(retailers.id, retailerId));
  const field = (name: string) => venue?.invoicing[name]?.trim() || null;
  const tin = field("tin");
  if (!venue || !tin) return null;
  return {
    name: field("name") ?? venue.name,
    tin,
    taxOffice: field("taxOffice"),
    address: field("address"),
    city: field("city"),
    zip: field("zip"),
    phone: field("phone"),
  };
}

/** A document the till has still to print: not printed yet, issued in the last PRINT_WINDOW_HOURS. */
export const awaitsPrint = () =>
  and(isNull(documents.printedAt), gt(documents.issuedAt, sql`now() - make_interval(hours => ${PRINT_WINDOW_HOURS})`));

/**
 * The venue's documents the till has not printed (issue 13): receipts, order slips and credit
 * notes of the last PRINT_WINDOW_HOURS, oldest first. The till prints each one once, after the
 * short wait for AADE's mark that printDueAt gives.
 */
export async function loadDocumentsToPrint(db: Queryable, retailerId: number): Promise<DocumentsToPrint> {
  const rows = await db
    .select()
    .from(documents)
    .where(and(eq(documents.retailerId, retailerId), awaitsPrint()))
    .orderBy(asc(documents.issuedAt), asc(documents.id))
    .limit(MAX_DOCUMENTS_TO_PRINT);
  const cancelled = await cancelledDocumentIds(
    db,
    retailerId,
    rows.map((r) => r.id),
  );
  return {
    // Even with nothing to print: a reprint from the history prints under the same header.
    issuer: await loadIssuer(db, retailerId),
    documents: rows.map((row) => presentDocument(row, cancelled.has(row.id))),
  };
}

/** Lets one till auto-print a document (see printLease); a document printed already is never claimed. */
export async function claimDocumentPrint(options: { db: Db; retailerId: number; documentId: number; screenId: string }) {
  const { db, retailerId, documentId, screenId } = options;
  const claimed = await db
    .update(documents)
    .set(printLease(screenId))
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.retailerId, retailerId),
        isNull(documents.printedAt),
        printLeaseIsFree(documents, screenId),
      ),
    )
    .returning({ id: documents.id });
  if (!claimed.length) await documentOf(db, retailerId, documentId);
  await notePrintServiceSeen(db, retailerId);
  return { claimed: claimed.length > 0 };
}

/** Remembers that a document came out of the till's printer, so no till prints it again. */
export async function markDocumentPrinted(options: { db: Db; events: EventBus; retailerId: number; documentId: number }) {
  const { db, retailerId, documentId } = options;
  const marked = await db
    .update(documents)
    .set({ printedAt: sql`now()` })
    .where(and(eq(documents.id, documentId), eq(documents.retailerId, retailerId), isNull(documents.printedAt)))
    .returning({ orderId: documents.orderId });
  if (!marked.length) await documentOf(db, retailerId, documentId);
  await notePrintServiceSeen(db, retailerId);
  if (!marked.length) return;
  await options.events.publish({
    type: DOCUMENTS_CHANGED,
    retailerId,
    documentIds: [documentId],
    orderIds: marked[0].orderId != null ? [marked[0].orderId] : [],
  });
}

/** Another venue's document, or none: a 404 either way. */
async function documentOf(db: Queryable, retailerId: number, documentId: number): Promise<void> {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.retailerId, retailerId)));
  if (!row) throw new AppError("not_found", 404, { entity: "document" });
}
