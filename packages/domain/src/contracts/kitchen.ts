import { z } from "zod";
import { ALLERGENS, ORDER_PRODUCT_STATUSES, SENDER_TYPES, SERVICE_MODES } from "../enums.ts";

const optionRef = z.object({ id: z.number(), name: z.string(), price: z.number().int() });

export const ticketProduct = z.object({
  id: z.string(),
  productId: z.number(),
  name: z.string(),
  status: z.enum(ORDER_PRODUCT_STATUSES),
  quantity: z.number().int(),
  price: z.number().int(),
  orderProductIds: z.array(z.number()),
  preparationWay: optionRef.nullable(),
  basicIngredientIds: z.array(optionRef),
  extraIngredientIds: z.array(optionRef),
  removedIngredients: z.array(optionRef),
  notes: z.string(),
  allergens: z.array(z.enum(ALLERGENS)),
  timestamp: z.string(),
  tableName: z.string(),
  tableId: z.number(),
});
export type TicketProduct = z.infer<typeof ticketProduct>;

/**
 * Pieces cancelled while the kitchen had them (sent, or prepared and not yet picked up), grouped
 * as a ticket's lines are, with their status when cancelled and when that happened (the earliest
 * of the line's pieces, ISO 8601 UTC). The ticket shows them until a cook acknowledges them.
 */
export const cancelledTicketProduct = ticketProduct.extend({ cancelledAt: z.string() });
export type CancelledTicketProduct = z.infer<typeof cancelledTicketProduct>;

/** A kitchen ticket: the products of one order routed to one preparation area (spec 2 §3). */
export const kitchenTicket = z.object({
  id: z.number(),
  ticketId: z.number(),
  timestamp: z.string(),
  quantity: z.number().int(),
  uniqueQuantity: z.number().int(),
  preparedQuantity: z.number().int(),
  serviceMode: z.enum(SERVICE_MODES),
  tableName: z.string(),
  tableId: z.number(),
  /**
   * Set once a table transfer moved the ticket: the table it stood at before. The ticket then names
   * the table it was moved to ("μεταφέρθηκε στο τραπέζι {tableName}"), so the food goes there.
   */
  movedFromTableName: z.string().nullable(),
  isPrinted: z.boolean(),
  printed: z.boolean(),
  sentBy: z.object({ type: z.enum(SENDER_TYPES), firstName: z.string().nullable(), lastName: z.string().nullable() }),
  products: z.array(ticketProduct),
  /**
   * Cancellations a cook has not yet acknowledged (POST .../acknowledge-cancellation). A ticket
   * whose every piece was cancelled stays on the screen for them alone, until acknowledged.
   */
  cancelledUnacknowledged: z.array(cancelledTicketProduct),
});
export type KitchenTicket = z.infer<typeof kitchenTicket>;

/**
 * Whether a ticket belongs on its area's screens: something to prepare or hand over, or a
 * cancellation to acknowledge. A ticket emptied by cancellations, once acknowledged, has no
 * place there.
 */
export function ticketOnScreen(ticket: Pick<KitchenTicket, "products" | "cancelledUnacknowledged">): boolean {
  return ticket.products.length > 0 || ticket.cancelledUnacknowledged.length > 0;
}

/** A ticket the area completed lately, as the board's Recall lists it: newest first. */
export const completedKitchenTicket = kitchenTicket.extend({ completedAt: z.string() });
export type CompletedKitchenTicket = z.infer<typeof completedKitchenTicket>;
export const completedKitchenTickets = z.array(completedKitchenTicket);

export const kitchenFeed = z.object({
  id: z.number(),
  label: z.string(),
  hasAutoPrint: z.boolean(),
  isPreparationAreaAvailable: z.boolean(),
  isFeedDisabled: z.boolean(),
  printerIp: z.string().nullable(),
  /** Minutes after which a ticket shows as waiting long, then as late (set per area). */
  ageWarnMinutes: z.number().int(),
  ageLateMinutes: z.number().int(),
  tickets: z.array(kitchenTicket),
});
export type KitchenFeed = z.infer<typeof kitchenFeed>;

/** Pushed on /user/queue/kitchen and /topic/kitchen/{areaId}: what changed in the feed. */
/** The area's own settings as the feed carries them, without its tickets. */
export const kitchenAreaSettings = kitchenFeed.omit({ tickets: true });
export type KitchenAreaSettings = z.infer<typeof kitchenAreaSettings>;

export const kitchenFeedMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("TICKET_UPSERT"), ticket: kitchenTicket }),
  z.object({ type: z.literal("TICKET_REMOVED"), ticketId: z.number() }),
  /** The area was opened or closed, or its printing settings changed, on another screen. */
  z.object({ type: z.literal("AREA_UPDATED"), area: kitchenAreaSettings }),
]);
export type KitchenFeedMessage = z.infer<typeof kitchenFeedMessage>;

export const orderProductIdsRequest = z.object({ orderProductIds: z.array(z.number().int().positive()).min(1).max(500) });
/** A screen asks to be the one that auto-prints a ticket (beyond the spec: several screens per area). */
export const printClaimRequest = z.object({ screenId: z.string().trim().min(8).max(64) });
export type PrintClaimRequest = z.infer<typeof printClaimRequest>;
export const printClaimResponse = z.object({ claimed: z.boolean() });
export type PrintClaimResponse = z.infer<typeof printClaimResponse>;
export const autoPrintRequest = z.object({ autoPrint: z.boolean(), id: z.number().int().positive().optional() });
export const setAreaActiveRequest = z.object({ active: z.boolean(), id: z.number().int().positive().optional() });

/** The pieces a prepare call marked prepared, and whether the ticket is now complete. */
export const prepareTicketResponse = z.object({ preparedIds: z.array(z.number()), ticketCompleted: z.boolean() });
export type PrepareTicketResponse = z.infer<typeof prepareTicketResponse>;
/** The cancelled pieces an acknowledgement cleared (none on a repeated tap), and whether the ticket is now complete. */
export const acknowledgeCancellationResponse = z.object({ acknowledgedIds: z.array(z.number()), ticketCompleted: z.boolean() });
export type AcknowledgeCancellationResponse = z.infer<typeof acknowledgeCancellationResponse>;
/** The pieces an undo brought back. */
export const revertTicketResponse = z.object({ revertedIds: z.array(z.number()) });
export type RevertTicketResponse = z.infer<typeof revertTicketResponse>;
export const autoPrintResponse = z.object({ autoPrint: z.boolean() });
export type AutoPrintResponse = z.infer<typeof autoPrintResponse>;
/** GET api/cuisine/ip: where the venue's print agent listens; null until the venue sets one. */
export const printAgentAddress = z.object({ address: z.string().nullable() });
export type PrintAgentAddress = z.infer<typeof printAgentAddress>;
/** Whether a preparation area is open (taking orders). */
export const areaOpenState = z.object({ id: z.number(), active: z.boolean() });
export type AreaOpenState = z.infer<typeof areaOpenState>;
