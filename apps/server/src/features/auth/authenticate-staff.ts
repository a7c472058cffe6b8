import { and, eq, isNull, ne } from "drizzle-orm";
import { verifyPassword } from "../../auth/passwords.ts";
import type { TokenService } from "../../auth/tokens.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { type SignedIn, signInAs } from "./account.ts";

/**
 * Signs in an employee by username and password. Guests never have passwords, so their
 * accounts cannot be reached this way.
 */
export async function authenticateStaff(options: {
  db: Db;
  tokens: TokenService;
  username: string;
  password: string;
  rememberMe: boolean;
}): Promise<SignedIn> {
  const { db, tokens } = options;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.login, options.username.toLowerCase()), ne(users.role, "USER"), isNull(users.deletedAt)))
    .limit(1);
  const valid = user?.activated && (await verifyPassword(user.passwordHash, options.password));
  if (!user || !valid) throw new AppError("bad_credentials", 401);
  return signInAs({ tokens, user, rememberMe: options.rememberMe });
}
