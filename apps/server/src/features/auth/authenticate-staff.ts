import { and, eq, isNull, ne } from "drizzle-orm";
import { verifyPassword } from "../../auth/passwords.ts";
import type { TokenService } from "../../auth/tokens.ts";
import type { Db } from "../../db/client.ts";
import { retailers, users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordAudit } from "../../lib/audit-trail.ts";
import { type SignedIn, signInAs } from "./account.ts";
import { admitSignIn } from "./sign-in-throttle.ts";

/**
 * Signs in an employee by username and password. Guests never have passwords, so their
 * accounts cannot be reached this way. Repeated failures from one address lock it out for a while
 * (sign-in-throttle.ts), judged before the password is checked. A disabled venue's staff are
 * refused with venue_disabled (issue 18).
 */
export async function authenticateStaff(options: {
  db: Db;
  tokens: TokenService;
  username: string;
  password: string;
  rememberMe: boolean;
  /** The caller's address, as the trusted proxies report it. */
  address: string;
}): Promise<SignedIn> {
  const { db, tokens } = options;
  const attempt = await admitSignIn(db, options.username, options.address);
  const [found] = await db
    .select({ user: users, venueDisabledAt: retailers.disabledAt })
    .from(users)
    .leftJoin(retailers, eq(retailers.id, users.retailerId))
    .where(and(eq(users.login, options.username.toLowerCase()), ne(users.role, "USER"), isNull(users.deletedAt)))
    .limit(1);
  const user = found?.user;
  const valid = user?.activated && (await verifyPassword(user.passwordHash, options.password));
  if (!user || !valid) throw new AppError("bad_credentials", 401);
  // Said only to whoever knows the password, so the refusal tells a stranger nothing.
  if (found.venueDisabledAt) throw new AppError("venue_disabled", 400);
  await attempt.succeeded();
  await recordAudit(db, { userId: user.id, role: user.role, retailerId: user.retailerId }, { kind: "STAFF_SIGNED_IN" });
  return signInAs({ tokens, user, rememberMe: options.rememberMe });
}
