import { z } from "zod";
import { CANCEL_REASONS } from "../cancel-reason.ts";
import { WAITER_REQUEST_TYPES } from "../enums.ts";
import { CREDIT_DEBTOR_MAX_LENGTH } from "../payment-calculator.ts";
import { collectedTipFields, id, idParam } from "./common.ts";
import { heldPayment, tableFeedItem } from "./table.ts";

/** The waiter's API (spec 2 §7 Waiter). Money is integer cents. */

export const requestIdParams = z.object({ requestId: idParam });

/**
 * One card of the waiter's service feed (spec 2 §3): an active task of a table. Its items are the
 * units still to handle, grouped like the table feed: a pickup's still prepared pieces, a
 * service task's undelivered ones, a payment request's unpaid ones; calls have none.
 */
export const waiterFeedItem = z.object({
  id: z.number(),
  requestId: z.number(),
  type: z.enum(WAITER_REQUEST_TYPES),
  timestamp: z.string(),
  placement: z.string(),
  placementId: z.number(),
  preparationArea: z.string().nullable(),
  preparationAreaId: z.number().nullable(),
  items: z.array(tableFeedItem),
  sum: z.number().int(),
  itemCount: z.number().int(),
});
export type WaiterFeedItem = z.infer<typeof waiterFeedItem>;

export const waiterFeed = z.array(waiterFeedItem);

/**
 * Beyond the spec (issue 31, docs/decisions/041-new-order-cards.md): an information card of the
 * service feed, not a task. A guest's order with pieces still at a preparation area, so the waiter
 * knows the table is active before the food is ready: how many pieces are still being prepared and
 * since when. It has no action, never counts as a task, and goes once the order is all prepared.
 */
export const newOrderCard = z.object({
  orderId: z.number(),
  placement: z.string(),
  placementId: z.number(),
  pieceCount: z.number().int(),
  timestamp: z.string(),
});
export type NewOrderCard = z.infer<typeof newOrderCard>;

export const newOrderCards = z.array(newOrderCard);

/**
 * Pushed on /user/queue/waiter whenever a table's tasks change: the table's whole current list of
 * active tasks as the receiver may see them, oldest first. It replaces what the screen held for
 * that table, so a task another waiter handled disappears (an empty list clears the table).
 * newOrders (beyond the spec) likewise replaces the table's new-order information cards.
 */
export const waiterFeedMessage = z.object({
  type: z.literal("TABLE_TASKS"),
  tableId: z.number(),
  items: z.array(waiterFeedItem),
  newOrders: z.array(newOrderCard).optional(),
});
export type WaiterFeedMessage = z.infer<typeof waiterFeedMessage>;

/**
 * Beyond the spec, on the waiter's queue too: a card sale this waiter started at a terminal was
 * declined, aborted or timed out, told wherever they are in the app (the table's pieces are
 * payable again). Only the waiter who started it gets it.
 */
export const terminalSaleFailedMessage = z.object({
  type: z.literal("TERMINAL_SALE_FAILED"),
  tableId: z.number(),
  tableLabel: z.string(),
  paymentId: z.number(),
  amount: z.number().int(),
  terminalName: z.string(),
});
export type TerminalSaleFailedMessage = z.infer<typeof terminalSaleFailedMessage>;

/** next-status and complete-orders take a bare array of order product ids (spec 2 §7). */
export const orderProductIdList = z.array(id).min(1).max(500);
export const undoStatusRequest = z.object({ orderProductIds: orderProductIdList });

/**
 * Cancelling pieces from the table feed: the ids, as for undo-status, and why (issue 31), which
 * the server requires when any of them is already prepared (cancelNeedsReason).
 */
export const removeProductsRequest = z.object({
  orderProductIds: orderProductIdList,
  reason: z.enum(CANCEL_REASONS).optional(),
});
export type RemoveProductsRequest = z.infer<typeof removeProductsRequest>;

/** The units a status change moved. */
export const statusChangeResponse = z.object({ orderProductIds: z.array(z.number()) });
export type StatusChangeResponse = z.infer<typeof statusChangeResponse>;

export const tableAssignmentsQuery = z.object({
  onlyAssigned: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
  tableId: idParam.optional(),
});

/** A table in the waiter's Tables tab (spec 2 §3): amount is the open session's unpaid cents. */
export const tableAssignment = z.object({
  tableId: z.number(),
  label: z.string(),
  assigned: z.boolean(),
  amount: z.number().int(),
  waiterCount: z.number().int(),
});
export type TableAssignment = z.infer<typeof tableAssignment>;

export const tableAssignments = z.array(tableAssignment);

export const assignMeRequest = z.object({ active: z.boolean() });
/** The table and whether the caller now supervises it. */
export const assignMeResponse = z.object({ tableId: z.number(), assigned: z.boolean() });
export type AssignMeResponse = z.infer<typeof assignMeResponse>;

/** A waiter's task marked done. */
export const completeRequestResponse = z.object({ id: z.number() });

/** A product in the waiter's Availability tab (spec 2 §3). */
export const waiterProduct = z.object({ id: z.number(), label: z.string(), price: z.number().int(), active: z.boolean() });
export type WaiterProduct = z.infer<typeof waiterProduct>;
export const waiterProducts = z.array(waiterProduct);

/** A table's feed as staff read it: every line of the open session and what is left to pay. */
/**
 * A card sale of the table's pieces waiting at a terminal (beyond the spec): its card amount, the
 * terminal's name and since when. Its pieces cannot be collected otherwise until it ends.
 */
export const pendingTerminalSale = z.object({
  paymentId: z.number(),
  amount: z.number().int(),
  terminalName: z.string(),
  startedAt: z.string(),
  pieceCount: z.number().int(),
});
export type PendingTerminalSale = z.infer<typeof pendingTerminalSale>;

export const staffTableFeed = z.object({
  tableId: z.number(),
  label: z.string(),
  sessionId: z.number().nullable(),
  terminalSales: z.array(pendingTerminalSale),
  tableFeed: z.array(tableFeedItem),
  unpaidTableFeed: z.array(tableFeedItem),
  totalUnpaidCount: z.number().int(),
  totalUnpaidPrice: z.number().int(),
  heldPayments: z.array(heldPayment),
});
export type StaffTableFeed = z.infer<typeof staffTableFeed>;

const cents = z.number().int().min(0).max(100_000_000);

/** POST api/feed/release-payment-hold: staff end an online card payment the guest abandoned. */
export const releasePaymentHoldRequest = z.object({ paymentId: idParam });

/**
 * The waiter collects a payment at the table (spec 2 §3 CompleteOrder), all amounts in cents.
 * itemsCount means what a guest's payment request means: a feed line's unit and how many
 * identical pieces; with payAll every unpaid piece of the table is collected instead.
 */
export const completeOrderBody = z.object({
  discountAmount: cents.default(0),
  cardAmount: cents.default(0),
  cashAmount: cents.default(0),
  onCreditAmount: cents.default(0),
  /**
   * Beyond the spec (issue 28 A9, docs/decisions/001-credit-debtor.md): who owes the on-credit part, a
   * name or a note. Required when onCreditAmount > 0 (credit_debtor_required); ignored otherwise.
   */
  creditDebtor: z.string().trim().max(CREDIT_DEBTOR_MAX_LENGTH).nullish(),
  itemsCount: z
    .array(z.object({ orderProductId: id, quantity: z.number().int().min(1).max(500) }))
    .max(200)
    .default([]),
  isGift: z.boolean().default(false),
  /**
   * The venue's card terminal (an id from GET api/feed/card-terminals) that takes the card part:
   * the collection then answers PENDING and its result arrives on /topic/payment-update/{tableId}.
   * Empty or absent: the card part was taken otherwise and the collection completes at once.
   */
  selectedTerminalId: z.union([z.string(), z.number()]).nullish(),
  payAll: z.boolean().default(false),
  ...collectedTipFields,
});
export type CompleteOrderBody = z.infer<typeof completeOrderBody>;

export const completeOrderQuery = z.object({ payAll: z.enum(["true", "false"]).optional() });

/**
 * COMPLETED: the pieces are paid. PENDING: the card part waits at the chosen terminal; the pieces
 * are held (nobody else can collect them) until the terminal's result settles or frees them, and
 * that result is pushed on /topic/payment-update/{tableId} as a paymentUpdateMessage.
 */
export const completeOrderResponse = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("COMPLETED"),
    paymentId: z.number(),
    paidProductCount: z.number().int(),
    paidAmount: z.number().int(),
    /** The tip taken with the collection, in cents, beside paidAmount (present only when there is one). */
    tipAmount: z.number().int().optional(),
  }),
  z.object({
    status: z.literal("PENDING"),
    paymentId: z.number(),
    /** What the terminal is asked to take, in cents: the collection's card part, plus a card tip. */
    cardAmount: z.number().int(),
    /** The tip taken with the collection, in cents (present only when there is one). */
    tipAmount: z.number().int().optional(),
  }),
]);
export type CompleteOrderResponse = z.infer<typeof completeOrderResponse>;

/** Moves a table's open bill to another table of the venue (spec 2 §4.5, §7). */
export const transferTableBody = z.object({ tableId: id, targetTableId: id });

/** The target table and the open session that now holds the moved bill. */
export const transferTableResponse = z.object({ tableId: z.number(), sessionId: z.number() });
export type TransferTableResponse = z.infer<typeof transferTableResponse>;
