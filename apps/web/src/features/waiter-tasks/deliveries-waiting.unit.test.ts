import { describe, expect, it } from "vitest";
import type { StaffAction } from "../../lib/staff-action.ts";
import { piecesDeliveredWaiting } from "./deliveries-waiting.ts";

const action = (path: string, body: unknown): StaffAction => ({ method: "POST", path, body, idempotencyKey: `${path}${body}` });

describe("the waiter's deliveries waiting in the outbox (issue 31)", () => {
  it("are the pieces delivered, less those whose delivery was undone after, in order", () => {
    const waiting = [
      action("/api/feed/next-status", [1, 2]),
      action("/api/feed/complete-request/4", {}),
      action("/api/feed/undo-status", { orderProductIds: [2] }),
      action("/api/feed/next-status", [3]),
    ];
    expect([...piecesDeliveredWaiting(waiting)].sort()).toEqual([1, 3]);
  });
});
