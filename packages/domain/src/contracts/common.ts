import { z } from "zod";
import type { ErrorBody } from "../errors.ts";
import { TIP_METHODS } from "../tips.ts";

/** The largest value of PostgreSQL's `integer`, the type of every id column: a larger id names nothing. */
export const LARGEST_ID = 2_147_483_647;

/** Ids in paths and bodies: positive integers up to LARGEST_ID, from a string in a path. */
export const idParam = z.coerce.number().int().positive().max(LARGEST_ID);
export const id = z.number().int().positive().max(LARGEST_ID);

/** Money in the API is integer cents (see docs/architecture.md). */
export const cents = z.number().int().min(0).max(100_000_000);

/**
 * What the guest left for the staff, as the waiter or the cashier enters it with a collection
 * (issue 32; beyond the spec). tipAmount is cents beside the bill, never part of it; a negative
 * one is let through here so that the server answers its keyed refusal (tip_negative). tipMethod:
 * CASH or CARD, a way that pays part of the bill (myDATA declares the tip inside that part); a CARD
 * tip is charged with the card part (the terminal takes card + tip); absent, the tip goes with the
 * card when the card carries the payment, else with cash. tipConfirmed: the staff
 * confirmed an unusually large tip (over the bill or over 50 €), else tip_needs_confirmation.
 */
export const collectedTipFields = {
  tipAmount: z.number().int().min(-100_000_000).max(100_000_000).default(0),
  tipMethod: z.enum(TIP_METHODS).nullish(),
  tipConfirmed: z.boolean().default(false),
};

/** A request as a client may send it: the tip fields left out mean no tip. */
export type WithOptionalTip<Body> = Omit<Body, keyof typeof collectedTipFields> &
  Partial<Pick<Body, Extract<keyof Body, keyof typeof collectedTipFields>>>;

export const tableIdParams = z.object({ tableId: idParam });
export const idParams = z.object({ id: idParam });

/** The body of every error answer (see lib/error-handler.ts), documented once for all routes. */
export const errorBody = z.object({
  message: z.templateLiteral(["error.", z.string()]),
  title: z.string(),
  status: z.number().int(),
  params: z.record(z.string(), z.unknown()).optional(),
  fieldErrors: z.array(z.object({ objectName: z.string(), field: z.string(), message: z.string() })).optional(),
}) satisfies z.ZodType<ErrorBody>;

/** The answer of a change that has nothing to report: an empty object. */
export const emptyAnswer = z.object({});
