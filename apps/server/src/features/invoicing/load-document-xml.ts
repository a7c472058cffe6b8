import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { documents } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { documentXml } from "./document-facts.ts";

/**
 * GET api/admin/documents/{id}/xml: the document's InvoicesDoc for the accountant, rebuilt from
 * the stored facts (the same XML the outbox sends). A credit note's XML needs the mark of the
 * receipt it corrects, so it is available once that one is transmitted.
 */
export async function loadDocumentXml(
  db: Db,
  retailerId: number,
  documentId: number,
): Promise<{ fileName: string; xml: string }> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.retailerId, retailerId), ne(documents.invoiceType, "")));
  if (!row) throw new AppError("not_found", 404, { entity: "document" });
  let correlatedMark: string | null = null;
  if (row.correlatedDocumentId != null) {
    const [original] = await db
      .select({ mark: documents.mark })
      .from(documents)
      .where(eq(documents.id, row.correlatedDocumentId));
    correlatedMark = original?.mark ?? null;
    if (!correlatedMark) throw new AppError("document_xml_unavailable", 400);
  }
  return { fileName: `${row.invoiceType}-${row.series}-${row.number}.xml`, xml: documentXml(row, correlatedMark) };
}

/**
 * GET api/admin/documents/pending: how many of the venue's documents wait for AADE and how long the
 * oldest has waited, so the admin sees an outage (issue 13).
 */
export async function countPendingDocuments(db: Db, retailerId: number): Promise<{ count: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      oldest: sql<string | null>`extract(epoch from (now() - min(${documents.issuedAt})))`,
    })
    .from(documents)
    .where(and(eq(documents.retailerId, retailerId), eq(documents.status, "PENDING"), ne(documents.invoiceType, "")));
  return {
    count: Number(row?.count ?? 0),
    oldestAgeSeconds: row?.oldest == null ? 0 : Math.max(0, Math.floor(Number(row.oldest))),
  };
}
