import { type SetPasswordTarget, setPasswordRuleFor } from "@tableorder/domain/contracts/operator";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { hashPassword } from "../../auth/passwords.ts";
import { setPasswordTokenHash } from "../../auth/set-password-links.ts";
import type { Db } from "../../db/client.ts";
import { passwordSetLinks, retailers, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordStaffChange } from "../../lib/audit-trail.ts";

/** A link that is unknown, used or expired: one answer for the three, so links cannot be probed. */
const invalidLink = () => new AppError("set_password_link_invalid", 400);

/** A link still usable: not used, not expired, of a live account. */
const usable = (token: string) =>
  and(
    eq(passwordSetLinks.tokenHash, setPasswordTokenHash(token)),
    isNull(passwordSetLinks.usedAt),
    gt(passwordSetLinks.expiresAt, sql`now()`),
  );

/** Whom a set-password link is for, so its page can greet them; refused once used or expired. */
export async function findSetPasswordTarget(options: { db: Db; token: string }): Promise<SetPasswordTarget> {
  const [link] = await options.db
    .select({ username: users.login, venueName: retailers.name, expiresAt: passwordSetLinks.expiresAt })
    .from(passwordSetLinks)
    .innerJoin(users, eq(users.id, passwordSetLinks.userId))
    .leftJoin(retailers, eq(retailers.id, users.retailerId))
    .where(and(usable(options.token), isNull(users.deletedAt)))
    .limit(1);
  if (!link) throw invalidLink();
  return { username: link.username, venueName: link.venueName, expiresAt: link.expiresAt.toISOString() };
}

/**
 * Sets an account's password through its one-time link (issue 18) and spends the link: one
 * conditional update takes it, so two tabs sending at once cannot both use it. The venue's audit
 * trail records that the password was set, never the password.
 */
export async function setPasswordWithLink(options: { db: Db; token: string; password: string }): Promise<{ username: string }> {
  const { db } = options;
  // A link that cannot work costs no hashing (nobody makes the server hash for a made-up link).
  const [known] = await db
    .select({ retailerId: users.retailerId })
    .from(passwordSetLinks)
    .innerJoin(users, eq(users.id, passwordSetLinks.userId))
    .where(usable(options.token))
    .limit(1);
  if (!known) throw invalidLink();
  // The route checked the spec's rule; the platform operator's account (no venue) has a stricter one.
  const rule = setPasswordRuleFor(known.retailerId === null).safeParse({ password: options.password });
  if (!rule.success) {
    const message = rule.error.issues[0]?.message ?? "field.invalid";
    throw new AppError("validation", 400, {}, [{ objectName: "body", field: "password", message }]);
  }
  // Hashing is slow on purpose; it happens before the transaction, holding no locks.
  const passwordHash = await hashPassword(options.password);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(passwordSetLinks)
      .set({ usedAt: sql`now()` })
      .where(usable(options.token))
      .returning({ userId: passwordSetLinks.userId });
    if (!link) throw invalidLink();
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, link.userId), isNull(users.deletedAt)))
      .returning();
    if (!user) throw invalidLink();
    await recordStaffChange(
      tx,
      { userId: user.id, retailerId: user.retailerId, role: user.role },
      {
        change: "UPDATED",
        userId: user.id,
        login: user.login,
        role: user.role,
        passwordChanged: true,
      },
    );
    return { username: user.login };
  });
}
