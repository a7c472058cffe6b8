import type { SetPasswordLink } from "@tableorder/domain/contracts/operator";
import { and, eq, isNull } from "drizzle-orm";
import { issueSetPasswordLink } from "../../auth/set-password-links.ts";
import { assertUsernameFree, USERNAME_INDEX } from "../../auth/staff-accounts.ts";
import { ConfigError } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { withUniqueKeys } from "../../lib/database-errors.ts";
import type { LinkSettings } from "./create-venue.ts";

/**
 * Creates a platform operator account (issue 18), with no venue and no password: the answer is a
 * one-time link to choose one. Used by `npm run operator:create` and, for OPERATOR_USERNAME, by
 * the start.
 */
export async function createOperator(
  options: { db: Db; username: string } & LinkSettings,
): Promise<{ username: string; link: SetPasswordLink }> {
  const { db, username } = options;
  return withUniqueKeys(USERNAME_INDEX, () =>
    db.transaction(async (tx) => {
      await assertUsernameFree(tx, username);
      const [operator] = await tx.insert(users).values({ role: "OPERATOR", login: username }).returning({ id: users.id });
      return { username, link: await issueSetPasswordLink(tx, { userId: operator.id, ...options }) };
    }),
  );
}

/**
 * The operator named by OPERATOR_USERNAME, made on start when it does not exist. While it has no
 * password yet, each start issues a fresh link (the earlier one stops working), so a link that
 * expired before anyone used it is replaced by restarting; once a password is set, nothing is
 * issued. Null when there is nothing to print.
 */
export async function ensureOperator(
  options: { db: Db; username: string } & LinkSettings,
): Promise<{ created: boolean; link: SetPasswordLink } | null> {
  const [existing] = await options.db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.login, options.username), isNull(users.deletedAt)))
    .limit(1);
  if (!existing) return { created: true, link: (await createOperator(options)).link };
  if (existing.role !== "OPERATOR") {
    throw new ConfigError(
      `Invalid configuration:\n- OPERATOR_USERNAME: "${options.username}" is the username of a venue's account; choose another`,
    );
  }
  if (existing.passwordHash) return null;
  return { created: false, link: await issueSetPasswordLink(options.db, { userId: existing.id, ...options }) };
}
