import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { signInFailures } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { SIGN_IN_WINDOW_SECONDS, signInWaitSeconds } from "./sign-in-throttle-rule.ts";

const windowStart = sql`now() - make_interval(secs => ${SIGN_IN_WINDOW_SECONDS})`;
const secondsAgo = (at: unknown) => sql<number | null>`extract(epoch from now() - ${at})::float8`;

/** A sign-in attempt that has passed the throttle and is counted as a failure until it succeeds. */
export interface SignInAttempt {
  /** Withdraws the attempt's failure and forgets the login's earlier failures from this address. */
  succeeded(): Promise<void>;
}

/**
 * Admits a staff sign-in of `login` from `address`, or refuses it with a 429 and the seconds to
 * wait, before the password is looked at: a locked-out guesser learns nothing, even with the right
 * password. Failures live in the database, so the lock holds across restarts and instances.
 *
 * The attempt is written as a failure first and the lock is judged on the failures written before
 * it, so a burst of parallel guesses counts against itself instead of all passing an empty count.
 */
export async function admitSignIn(db: Db, login: string, address: string): Promise<SignInAttempt> {
  const key = { login: login.toLowerCase(), address };
  const [attempt] = await db.insert(signInFailures).values(key).returning({ id: signInFailures.id });
  const ofLogin = eq(signInFailures.login, key.login);
  const [earlier] = await db
    .select({
      loginCount: sql<number>`count(*) filter (where ${ofLogin})`.mapWith(Number),
      loginSecondsSinceLast: secondsAgo(sql`max(${signInFailures.failedAt}) filter (where ${ofLogin})`),
      addressCount: sql<number>`count(*)`.mapWith(Number),
      addressSecondsSinceLast: secondsAgo(sql`max(${signInFailures.failedAt})`),
    })
    .from(signInFailures)
    .where(
      and(eq(signInFailures.address, key.address), gt(signInFailures.failedAt, windowStart), lt(signInFailures.id, attempt.id)),
    );
  const retryAfterSeconds = signInWaitSeconds({
    loginAtAddress: { count: earlier.loginCount, secondsSinceLast: earlier.loginSecondsSinceLast },
    address: { count: earlier.addressCount, secondsSinceLast: earlier.addressSecondsSinceLast },
  });
  if (retryAfterSeconds > 0) {
    // A refused attempt is not a failure: trying again while locked does not lengthen the lock.
    await db.delete(signInFailures).where(eq(signInFailures.id, attempt.id));
    throw new AppError("too_many_sign_in_attempts", 429, { retryAfterSeconds });
  }
  return {
    async succeeded() {
      await db.delete(signInFailures).where(and(eq(signInFailures.login, key.login), eq(signInFailures.address, key.address)));
      // Pruned on success, which honest staff cause, so a guesser cannot make the server scan.
      await db.delete(signInFailures).where(lt(signInFailures.failedAt, windowStart));
    },
  };
}
