import { describe, expect, it } from "vitest";
import {
  ADDRESS,
  LOGIN_AT_ADDRESS,
  SIGN_IN_WINDOW_SECONDS,
  secondsLocked,
  signInWaitSeconds,
  type ThrottlePolicy,
} from "./sign-in-throttle-rule.ts";

const policy: ThrottlePolicy = { freeFailures: 5, firstLockSeconds: 30, maxLockSeconds: 900 };
const none = { count: 0, secondsSinceLast: null };

describe("the sign-in lock of one key", () => {
  it("costs nothing below the free failures", () => {
    expect(secondsLocked(policy, { count: 4, secondsSinceLast: 0 })).toBe(0);
    expect(secondsLocked(policy, none)).toBe(0);
  });

  it("locks at the free failures, and doubles with every further one", () => {
    expect(secondsLocked(policy, { count: 5, secondsSinceLast: 0 })).toBe(30);
    expect(secondsLocked(policy, { count: 6, secondsSinceLast: 0 })).toBe(60);
    expect(secondsLocked(policy, { count: 7, secondsSinceLast: 0 })).toBe(120);
  });

  it("never locks longer than its cap, however many failures", () => {
    expect(secondsLocked(policy, { count: 10, secondsSinceLast: 0 })).toBe(900);
    expect(secondsLocked(policy, { count: 5000, secondsSinceLast: 0 })).toBe(900);
  });

  it("counts the lock from the latest failure, in whole seconds rounded up", () => {
    expect(secondsLocked(policy, { count: 5, secondsSinceLast: 10.2 })).toBe(20);
    expect(secondsLocked(policy, { count: 5, secondsSinceLast: 29.5 })).toBe(1);
    expect(secondsLocked(policy, { count: 5, secondsSinceLast: 30 })).toBe(0);
    expect(secondsLocked(policy, { count: 6, secondsSinceLast: 45 })).toBe(15);
  });
});

describe("the staff sign-in policies", () => {
  it("never lock longer than the window, so failures older than it can be pruned", () => {
    expect(LOGIN_AT_ADDRESS.maxLockSeconds).toBeLessThanOrEqual(SIGN_IN_WINDOW_SECONDS);
    expect(ADDRESS.maxLockSeconds).toBeLessThanOrEqual(SIGN_IN_WINDOW_SECONDS);
  });

  it("allow an address more failures over all logins than one login from it", () => {
    expect(ADDRESS.freeFailures).toBeGreaterThan(LOGIN_AT_ADDRESS.freeFailures);
  });

  it("make a sign-in wait for the longer of its login's and its address's locks", () => {
    const loginLocked = { count: LOGIN_AT_ADDRESS.freeFailures, secondsSinceLast: 0 };
    const addressLocked = { count: ADDRESS.freeFailures + 1, secondsSinceLast: 0 };
    expect(signInWaitSeconds({ loginAtAddress: none, address: { count: 3, secondsSinceLast: 0 } })).toBe(0);
    expect(signInWaitSeconds({ loginAtAddress: loginLocked, address: loginLocked })).toBe(LOGIN_AT_ADDRESS.firstLockSeconds);
    expect(signInWaitSeconds({ loginAtAddress: none, address: addressLocked })).toBe(ADDRESS.firstLockSeconds * 2);
    expect(signInWaitSeconds({ loginAtAddress: loginLocked, address: addressLocked })).toBe(
      Math.max(LOGIN_AT_ADDRESS.firstLockSeconds, ADDRESS.firstLockSeconds * 2),
    );
  });
});
