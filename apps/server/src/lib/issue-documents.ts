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
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../db/client.ts";
import { jsonValue } from "../db/json-value.ts";
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
  type payments,
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
type PaymentRow = typeof payments.$inferSelect;

/** Told on the bus when a venue's invoicing settings were saved (instances drop what they remember of them). */
export const INVOICING_CHANGED = "invoicing.changed";

interface Issuer {
  vatNumber: string;
  /** Order slips come with every sent order rather than with the bill. */
  orderSlipOnEveryOrder: boolean;
}

/** A venue's invoicing settings as the statements that issue read them (venueInvoicingOf). */
interface VenueInvoicing {
  enabled: boolean;
  tin: string | null;
  orderSlipOnEveryOrder: boolean;
}

/**
 * A venue's invoicing settings as one value, a subquery to put in the statement that reads what a
 * document lists: so the issuer is read in the sale's transaction, as fresh as the pieces, without
 * a statement of its own.
 */
const venueInvoicingOf = (retailerId: number) => sql<VenueInvoicing | string | null>`(
  select json_build_object(
    'enabled', ${retailers.invoicingEnabled},
    'tin', ${retailers.invoicing}->>'tin',
    'orderSlipOnEveryOrder', ${retailers.orderSlipOnEveryOrder}
  ) from ${retailers} where ${retailers.id} = ${retailerId})`;

/** The venue that issues, or null when invoicing is off (or its ΑΦΜ is missing): then nothing is issued. */
function issuerOf(venue: VenueInvoicing | string | null | undefined): Issuer | null {
  const settings = venue == null ? null : jsonValue(venue);
  const tin = settings?.tin ?? null;
  if (!settings?.enabled || !tin || !isValidAfm(tin)) return null;
  return { vatNumber: tin, orderSlipOnEveryOrder: settings.orderSlipOnEveryOrder };
}

/** Whether a venue's sent orders get their own order slips (its choice, while invoicing is on). */
export async function issuesOrderSlipPerOrder(db: Queryable, retailerId: number): Promise<boolean> {
  const { rows } = (await db.execute(sql`select ${venueInvoicingOf(retailerId)} as venue`)) as unknown as {
    rows: { venue: VenueInvoicing | string | null }[];
  };
  return issuerOf(rows[0]?.venue)?.orderSlipOnEveryOrder ?? false;
}

/**
 * What a document names besides its pieces, as subqueries of the statement that reads the pieces
 * (one statement instead of four): the issuing venue's settings, the table's label and the name of
 * the waiter (or cashier) who made the sale.
 */
function saleFactsOf(sale: { retailerId: number; tableId: number | null; userId: number | null }) {
  return {
    venue: venueInvoicingOf(sale.retailerId),
    tableName: sql<string | null>`(select ${diningTables.label} from ${diningTables} where ${diningTables.id} = ${sale.tableId})`,
    waiter: sql<PersonName | string | null>`(
      select json_build_object('firstName', ${users.firstName}, 'lastName', ${users.lastName}, 'login', ${users.login})
      from ${users} where ${users.id} = ${sale.userId})`,
  };
}

/** The card terminal a payment went through, as a subquery beside the sale's facts. */
const terminalOf = (cardTerminalId: number | null) => sql<{ type: string; mid: string | null } | string | null>`(
  select json_build_object('type', ${cardTerminals.type}, 'mid', ${cardTerminals.mid})
  from ${cardTerminals} where ${cardTerminals.id} = ${cardTerminalId})`;

/** What a select of such subqueries answers for them. */
type SaleFacts<Fields> = { [name in keyof Fields]: Fields[name] extends SQL<infer Value> ? Value : never };

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

interface PersonName {
  firstName: string | null;
  lastName: string | null;
  login: string;
}

const personName = (user: PersonName | string | null | undefined) => {
  const person = user == null ? null : jsonValue(user);
  return person ? [person.firstName, person.lastName].filter(Boolean).join(" ") || person.login : null;
};

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
 * transaction id, 5 on credit) and the card's details. Gifts and transfers get none. Call it in the
 * payment's transaction, after the pieces are settled (their discount shares are then final), with
 * the payment's row as that transaction leaves it (every caller has just written or locked it).
 *
 * One statement, and two per receipt: what the receipts list (the pieces, or a register sale's
 * sections) read together with the venue's invoicing settings, the table, the waiter and the card
 * terminal; then each receipt's number and row. The settings are read in the transaction, not
 * remembered: a remembered "off" that the venue had just switched on would leave a sale without
 * its receipt, and in this statement they cost no round trip of their own.
 */
export async function issuePaymentDocuments(tx: Tx, options: { payment: PaymentRow; now?: Date }): Promise<DocumentRow[]> {
  const { payment } = options;
  const now = options.now ?? new Date();
  if (payment.status !== "COMPLETED" || !paymentIssuesReceipt(payment.type as "FULL")) return [];
  if (payment.amountCents <= 0) return [];
  const facts = {
    ...saleFactsOf({
      retailerId: payment.retailerId,
      tableId: payment.tableId,
      userId: payment.collectedByUserId ?? payment.startedByUserId,
    }),
    terminal: terminalOf(payment.cardTerminalId),
  };

  let sale: SaleFacts<typeof facts> | undefined;
  let charged: (ChargedAmount & { name: string })[];
  if (payment.orderId != null) {
    // A cash-register sale: its sections, the discount spread over them in proportion.
    const [order] = await tx
      .select({ sections: orders.sections, ...facts })
      .from(orders)
      .where(eq(orders.id, payment.orderId));
    sale = order;
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
        ...facts,
      })
      .from(orderProducts)
      .innerJoin(products, eq(products.id, orderProducts.productId))
      .where(and(eq(orderProducts.paymentId, payment.id), eq(orderProducts.paymentStatus, "PAID")))
      .orderBy(asc(orderProducts.id));
    sale = units[0];
    charged = units.map((u) => ({
      gross: Math.max(0, u.unitPriceCents - u.discountCents),
      vatCategory: categoryOf(u.vatCategory),
      productType: u.productType === "SERVICE" ? ("SERVICE" as const) : ("GOOD" as const),
      name: u.name,
    }));
  }
  const issuer = issuerOf(sale?.venue);
  if (!sale || !issuer) return [];
  const gross = charged.reduce((sum, c) => sum + c.gross, 0);
  if (gross === 0) return [];

  const card = payment.cardCents > 0 || payment.channel === "CARD";
  const parts: PaymentPart[] = [];
  // A tip is declared inside the part it was left with (myDATA tipAmount), never in an amount.
  const tipOf = (method: string) => (payment.tipMethod === method ? payment.tipCents : 0);
  if (payment.cashCents + payment.cardCents + payment.onCreditCents === gross) {
    parts.push({ method: "CASH", amount: payment.cashCents, tip: tipOf("CASH") });
    parts.push({
      method: "CARD",
      amount: payment.cardCents,
      transactionId: payment.providerTransactionId,
      tid: payment.terminalId,
      tip: tipOf("CARD"),
    });
    parts.push({ method: "CREDIT", amount: payment.onCreditCents });
  } else {
    // The amounts typed never add up to what the pieces charge (should not happen): the whole
    // charge goes under the payment's method, so the receipt still settles exactly.
    const method = payment.channel === "CASH" ? "CASH" : payment.channel === "CREDIT" ? "CREDIT" : "CARD";
    parts.push({
      method,
      amount: gross,
      transactionId: payment.providerTransactionId,
      tid: payment.terminalId,
      tip: method === "CREDIT" ? 0 : payment.tipCents,
    });
  }

  let cardInfo: DocumentCardInfo | null = null;
  if (card) {
    const terminal = sale.terminal == null ? null : jsonValue(sale.terminal);
    cardInfo = {
      type: terminal?.type ?? (payment.provider ? "ONLINE" : null),
      tid: payment.terminalId,
      mid: terminal?.mid ?? null,
      number: null,
      approvalCode: null,
      transactionId: payment.providerTransactionId,
    };
  }
  const context = { tableId: payment.tableId, tableName: sale.tableName, waiterName: personName(sale.waiter) };

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

/**
 * The restaurant order slip (8.6) of pieces just ordered or billed (issue 13): while invoicing is
 * on, the pieces that still charge something (gifts and cancellations do not), by VAT section,
 * naming the table. Not income, so unclassified and without payment methods; the receipts that
 * follow are the sale. A venue chooses when (fiscalDocumentKindOf): with each sent order
 * (`at: "order"`, its orderSlipOnEveryOrder) or with the bill (`at: "bill"`, the default); the
 * other call issues nothing, so no piece is on two slips; `at: "correction"` replaces a slip whose
 * pieces were partly taken off (correct-order-slips.ts). Each piece is linked to the slip that
 * records it (order_products.order_slip_id). Call it in the order's or the bill's transaction.
 */
export async function issueOrderSlip(
  tx: Tx,
  options: {
    at: "order" | "bill" | "correction";
    retailerId: number;
    tableId: number;
    unitIds: number[];
    userId?: number | null;
    now?: Date;
  },
): Promise<DocumentRow | null> {
  const now = options.now ?? new Date();
  if (!options.unitIds.length) return null;
  const units = await tx
    .select({
      id: orderProducts.id,
      orderId: orderProducts.orderId,
      name: orderProducts.productName,
      unitPriceCents: orderProducts.unitPriceCents,
      discountCents: orderProducts.discountCents,
      paymentStatus: orderProducts.paymentStatus,
      vatCategory: products.vatCategory,
      productType: products.type,
      ...saleFactsOf({ retailerId: options.retailerId, tableId: options.tableId, userId: options.userId ?? null }),
    })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(and(inArray(orderProducts.id, options.unitIds), eq(orderProducts.retailerId, options.retailerId)))
    .orderBy(asc(orderProducts.id));
  // The venue's choice as this transaction reads it: the one send-order remembered may be stale.
  const issuer = issuerOf(units[0]?.venue);
  if (!issuer) return null;
  const path = ({ order: "ORDER_SENT", bill: "TABLE_BILL", correction: "PIECES_TAKEN_OFF" } as const)[options.at];
  if (fiscalDocumentKindOf(path, { orderSlipOnEveryOrder: issuer.orderSlipOnEveryOrder }) !== "ORDER_SLIP") return null;
  const charged = units
    .filter((u) => u.paymentStatus !== "GIFT" && u.paymentStatus !== "CANCELLED")
    .map((u) => ({
      id: u.id,
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
  const slip = await insertDocument(
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
      tableId: options.tableId,
      tableName: units[0].tableName,
      waiterName: personName(units[0].waiter),
    },
    now,
  );
  await tx
    .update(orderProducts)
    .set({ orderSlipId: slip.id })
    .where(
      inArray(
        orderProducts.id,
        charged.map((unit) => unit.id),
      ),
    );
  return slip;
}
