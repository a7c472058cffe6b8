import { z } from "zod";
import { ORDER_PRODUCT_STATUSES, PAYMENT_STATUSES } from "../enums.ts";
import { closedAreas, menu } from "./menu.ts";

export const tableCodeParams = z.object({ code: z.string().trim().min(1).max(64) });
export const tableLookup = z.object({ tableId: z.number(), tableCode: z.string() });
export type TableLookup = z.infer<typeof tableLookup>;

export const retailerInfo = z.object({
  name: z.string(),
  thumbnailUrl: z.string().nullable(),
  type: z.string(),
  mainCuisine: z.string().nullable(),
  secondaryCuisine: z.array(z.number()),
  tableName: z.string(),
});
export type RetailerInfo = z.infer<typeof retailerInfo>;

export const checkInResponse = z.object({ id: z.number() });

/**
 * Beyond the spec (docs/decisions/030-table-start-in-one-call.md): what a guest's table page needs
 * to start, in one answer of GET api/cq-table/code/{code}/start. The table as the code lookup
 * answers it, the venue as retailer-info does, the menu in the caller's language and the closed
 * areas; for a guest checked in at this table, their reservation and the table's open waiter call
 * and payment request (null for anyone else).
 */
export const tableStart = z.object({
  table: tableLookup,
  retailerInfo,
  menu,
  closedAreas,
  reservationId: z.number().nullable(),
  callWaiterRequestId: z.number().nullable(),
  activePaymentRequestId: z.number().nullable(),
});
export type TableStart = z.infer<typeof tableStart>;

const optionRef = z.object({ id: z.number(), name: z.string(), price: z.number().int() });

/** Identical pieces of a table's order grouped into one line; acts on units by orderProductIds. */
export const tableFeedItem = z.object({
  id: z.string(),
  productId: z.number(),
  name: z.string(),
  orderProductIds: z.array(z.number()),
  quantity: z.number().int(),
  price: z.number().int(),
  status: z.enum(ORDER_PRODUCT_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /**
   * Beyond the spec (issue 28 A9): PAID pieces whose collection left money on credit are owed, not
   * paid, and read "Επί πιστώσει"; creditDebtor is who owes it (staff only; null on a guest's phone).
   */
  onCredit: z.boolean(),
  creditDebtor: z.string().nullable(),
  hasDiscount: z.boolean(),
  billed: z.boolean(),
  notes: z.string(),
  preparationWay: optionRef.nullable(),
  preparationWayPrice: z.number().int(),
  basicIngredientIds: z.array(optionRef),
  extraIngredientIds: z.array(optionRef),
  removedIngredients: z.array(optionRef),
  timestamp: z.string(),
});
export type TableFeedItem = z.infer<typeof tableFeedItem>;

/**
 * Pieces a payment in progress holds (issue 28 A5): an online card payment at the provider
 * (ONLINE) or a sale waiting at a card terminal (TERMINAL). Every phone shows them as being paid
 * from another phone; nobody else can collect them until the payment ends or is released.
 */
export const heldPayment = z.object({
  paymentId: z.number(),
  heldBy: z.enum(["ONLINE", "TERMINAL"]),
  orderProductIds: z.array(z.number()),
});
export type HeldPayment = z.infer<typeof heldPayment>;

/** Everything a guest's table screen shows; pushed whole on /topic/customer/{lang}/{tableId}. */
export const tableState = z.object({
  tableId: z.number(),
  tableCode: z.string(),
  /** Off when the back office switched the table out of service: its guests can no longer order. */
  onService: z.boolean(),
  sessionId: z.number().nullable(),
  retailerInfo,
  tableFeed: z.array(tableFeedItem),
  unpaidTableFeed: z.array(tableFeedItem),
  totalUnpaidCount: z.number().int(),
  totalUnpaidPrice: z.number().int(),
  callWaiterRequestId: z.number().nullable(),
  activePaymentRequestId: z.number().nullable(),
  heldPayments: z.array(heldPayment),
});
export type TableState = z.infer<typeof tableState>;
