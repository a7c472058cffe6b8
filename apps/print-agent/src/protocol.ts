import { SENDER_TYPES, SERVICE_MODES } from "@tableorder/domain/enums";
import { z } from "zod";
import type { PrintableBill } from "./bill-layout.ts";
import { CODE_PAGES } from "./escpos/code-pages.ts";
import type { PrintableKitchenTicket } from "./kitchen-ticket-layout.ts";
import { DEFAULT_PRINTER_PORT } from "./printer-connection.ts";

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
  sentBy: z.object({
    type: z.enum(SENDER_TYPES),
    firstName: text(100).nullable().optional(),
    lastName: text(100).nullable().optional(),
  }),
  products: z.array(printableProduct).min(1).max(500),
}) satisfies z.ZodType<PrintableKitchenTicket>;

/** Money on a bill: integer cents within the API's range. */
const money = z.number().int().min(0).max(100_000_000);

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

const areaName = text(100);
const codePage = z.enum(CODE_PAGES).optional();

export const printJob = z.discriminatedUnion("kind", [
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
