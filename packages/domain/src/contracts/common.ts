import { z } from "zod";
import type { ErrorBody } from "../errors.ts";

/** The largest value of PostgreSQL's `integer`, the type of every id column: a larger id names nothing. */
export const LARGEST_ID = 2_147_483_647;

/** Ids in paths and bodies: positive integers up to LARGEST_ID, from a string in a path. */
export const idParam = z.coerce.number().int().positive().max(LARGEST_ID);
export const id = z.number().int().positive().max(LARGEST_ID);

/** Money in the API is integer cents (see docs/architecture.md). */
export const cents = z.number().int().min(0).max(100_000_000);

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
