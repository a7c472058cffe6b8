import { describe, expect, it } from "vitest";
import { attemptKey } from "./issue-receipt.ts";

describe("the register's idempotency key", () => {
  it("stays the same for the same sale sent again and changes with the sale", () => {
    let n = 0;
    const next = () => `k${++n}`;
    const first = attemptKey(null, '{"a":1}', next);
    expect(first.key).toBe("k1");
    expect(attemptKey(first, '{"a":1}', next).key).toBe("k1");
    const changed = attemptKey(first, '{"a":2}', next);
    expect(changed.key).toBe("k2");
    expect(attemptKey(changed, '{"a":2}', next).key).toBe("k2");
  });
});
