/**
 * When a staff sign-in must wait (issue 16). Failures count over a sliding window; past a number
 * of free failures each further one locks the key for twice as long as the one before, up to a
 * cap. The cap is never longer than the window, so failures older than the window never matter
 * and can be pruned.
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

export interface ThrottlePolicy {
  /** Failures in the window that cost nothing: typing slips. */
  freeFailures: number;
  /** The lock after the first failure past the free ones; it doubles with each further one. */
  firstLockSeconds: number;
  maxLockSeconds: number;
}

/**
 * One login from one address: a guesser at one account is slowed to a handful of tries per
 * window, while the same login from another address (the real employee at the till) is not.
 */
export const LOGIN_AT_ADDRESS: ThrottlePolicy = { freeFailures: 5, firstLockSeconds: 30, maxLockSeconds: SIGN_IN_WINDOW_SECONDS };

/**
 * One address over every login: a guesser trying many accounts. Higher, because a venue's staff
 * share the venue's address and all of them mistype now and then.
 */
export const ADDRESS: ThrottlePolicy = { freeFailures: 30, firstLockSeconds: 60, maxLockSeconds: SIGN_IN_WINDOW_SECONDS };

/**
 * The failures of one key within the window: how many, and how long ago the latest was (by the
 * database's clock, so instances whose clocks differ agree).
 */
export interface RecentFailures {
  count: number;
  secondsSinceLast: number | null;
}

/** Whole seconds the key must still wait before its next try; 0 when it may try now. */
export function secondsLocked(policy: ThrottlePolicy, failures: RecentFailures): number {
  if (failures.count < policy.freeFailures || failures.secondsSinceLast === null) return 0;
  const doublings = failures.count - policy.freeFailures;
  // 2 ** doublings overflows to Infinity long before it matters; min() caps it either way.
  const lockSeconds = Math.min(policy.firstLockSeconds * 2 ** doublings, policy.maxLockSeconds);
  const left = lockSeconds - failures.secondsSinceLast;
  return left > 0 ? Math.ceil(left) : 0;
}

/** How long a sign-in of this login from this address must wait: the longer of its two locks. */
export function signInWaitSeconds(failures: { loginAtAddress: RecentFailures; address: RecentFailures }): number {
  return Math.max(secondsLocked(LOGIN_AT_ADDRESS, failures.loginAtAddress), secondsLocked(ADDRESS, failures.address));
}
