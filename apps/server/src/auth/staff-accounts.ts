import type { ErrorKey } from "@tableorder/domain/errors";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { AppError } from "../lib/app-error.ts";

/** The unique index behind global usernames, for withUniqueKeys. */
export const USERNAME_INDEX: Record<string, ErrorKey> = { users_login: "username_exists" };

/**
 * Usernames are unique across the whole platform (staff sign in without naming a venue), among
 * live accounts of every kind; `login` arrives normalized (lower case) by the contracts.
 */
export async function assertUsernameFree(db: Queryable, login: string, exceptUserId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.login, login), isNull(users.deletedAt), exceptUserId == null ? undefined : ne(users.id, exceptUserId)))
    .limit(1);
  if (taken) throw new AppError("username_exists", 400);
}
