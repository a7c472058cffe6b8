import type { ErrorKey } from "@tableorder/domain/errors";
import { AppError } from "./app-error.ts";

/** What node-postgres and PGlite report of a failed statement; Drizzle wraps it as the cause. */
interface DatabaseErrorFacts {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function databaseError(error: unknown): DatabaseErrorFacts | null {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const facts = current as DatabaseErrorFacts;
    if (typeof facts.code === "string" && /^[0-9A-Z]{5}$/.test(facts.code)) return facts;
    current = facts.cause;
  }
  return null;
}

/**
 * Runs a write whose uniqueness the caller checked first, and turns the unique index that still
 * refused it (another request won the race in between) into the same keyed error, so a race
 * answers the spec's message instead of a 500. `keys` maps index names to error keys.
 */
export async function withUniqueKeys<T>(keys: Record<string, ErrorKey>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const facts = databaseError(error);
    const key = facts?.code === "23505" && facts.constraint ? keys[facts.constraint] : undefined;
    if (key) throw new AppError(key, 400);
    throw error;
  }
}

/** Whether a statement failed on a foreign key (a row still referenced, or a reference gone). */
export function isForeignKeyViolation(error: unknown): boolean {
  return databaseError(error)?.code === "23503";
}
