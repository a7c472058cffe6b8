import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sandboxMydataInvoices, sandboxMydataMark } from "../../db/schema.ts";
import type { HeldInvoice, SandboxBooks } from "../../integrations/mydata/sandbox-transmitter.ts";

type Row = typeof sandboxMydataInvoices.$inferSelect;

const held = (row: Row): HeldInvoice => ({
  uid: row.uid,
  mark: row.mark,
  cancelledByMark: row.cancelledByMark,
  authenticationCode: row.authenticationCode,
  qrUrl: row.qrUrl,
  issuerVatNumber: row.issuerVatNumber,
  series: row.series,
  aa: row.aa,
  issueDate: row.issueDate,
  invoiceType: row.invoiceType,
  xml: row.xml,
  cancellationDate: row.cancellationDate,
});

/**
 * The myDATA sandbox's books in a table of its own (like the sandbox card provider's), so what
 * "AADE" holds survives a restart of the server: a crash between sending and recording is then
 * reconciled exactly as with the real AADE, by asking RequestTransmittedDocs.
 */
export class DatabaseSandboxBooks implements SandboxBooks {
  constructor(private readonly db: Db) {}

  async takeMark() {
    const result = (await this.db.execute(sql`select nextval(${sandboxMydataMark.seqName})::text as mark`)) as unknown as {
      rows: { mark: string }[];
    };
    return result.rows[0].mark;
  }

  async byUid(uid: string) {
    const [row] = await this.db.select().from(sandboxMydataInvoices).where(eq(sandboxMydataInvoices.uid, uid));
    return row ? held(row) : null;
  }

  async byMark(mark: string) {
    const [row] = await this.db.select().from(sandboxMydataInvoices).where(eq(sandboxMydataInvoices.mark, mark));
    return row ? held(row) : null;
  }

  async add(invoice: HeldInvoice) {
    await this.db.insert(sandboxMydataInvoices).values({
      mark: invoice.mark,
      uid: invoice.uid ?? "",
      issuerVatNumber: invoice.issuerVatNumber,
      series: invoice.series ?? "",
      aa: invoice.aa ?? "",
      issueDate: invoice.issueDate ?? "",
      invoiceType: invoice.invoiceType ?? "",
      authenticationCode: invoice.authenticationCode ?? "",
      qrUrl: invoice.qrUrl ?? "",
      xml: invoice.xml,
    });
  }

  async cancel(mark: string, cancellationMark: string, cancellationDate: string) {
    await this.db
      .update(sandboxMydataInvoices)
      .set({ cancelledByMark: cancellationMark, cancellationDate })
      .where(eq(sandboxMydataInvoices.mark, mark));
  }

  async all() {
    const rows = await this.db
      .select()
      .from(sandboxMydataInvoices)
      .orderBy(asc(sql`${sandboxMydataInvoices.mark}::numeric`));
    return rows.map(held);
  }
}
