import { z } from "zod";

/** The largest value of PostgreSQL's `integer`, the type of every id column: a larger id names nothing. */
export const LARGEST_ID = 2_147_483_647;

/** Ids in paths and bodies: positive integers up to LARGEST_ID, from a string in a path. */
export const idParam = z.coerce.number().int().positive().max(LARGEST_ID);
export const id = z.number().int().positive().max(LARGEST_ID);

/** Money in the API is integer cents (see docs/architecture.md). */
export const cents = z.number().int().min(0).max(100_000_000);

export const tableIdParams = z.object({ tableId: idParam });
export const idParams = z.object({ id: idParam });
