import { z } from "zod";
import { PAYMENT_METHODS, PAYMENT_STATUSES, PRODUCT_TYPES, SERVICE_MODES } from "../enums.ts";
import { cents, collectedTipFields, id, type WithOptionalTip } from "./common.ts";

/**
 * The cash desk's API (spec 3 §2.3, §3, §7.2, §7.4, §7.6). Money is integer cents, times are ISO
 * 8601 in UTC (screens show them in Europe/Athens), dates in queries are the venue's calendar
 * days (YYYY-MM-DD, Europe/Athens).
 */

/** GET api/cash-desk/cash-desk-status; pushed whole on /user/queue/admin/cash-desk-status. */
export const cashDeskStatus = z.object({
  /** A table's open bill has pieces not yet billed. */
  hasUnbilled: z.boolean(),
  /** The same for a take-away. */
  hasUnbilledTakeAway: z.boolean(),
  /** A preparation area has an open ticket that was never printed. */
  hasUnprinted: z.boolean(),
});
export type CashDeskStatus = z.infer<typeof cashDeskStatus>;

/**
 * A table's or a take-away's card (GET api/cash-desk/tables, GET api/cash-desk/take-away). The
 * amounts are of the open bill: every piece not cancelled (gifts at 0, discounts taken off), and
 * what is still unpaid. isActive: the bill is open (something was ordered and not yet settled).
 */
export const cashDeskCard = z.object({
  id: z.number(),
  name: z.string(),
  itemCount: z.number().int(),
  totalAmount: z.number().int(),
  unpaidAmount: z.number().int(),
  hasUnbilled: z.boolean(),
  isActive: z.boolean(),
});
export type CashDeskCard = z.infer<typeof cashDeskCard>;
export const cashDeskCards = z.array(cashDeskCard);

/**
 * Pushed on /user/queue/admin/cash-desk-tables and /user/queue/admin/cash-desk-take-away when one
 * card changes: the card replaces the one with its id (or is added); REMOVED drops it.
 */
export const cashDeskCardMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("CARD"), card: cashDeskCard }),
  z.object({ type: z.literal("REMOVED"), id: z.number() }),
]);
export type CashDeskCardMessage = z.infer<typeof cashDeskCardMessage>;

/**
 * A preparation area's card (GET api/cash-desk/prep-areas; the whole list is pushed on
 * /user/queue/admin/cash-desk-prep-areas). orderCount: open tickets; itemCount: their pieces;
 * preparationCount: pieces still to prepare.
 */
export const cashDeskPrepAreaCard = z.object({
  id: z.number(),
  name: z.string(),
  isActive: z.boolean(),
  hasUnprinted: z.boolean(),
  orderCount: z.number().int(),
  itemCount: z.number().int(),
  preparationCount: z.number().int(),
  printerIp: z.string().nullable(),
});
export type CashDeskPrepAreaCard = z.infer<typeof cashDeskPrepAreaCard>;
export const cashDeskPrepAreaCards = z.array(cashDeskPrepAreaCard);

/** POST api/cash-desk/take-away: a new take-away; its label is unique for the venue that day. */
export const createTakeAwayResponse = z.object({ takeAwayId: z.number(), takeAwayLabel: z.string() });
export type CreateTakeAwayResponse = z.infer<typeof createTakeAwayResponse>;

/** One line of a bill: identical pieces at one price; a gift is priced 0 (spec 3 §9). */
export const billLine = z.object({
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  isGift: z.boolean(),
});
export type BillLine = z.infer<typeof billLine>;

/**
 * PUT api/cash-desk/table/{id}/bill: the table's unbilled pieces are now billed, and this is the
 * bill to print (80 mm): the whole open bill without cancelled pieces, gifts at 0, discounts
 * already given taken off.
 */
export const tableBill = z.object({
  tableId: z.number(),
  tableName: z.string(),
  serviceMode: z.enum(SERVICE_MODES),
  venueName: z.string(),
  billedAt: z.string(),
  lines: z.array(billLine),
  discountAmount: z.number().int(),
  totalAmount: z.number().int(),
  /** Pieces this call marked billed. */
  billedCount: z.number().int(),
});
export type TableBill = z.infer<typeof tableBill>;

/** The VAT rates a register section may carry (spec 3 §9), and the default. */
export const VAT_RATES = [4, 6, 9, 13, 17, 24] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const DEFAULT_VAT_RATE: VatRate = 24;

const vatRate = z.union(VAT_RATES.map((rate) => z.literal(rate)) as [z.ZodLiteral<4>, ...z.ZodLiteral<VatRate>[]]);

/** An amount typed on the register's panel, under one VAT rate and goods or service (spec 3 §3). */
export const registerSection = z.object({
  sectionVat: vatRate,
  sectionAmount: cents.refine((value) => value > 0, { message: "Size" }),
  sectionType: z.enum(PRODUCT_TYPES),
});
export type RegisterSection = z.infer<typeof registerSection>;

/**
 * POST api/feed/issue-receipt (spec 3 §3 register receipt request): a sale at the cash register,
 * by amounts, not products. cash + card = sum of sections − discount; the discount leaves at
 * least 0.20 € per section. tableId (beyond the spec) may name the table of a dine-in sale; the
 * spec's request has none, so it is optional; take-away and delivery sales have none. A card part with selectedTerminalId waits at
 * that terminal (PENDING), like a table's collection.
 */
export const registerReceiptRequest = z.object({
  discountAmount: cents.default(0),
  cardAmount: cents.default(0),
  cashAmount: cents.default(0),
  source: z.enum(SERVICE_MODES),
  tableId: id.nullish(),
  selectedTerminalId: z.union([z.string(), z.number()]).nullish(),
  sections: z.array(registerSection).min(1).max(50),
  ...collectedTipFields,
});
export type RegisterReceiptRequest = z.infer<typeof registerReceiptRequest>;
/** What the cash register sends: no tip fields means no tip. */
export type RegisterReceiptInput = WithOptionalTip<RegisterReceiptRequest>;

/** COMPLETED: paid. PENDING: the card part waits at the terminal (see completeOrderResponse). */
export const registerReceiptResponse = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("COMPLETED"),
    paymentId: z.number(),
    ticketId: z.number(),
    paidAmount: z.number().int(),
    tipAmount: z.number().int().optional(),
  }),
  z.object({
    status: z.literal("PENDING"),
    paymentId: z.number(),
    ticketId: z.number(),
    cardAmount: z.number().int(),
    tipAmount: z.number().int().optional(),
  }),
]);
export type RegisterReceiptResponse = z.infer<typeof registerReceiptResponse>;

const calendarDay = z.iso.date();

/** GET api/admin/order-history?startDate&endDate: both optional (today), end not before start. */
export const orderHistoryQuery = z.object({ startDate: calendarDay.optional(), endDate: calendarDay.optional() });
export type OrderHistoryQuery = z.infer<typeof orderHistoryQuery>;

export const historyProduct = z.object({
  name: z.string(),
  price: z.number().int(),
  quantity: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** PAID pieces whose collection left money on credit: owed, not paid (issue 28 A9), and who owes it. */
  onCredit: z.boolean(),
  creditDebtor: z.string().nullable(),
  hasDiscount: z.boolean(),
  /** The credit note ("series-number") that cancelled the receipt of these pieces (CANCELLED then). */
  creditNote: z.string().optional(),
});
export type HistoryProduct = z.infer<typeof historyProduct>;

/**
 * One sale in the history (spec 3 §3 history ticket): an order sent for a table or take-away, or
 * a cash-register sale (isRegistered; its products are its VAT sections). ticketId is what GET
 * api/orders/{ticketId}/invoices takes. isPrinted: every kitchen ticket of the order printed.
 */
export const historyTicket = z.object({
  id: z.number(),
  ticketId: z.number(),
  timestamp: z.string(),
  serviceMode: z.enum(SERVICE_MODES),
  tableName: z.string(),
  quantity: z.number().int(),
  isRegistered: z.boolean(),
  isPrinted: z.boolean(),
  products: z.array(historyProduct),
});
export type HistoryTicket = z.infer<typeof historyTicket>;
export const historyTickets = z.array(historyTicket);

/** Pushed on /user/queue/admin/order-history: a sale was added or changed (its payment, printing). */
export const historyMessage = z.object({ type: z.literal("HISTORY_TICKET"), ticket: historyTicket });
export type HistoryMessage = z.infer<typeof historyMessage>;

export const DOCUMENT_TYPES = ["RECEIPT", "SERVICE_RECEIPT", "ORDER", "DELIVERY_NOTE", "CREDIT_NOTE"] as const;
export const ORDER_FORM_STATUSES = ["OPEN", "CLOSED", "CANCELLED"] as const;

/** A fiscal document of a sale (spec 3 §3 Document), as GET api/orders/{ticketId}/invoices lists them. */
export const fiscalDocument = z.object({
  id: z.number(),
  type: z.enum(DOCUMENT_TYPES),
  series: z.string(),
  number: z.number().int(),
  uid: z.string().nullable(),
  mark: z.string().nullable(),
  authenticationCode: z.string().nullable(),
  issuedAt: z.string(),
  totalAmount: z.number().int(),
  orderSubmittedBy: z.string().nullable(),
  waiterName: z.string().nullable(),
  tableName: z.string().nullable(),
  myDataQrUrl: z.string().nullable(),
  status: z.string(),
  orderFormStatus: z.enum(ORDER_FORM_STATUSES).nullable(),
  cardInfo: z
    .object({
      type: z.string().nullable(),
      tid: z.string().nullable(),
      mid: z.string().nullable(),
      number: z.string().nullable(),
      approvalCode: z.string().nullable(),
      transactionId: z.string().nullable(),
    })
    .nullable(),
  products: z.array(z.object({ name: z.string(), quantity: z.number(), price: z.number().int(), vatCategory: z.number() })),
  sections: z.array(
    z.object({
      sectionVat: z.number(),
      sectionAmount: z.number().int(),
      sectionType: z.string(),
      paymentMethod: z.string(),
    }),
  ),
  /** Beyond the spec's one method per section: every way the sale was paid, as the receipt prints it. */
  payments: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      amount: z.number().int(),
      /** A tip left this way beside the sale (issue 32), printed on its own line; absent when none. */
      tipAmount: z.number().int().optional(),
    }),
  ),
});
export type FiscalDocument = z.infer<typeof fiscalDocument>;
export const fiscalDocuments = z.array(fiscalDocument);

/** The issuer's header a printed document starts with: the invoicing settings' name, ΑΦΜ, ΔΟΥ, address. */
export const documentIssuer = z.object({
  name: z.string(),
  tin: z.string(),
  taxOffice: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
});
export type DocumentIssuer = z.infer<typeof documentIssuer>;

/**
 * GET api/cash-desk/documents-to-print and its live queue (issue 13, beyond the spec): the venue's
 * receipts, order slips and credit notes the till has not printed yet, oldest first, with the
 * issuer's header; null issuer when the venue has no valid ΑΦΜ (then nothing was issued).
 */
export const documentsToPrint = z.object({ issuer: documentIssuer.nullable(), documents: fiscalDocuments });
export type DocumentsToPrint = z.infer<typeof documentsToPrint>;

/**
 * GET api/admin/ip (admin and cash desk): where the venue's print agent listens (the value
 * api/cuisine/ip gives), the venue's own printer (shop settings, for bills, receipts and the
 * register) and the venue's name, which the cash desk's landing page shows.
 */
export const adminIpResponse = z.object({
  address: z.string().nullable(),
  printerIp: z.string().nullable(),
  venueName: z.string(),
  /** A screen of the venue has printed through a print agent: until then nothing is said to wait to print. */
  printServiceSeen: z.boolean(),
});
export type AdminIpResponse = z.infer<typeof adminIpResponse>;
