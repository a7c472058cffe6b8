import { z } from "zod";

/** Ids in paths and bodies: positive integers, from a string in a path. */
export const idParam = z.coerce.number().int().positive();
export const id = z.number().int().positive();

/** Money in the API is integer cents (see docs/architecture.md). */
export const cents = z.number().int().min(0).max(100_000_000);

export const tableIdParams = z.object({ tableId: idParam });
export const idParams = z.object({ id: idParam });
