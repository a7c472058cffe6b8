import { isValidAfm } from "@tableorder/domain/contracts/card-terminals";
import {
  DOCUMENT_TYPE_OF_INVOICE_TYPE,
  type FiscalInvoiceType,
  fiscalDocumentKindOf,
  paymentIssuesReceipt,
} from "@tableorder/domain/fiscal/document-rules";
import { fiscalIssueDate } from "@tableorder/domain/fiscal/issue-date";
import { type PaymentPart, planReceipts } from "@tableorder/domain/fiscal/receipt-plan";
import {
  buildVatSections,
  type ChargedAmount,
  discountSections,
  type MydataVatCategory,
  sumVatSections,
  type VatSection,
  vatCategoryOfRate,
  vatRateOfCategory,
} from "@tableorder/domain/fiscal/vat";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../db/client.ts";
import {
  cardTerminals,
  type DocumentCardInfo,
  type DocumentLineRow,
  type DocumentPaymentRow,
  diningTables,
  documentCounters,
  documents,
  orderProducts,
  orders,
  payments,
  products,
  retailers,
  users,
} from "../db/schema.ts";
import { computeInvoiceUid } from "../integrations/mydata/invoice-uid.ts";

/**
 * Issuing fiscal documents inside the transaction of the sale they record (ARCHITECTURE §4
 * "Fiscal documents are immutable facts"). Every way of paying and billing calls one function
 * here with its `tx`; the invoicing feature (features/invoicing) transmits, cancels and serves
 * them. Kept in lib/ because several features call it and a feature never imports another.
 */

/** Told on the bus when documents are transmitted, cancelled or printed, naming the sales they belong to. */
export const DOCUMENTS_CHANGED = "documents.changed";

/** The one series the product numbers its documents in; numbers run per venue, series and type. */
export const DOCUMENT_SERIES = "A";
/** The venue's branch as myDATA knows it: the head office. */
export const DOCUMENT_BRANCH = 0;

export type DocumentRow = typeof documents.$inferSelect;

/** Told on the bus when a venue's invoicing settings were saved (instances drop what they remember of them). */
export const INVOICING_CHANGED = "invoicing.changed";

interface Issuer {
  vatNumber: string;
  /** Order slips come with every sent order rather than with the bill. */
  orderSlipOnEveryOrder: boolean;
}

/** The venue that issues, or null when invoicing is off (or its ΑΦΜ is missing): then nothing is issued. */
async function issuerOf(db: Queryable, retailerId: number): Promise<Issuer | null> {
  const [venue] = await db
    .select({
      enabled: retailers.invoicingEnabled,
      invoicing: retailers.invoicing,
      orderSlipOnEveryOrder: retailers.orderSlipOnEveryOrder,
    })
    .from(retailers)
    .where(eq(retailers.id, retailerId));
  const tin = venue?.invoicing.tin ?? null;
  if (!venue?.enabled || !tin || !isValidAfm(tin)) return null;
  return { vatNumber: tin, orderSlipOnEveryOrder: venue.orderSlipOnEveryOrder };
}

/** Whether a venue's sent orders get their own order slips (its choice, while invoicing is on). */
export async function issuesOrderSlipPerOrder(db: Queryable, retailerId: number): Promise<boolean> {
  return (await issuerOf(db, retailerId))?.orderSlipOnEveryOrder ?? false;
}

/**
 * The next number of a venue's series and type: one upsert on the counter row, whose lock is held
 * until the sale commits, so concurrent sales queue here and a rolled-back sale gives its number back.
 */
export async function nextDocumentNumber(tx: Tx, retailerId: number, series: string, invoiceType: string): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ retailerId, series, invoiceType, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.retailerId, documentCounters.series, documentCounters.invoiceType],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ number: documentCounters.lastNumber });
  return row.number;
}

/** What a new document carries beyond its number, uid and issuer, which insertDocument adds. */
export type NewDocument = Omit<
  typeof documents.$inferInsert,
  "id" | "series" | "number" | "uid" | "issuerVatNumber" | "branch" | "issueDate" | "type" | "invoiceType" | "issuedAt"
> & { invoiceType: FiscalInvoiceType };

/** Numbers a document, computes its uid, and writes it PENDING: the outbox transmits it after the commit. */
export async function insertDocument(
  tx: Tx,
  issuer: { vatNumber: string },
  values: NewDocument,
  now: Date,
): Promise<DocumentRow> {
  const number = await nextDocumentNumber(tx, values.retailerId, DOCUMENT_SERIES, values.invoiceType);
  const issueDate = fiscalIssueDate(now);
  const uid = computeInvoiceUid({
    issuerVatNumber: issuer.vatNumber,
    issueDate,
    branch: DOCUMENT_BRANCH,
    invoiceType: values.invoiceType,
    series: DOCUMENT_SERIES,
    aa: number,
  });
  const [row] = await tx
    .insert(documents)
    .values({
      ...values,
      type: DOCUMENT_TYPE_OF_INVOICE_TYPE[values.invoiceType],
      series: DOCUMENT_SERIES,
      number,
      uid,
      issuerVatNumber: issuer.vatNumber,
      branch: DOCUMENT_BRANCH,
      issueDate,
      status: "PENDING",
      orderFormStatus: "CLOSED",
      issuedAt: now,
    })
    .returning();
  return row;
}

const categoryOf = (value: number): MydataVatCategory => (vatRateOfCategory(value) === null ? 1 : (value as MydataVatCategory));

const personName = (user: { firstName: string | null; lastName: string | null; login: string } | undefined) =>
  user ? [user.firstName, user.lastName].filter(Boolean).join(" ") || user.login : null;

/** Identical pieces at one charged price on one line, as a document lists them. */
function linesOf(units: { name: string; gross: number; vatCategory: number }[]): DocumentLineRow[] {
  const lines = new Map<string, DocumentLineRow>();
  for (const unit of units) {
    const key = `${unit.name}|${unit.gross}|${unit.vatCategory}`;
    const line = lines.get(key) ?? { name: unit.name, quantity: 0, price: unit.gross, vatCategory: unit.vatCategory };
    line.quantity += 1;
    lines.set(key, line);
  }
  return [...lines.values()];
}

const sectionRows = (sections: readonly VatSection[]) =>
  sections.map((s) => ({ vatCategory: s.vatCategory, productType: s.productType, gross: s.gross, vat: s.vat, net: s.net }));

/**
 * The receipts of a completed payment (issue 13): while invoicing is on, a FULL or PARTIAL payment
 * (waiter or cash-desk collection, card terminal, guest online, cash register) gets a retail
 * receipt (11.1) for goods and/or a service receipt (11.2) for services (planReceipts), each with
 * its VAT sections, its lines, its payment methods (3 cash, 7 card with the terminal's TID and the
 * transaction id, 5 on credit) and the card's details. Gifts and transfers get none. Call it in
 * the payment's transaction, after the pieces are settled (their discount shares are then final).
 */
export async function issuePaymentDocuments(tx: Tx, options: { paymentId: number; now?: Date }): Promise<DocumentRow[]> {
  const now = options.now ?? new Date();
  const [payment] = await tx.select().from(payments).where(eq(payments.id, options.paymentId));
  if (payment?.status !== "COMPLETED" || !paymentIssuesReceipt(payment.type as "FULL")) return [];
  if (payment.amountCents <= 0) return [];
  const issuer = await issuerOf(tx, payment.retailerId);
  if (!issuer) return [];

  let charged: (ChargedAmount & { name: string })[];
  if (payment.orderId != null) {
    // A cash-register sale: its sections, the discount spread over them in proportion.
    const [order] = await tx.select({ sections: orders.sections }).from(orders).where(eq(orders.id, payment.orderId));
    const sections = (order?.sections ?? []).map((s) => ({
      gross: s.sectionAmount,
      vatCategory: vatCategoryOfRate(s.sectionVat) ?? 1,
      productType: s.sectionType === "SERVICE" ? ("SERVICE" as const) : ("GOOD" as const),
      name: "",
    }));
    charged = discountSections(
      sections,
      Math.min(
        payment.discountCents,
        sections.reduce((sum, s) => sum + s.gross, 0),
      ),
    );
  } else {
    const units = await tx
      .select({
        name: orderProducts.productName,
        unitPriceCents: orderProducts.unitPriceCents,
        discountCents: orderProducts.discountCents,
        vatCategory: products.vatCategory,
        productType: products.type,
      })
      .from(orderProducts)
      .innerJoin(products, eq(products.id, orderProducts.productId))
      .where(and(eq(orderProducts.paymentId, payment.id), eq(orderProducts.paymentStatus, "PAID")))
      .orderBy(asc(orderProducts.id));
    charged = units.map((u) => ({
      gross: Math.max(0, u.unitPriceCents - u.discountCents),
      vatCategory: categoryOf(u.vatCategory),
      productType: u.productType === "SERVICE" ? ("SERVICE" as const) : ("GOOD" as const),
      name: u.name,
    }));
  }
  const gross = charged.reduce((sum, c) => sum + c.gross, 0);
  if (gross === 0) return [];

  const card = payment.cardCents > 0 || payment.channel === "CARD";
  const parts: PaymentPart[] = [];
  if (payment.cashCents + payment.cardCents + payment.onCreditCents === gross) {
    parts.push({ method: "CASH", amount: payment.cashCents });
    parts.push({
      method: "CARD",
      amount: payment.cardCents,
      transactionId: payment.providerTransactionId,
      tid: payment.terminalId,
    });
    parts.push({ method: "CREDIT", amount: payment.onCreditCents });
  } else {
    // The amounts typed never add up to what the pieces charge (should not happen): the whole
    // charge goes under the payment's method, so the receipt still settles exactly.
    const method = payment.channel === "CASH" ? "CASH" : payment.channel === "CREDIT" ? "CREDIT" : "CARD";
    parts.push({ method, amount: gross, transactionId: payment.providerTransactionId, tid: payment.terminalId });
  }

  let cardInfo: DocumentCardInfo | null = null;
  if (card) {
    const [terminal] =
      payment.cardTerminalId != null
        ? await tx
            .select({ type: cardTerminals.type, mid: cardTerminals.mid })
            .from(cardTerminals)
            .where(eq(cardTerminals.id, payment.cardTerminalId))
        : [];
    cardInfo = {
      type: terminal?.type ?? (payment.provider ? "ONLINE" : null),
      tid: payment.terminalId,
      mid: terminal?.mid ?? null,
      number: null,
      approvalCode: null,
      transactionId: payment.providerTransactionId,
    };
  }
  const context = await saleContext(tx, payment.tableId, payment.collectedByUserId ?? payment.startedByUserId);

  const issued: DocumentRow[] = [];
  for (const receipt of planReceipts({ sections: buildVatSections(charged), payments: parts })) {
    const ofType = charged.filter((c) => c.productType === (receipt.invoiceType === "11.1" ? "GOOD" : "SERVICE") && c.name);
    issued.push(
      await insertDocument(
        tx,
        issuer,
        {
          retailerId: payment.retailerId,
          paymentId: payment.id,
          orderId: payment.orderId,
          invoiceType: receipt.invoiceType,
          totalCents: receipt.totals.gross,
          netCents: receipt.totals.net,
          vatCents: receipt.totals.vat,
          lines: linesOf(ofType),
          sections: sectionRows(receipt.sections),
          paymentMethods: receipt.payments satisfies DocumentPaymentRow[],
          cardInfo: receipt.payments.some((p) => p.method === "CARD") ? cardInfo : null,
          ...context,
        },
        now,
      ),
    );
  }
  return issued;
}

/** The table's label and the waiter's (or cashier's) name, as a document shows them. */
async function saleContext(tx: Tx, tableId: number | null, userId: number | null) {
  const [table] =
    tableId != null ? await tx.select({ label: diningTables.label }).from(diningTables).where(eq(diningTables.id, tableId)) : [];
  const [user] =
    userId != null
      ? await tx
          .select({ firstName: users.firstName, lastName: users.lastName, login: users.login })
          .from(users)
          .where(eq(users.id, userId))
      : [];
  return { tableId, tableName: table?.label ?? null, waiterName: personName(user) };
}

/**
 * The restaurant order slip (8.6) of pieces just ordered or billed (issue 13): while invoicing is
 * on, the pieces that still charge something (gifts and cancellations do not), by VAT section,
 * naming the table. Not income, so unclassified and without payment methods; the receipts that
 * follow are the sale. A venue chooses when (fiscalDocumentKindOf): with each sent order
 * (`at: "order"`, its orderSlipOnEveryOrder) or with the bill (`at: "bill"`, the default); the
 * other call issues nothing, so no piece is on two slips. Call it in the order's or the bill's
 * transaction.
 */
export async function issueOrderSlip(
  tx: Tx,
  options: {
    at: "order" | "bill";
    retailerId: number;
    tableId: number;
    unitIds: number[];
    userId?: number | null;
    now?: Date;
  },
): Promise<DocumentRow | null> {
  const now = options.now ?? new Date();
  if (!options.unitIds.length) return null;
  const issuer = await issuerOf(tx, options.retailerId);
  if (!issuer) return null;
  const path = options.at === "order" ? "ORDER_SENT" : "TABLE_BILL";
  if (fiscalDocumentKindOf(path, { orderSlipOnEveryOrder: issuer.orderSlipOnEveryOrder }) !== "ORDER_SLIP") return null;
  const units = await tx
    .select({
      orderId: orderProducts.orderId,
      name: orderProducts.productName,
      unitPriceCents: orderProducts.unitPriceCents,
      discountCents: orderProducts.discountCents,
      paymentStatus: orderProducts.paymentStatus,
      vatCategory: products.vatCategory,
      productType: products.type,
    })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(and(inArray(orderProducts.id, options.unitIds), eq(orderProducts.retailerId, options.retailerId)))
    .orderBy(asc(orderProducts.id));
  const charged = units
    .filter((u) => u.paymentStatus !== "GIFT" && u.paymentStatus !== "CANCELLED")
    .map((u) => ({
      orderId: u.orderId,
      gross: Math.max(0, u.unitPriceCents - u.discountCents),
      vatCategory: categoryOf(u.vatCategory),
      productType: u.productType === "SERVICE" ? ("SERVICE" as const) : ("GOOD" as const),
      name: u.name,
    }))
    .filter((u) => u.gross > 0);
  if (!charged.length) return null;
  const sections = buildVatSections(charged);
  const totals = sumVatSections(sections);
  const context = await saleContext(tx, options.tableId, options.userId ?? null);
  return insertDocument(
    tx,
    issuer,
    {
      retailerId: options.retailerId,
      orderId: charged[0].orderId,
      invoiceType: "8.6",
      totalCents: totals.gross,
      netCents: totals.net,
      vatCents: totals.vat,
      lines: linesOf(charged),
      sections: sectionRows(sections),
      paymentMethods: [],
      ...context,
    },
    now,
  );
}
