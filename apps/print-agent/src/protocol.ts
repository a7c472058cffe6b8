import { PAYMENT_METHODS, SENDER_TYPES, SERVICE_MODES } from "@tableorder/domain/enums";
import { MYDATA_VAT_RATES } from "@tableorder/domain/fiscal/vat";
import { z } from "zod";
import type { PrintableBill } from "./bill-layout.ts";
import { CODE_PAGES } from "./escpos/code-pages.ts";
import { QR_MAX_DATA } from "./escpos/encoder.ts";
import type { PrintableFiscalDocument, PrintableVenueHeader } from "./fiscal-document-layout.ts";
import type { PrintableKitchenTicket } from "./kitchen-ticket-layout.ts";
import { DEFAULT_PRINTER_PORT } from "./printer-connection.ts";
import type { PrintableStatsReport } from "./stats-report-layout.ts";
import type { PrintableTestPage } from "./test-page-layout.ts";

/**
 * The print protocol between the preparation screen (browser) and the agent: JSON text messages
 * over WebSocket. Every message is validated here; nothing unvalidated reaches a printer.
 */

/** Largest raw job, decoded: far above any receipt, below what would strain a small venue PC. */
export const MAX_RAW_JOB_BYTES = 16 * 1024 * 1024;
/** Largest WebSocket message: a raw job in base64 plus its envelope. */
export const MAX_MESSAGE_BYTES = Math.ceil((MAX_RAW_JOB_BYTES * 4) / 3) + 64 * 1024;

const text = (max: number) => z.string().max(max);
const named = z.object({ name: text(200) });

const printableProduct = z.object({
  name: text(500),
  quantity: z.number().int().min(1).max(9999),
  preparationWay: named.nullable().default(null),
  removedIngredients: z.array(named).max(100).default([]),
  extraIngredientIds: z.array(named).max(100).default([]),
  notes: text(2000).nullable().default(""),
  allergens: z.array(text(50)).max(50).default([]),
});

/** The fields of a KitchenTicket that printing reads; the rest of the ticket may come along. */
export const printableKitchenTicket = z.object({
  ticketId: z.number().int(),
  timestamp: text(64),
  serviceMode: z.enum(SERVICE_MODES),
  tableName: text(100),
  movedFromTableName: text(100).nullable().optional(),
  sentBy: z.object({
    type: z.enum(SENDER_TYPES),
    firstName: text(100).nullable().optional(),
    lastName: text(100).nullable().optional(),
  }),
  products: z.array(printableProduct).min(1).max(500),
}) satisfies z.ZodType<PrintableKitchenTicket>;

/** Money on a bill: integer cents within the API's range. */
const money = z.number().int().min(0).max(100_000_000);
/**
 * A stats figure a credit note can take below zero: a receipt cancelled on a later day counts on
 * the credit note's day (issue 28 A2), so that day's money and consumption may be negative.
 */
const signedMoney = z.number().int().min(-100_000_000).max(100_000_000);

/** The fields of the cash desk's TableBill that printing reads; the rest may come along. */
export const printableBill = z.object({
  tableName: text(100),
  serviceMode: z.enum(SERVICE_MODES),
  venueName: text(200),
  billedAt: text(64),
  lines: z
    .array(
      z.object({
        name: text(500),
        quantity: z.number().int().min(1).max(9999),
        unitPrice: money,
        amount: money,
        isGift: z.boolean(),
      }),
    )
    .max(1000),
  discountAmount: money,
  totalAmount: money,
}) satisfies z.ZodType<PrintableBill>;

/** The income stats' fields the report prints (spec 3 §7.7); a whole POST api/stats answer may come along. */
export const printableStatsReport = z.object({
  venueName: text(200),
  filters: text(500).optional(),
  startDate: text(10),
  endDate: text(10),
  cashTotal: signedMoney,
  posTotal: signedMoney,
  onlineTotal: signedMoney,
  onCreditTotal: signedMoney,
  giftsTotal: money,
  cancelledTotal: money,
  discountsTotal: signedMoney,
  tablesTotal: z.number().int().min(0),
  productCount: z.array(z.object({ name: text(500), amount: signedMoney, count: z.number().int() })).max(5000),
  tips: z
    .object({
      cash: money,
      pos: money,
      online: money,
      total: money,
      byWaiter: z.array(z.object({ userId: z.number().int().nullable(), name: text(200), total: money })).max(1000),
    })
    .optional(),
}) satisfies z.ZodType<PrintableStatsReport>;

/** The admin's test page for a preparation area's printer. */
export const printableTestPage = z.object({
  venueName: text(200),
  areaName: text(100).min(1),
  printer: text(300).min(1),
}) satisfies z.ZodType<PrintableTestPage>;

/** The venue's header of a fiscal document (invoicing settings): name, ΑΦΜ, ΔΟΥ, address. */
export const printableVenueHeader = z.object({
  name: text(200).min(1),
  tin: z.string().regex(/^\d{9}$/),
  taxOffice: text(200).nullable().default(null),
  address: text(200).nullable().default(null),
  city: text(200).nullable().default(null),
  zip: text(20).nullable().default(null),
  phone: text(40).nullable().optional(),
}) satisfies z.ZodType<PrintableVenueHeader>;

const VAT_RATES = Object.values(MYDATA_VAT_RATES) as number[];

/**
 * The fields of a fiscal document (contract fiscalDocument) that printing reads; the rest may
 * come along. The QR's URL must be printable ASCII, as the QR command takes it.
 */
const printableDocumentFields = {
  series: text(50),
  number: z.number().int().min(0),
  uid: text(100).nullable(),
  mark: text(50).nullable(),
  issuedAt: text(64),
  totalAmount: money,
  tableName: text(100).nullable(),
  waiterName: text(200).nullable(),
  myDataQrUrl: z
    .string()
    .max(QR_MAX_DATA)
    .regex(/^[\x20-\x7e]+$/)
    .nullable(),
  cardInfo: z
    .object({
      type: text(50).nullable(),
      tid: text(50).nullable(),
      mid: text(50).nullable(),
      number: text(50).nullable(),
      approvalCode: text(50).nullable(),
      transactionId: text(200).nullable(),
    })
    .nullable()
    .default(null),
  products: z.array(z.object({ name: text(500), quantity: z.number().positive().max(9999), price: money })).max(1000),
  sections: z
    .array(
      z.object({
        sectionVat: z.number().refine((rate) => VAT_RATES.includes(rate), "not a myDATA VAT rate"),
        sectionAmount: money,
        paymentMethod: text(50),
      }),
    )
    .min(1)
    .max(50),
  payments: z
    .array(z.object({ method: z.enum(PAYMENT_METHODS), amount: money, tipAmount: money.optional() }))
    .max(20)
    .optional(),
};

/** A receipt (11.1, 11.2) or a credit note (11.4) to print. */
export const printableReceipt = z.object({
  ...printableDocumentFields,
  type: z.enum(["RECEIPT", "SERVICE_RECEIPT", "CREDIT_NOTE"]),
}) satisfies z.ZodType<PrintableFiscalDocument>;

/** A restaurant order slip (8.6) to print. */
export const printableOrderSlip = z.object({
  ...printableDocumentFields,
  type: z.literal("ORDER"),
}) satisfies z.ZodType<PrintableFiscalDocument>;

/**
 * The "receipt" and "order-slip" jobs as a sender builds them: a fiscal document from
 * GET api/orders/{ticketId}/invoices plus the venue's header (issue 13).
 */
export type FiscalPrintJob = z.input<typeof receiptJob> | z.input<typeof orderSlipJob>;

const areaName = text(100);
const codePage = z.enum(CODE_PAGES).optional();

const receiptJob = z.object({
  kind: z.literal("receipt"),
  venue: printableVenueHeader,
  document: printableReceipt,
  bigLetters: z.boolean().default(false),
  /** A reprint from the history, marked ΑΝΤΙΓΡΑΦΟ. */
  copy: z.boolean().default(false),
  codePage,
});
const orderSlipJob = z.object({
  kind: z.literal("order-slip"),
  venue: printableVenueHeader,
  document: printableOrderSlip,
  bigLetters: z.boolean().default(false),
  copy: z.boolean().default(false),
  codePage,
});

export const printJob = z.discriminatedUnion("kind", [
  receiptJob,
  orderSlipJob,
  z.object({
    kind: z.literal("kitchen-ticket"),
    ticket: printableKitchenTicket,
    areaName,
    bigLetters: z.boolean().default(false),
    codePage,
  }),
  z.object({
    kind: z.literal("void-ticket"),
    ticket: printableKitchenTicket.pick({ ticketId: true, tableName: true, timestamp: true }),
    cancelled: z
      .array(z.object({ name: text(500), quantity: z.number().int().min(1).max(9999) }))
      .min(1)
      .max(500),
    areaName,
    bigLetters: z.boolean().default(false),
    codePage,
  }),
  z.object({
    kind: z.literal("bill"),
    bill: printableBill,
    bigLetters: z.boolean().default(false),
    codePage,
  }),
  z.object({
    kind: z.literal("stats-report"),
    report: printableStatsReport,
    bigLetters: z.boolean().default(false),
    codePage,
  }),
  z.object({
    kind: z.literal("test-page"),
    page: printableTestPage,
    codePage,
  }),
  z.object({
    kind: z.literal("raw"),
    base64: z
      .base64()
      .min(1)
      .max(Math.ceil(MAX_RAW_JOB_BYTES / 3) * 4),
  }),
]);
export type PrintJob = z.infer<typeof printJob>;

const messageId = z.string().min(1).max(128);

/** IPv4, IPv6 or a host name on the venue's network. */
const printerAddress = z.union([z.ipv4(), z.ipv6(), z.hostname().max(253)]);

export const printRequest = z.object({
  type: z.literal("print"),
  id: messageId,
  printerIp: printerAddress,
  printerPort: z.number().int().min(1).max(65535).default(DEFAULT_PRINTER_PORT),
  job: printJob,
});
export type PrintRequest = z.infer<typeof printRequest>;

export const clientMessage = z.discriminatedUnion("type", [printRequest, z.object({ type: z.literal("ping") })]);
export type ClientMessage = z.infer<typeof clientMessage>;

export type JobErrorCode = "printer_unreachable" | "printer_timeout" | "invalid_job";

export type AgentMessage =
  | { type: "hello"; version: string }
  | { type: "pong"; version: string }
  | { type: "result"; id: string; ok: true }
  | { type: "result"; id: string; ok: false; error: JobErrorCode; message: string }
  | { type: "error"; error: "invalid_message"; message: string };

/** A short, readable list of what was wrong with a message (no values echoed back). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(message)"}: ${issue.message}`)
    .join("; ");
}
