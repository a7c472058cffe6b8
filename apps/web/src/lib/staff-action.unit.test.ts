import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { ActionKeys, isAnswer, needsConnection } from "./staff-action.ts";

function keysInOrder() {
  let n = 0;
  return new ActionKeys(() => `key-${++n}`);
}

describe("a staff action's Idempotency-Key", () => {
  it("is new for each tap once the last one was answered", () => {
    const keys = keysInOrder();
    const first = keys.actionFor("POST", "/api/feed/next-status", [1, 2]);
    keys.settled(first, keys.sending(first), true);
    // The same pieces delivered again later (after an undo, say) are a new action.
    expect(keys.actionFor("POST", "/api/feed/next-status", [1, 2]).idempotencyKey).toBe("key-2");
  });

  it("is kept when the same call is tapped again after no answer came, and kept in the action's data", () => {
    const keys = keysInOrder();
    const first = keys.actionFor("PUT", "/api/cash-desk/table/7/bill");
    keys.settled(first, keys.sending(first), false);
    const retry = keys.actionFor("PUT", "/api/cash-desk/table/7/bill");
    expect(retry).toEqual({ method: "PUT", path: "/api/cash-desk/table/7/bill", body: undefined, idempotencyKey: "key-1" });
    // Another call is another action.
    expect(keys.actionFor("PUT", "/api/cash-desk/table/8/bill").idempotencyKey).toBe("key-2");
    // The same path with another body too.
    expect(keys.actionFor("POST", "/api/feed/issue-receipt", { cashAmount: 500 }).idempotencyKey).toBe("key-3");
  });

  it("is a double tap's too: the call on its way is the same action", () => {
    const keys = keysInOrder();
    const first = keys.actionFor("POST", "/api/feed/complete-request/3", {});
    keys.sending(first);
    expect(keys.actionFor("POST", "/api/feed/complete-request/3", {}).idempotencyKey).toBe("key-1");
  });

  it("is new once a later action was answered: an unanswered call tried after it is a new action", () => {
    const keys = keysInOrder();
    const deliver = keys.actionFor("POST", "/api/feed/next-status", [1]);
    keys.settled(deliver, keys.sending(deliver), false);
    const undo = keys.actionFor("POST", "/api/feed/undo-status", { orderProductIds: [1] });
    keys.settled(undo, keys.sending(undo), true);
    expect(keys.actionFor("POST", "/api/feed/next-status", [1]).idempotencyKey).toBe("key-3");
  });

  it("takes a refusal as an answer, and no answer, a server failure or a key still running as none", () => {
    const failure = (status: number, key?: string) => new ApiError(status, key ? { message: `error.${key}` } : null, null, []);
    expect(isAnswer(failure(400, "request_already_handled"))).toBe(true);
    expect(isAnswer(failure(422, "idempotency_key_reused"))).toBe(true);
    expect(isAnswer(failure(0))).toBe(false);
    expect(isAnswer(failure(503))).toBe(false);
    expect(isAnswer(failure(409, "idempotency_request_in_progress"))).toBe(false);
    expect(isAnswer(new Error("offline"))).toBe(false);
  });
});

describe("an action that needs the connection", () => {
  const sale = (path: string, body: unknown) => ({ method: "POST" as const, path, body, idempotencyKey: "k" });

  it("is a sale with a card part or a terminal: it is refused offline, never kept", () => {
    expect(needsConnection(sale("/api/feed/table/3/complete-orders", { cashAmount: 300, cardAmount: 200 }))).toBe(true);
    expect(needsConnection(sale("/api/feed/table/3/complete-orders", { cardAmount: 0, selectedTerminalId: 4 }))).toBe(true);
    expect(needsConnection(sale("/api/feed/issue-receipt", { cardAmount: 900, sections: [] }))).toBe(true);
  });

  it("is not a cash sale, a gift, on credit, nor any other staff action: those wait in the outbox", () => {
    expect(
      needsConnection(sale("/api/feed/table/3/complete-orders", { cashAmount: 500, cardAmount: 0, selectedTerminalId: null })),
    ).toBe(false);
    expect(needsConnection(sale("/api/feed/table/3/complete-orders", { isGift: true }))).toBe(false);
    expect(needsConnection(sale("/api/feed/issue-receipt", { cashAmount: 900, cardAmount: 0 }))).toBe(false);
    expect(needsConnection(sale("/api/feed/kitchen/ticket/9/prepare", {}))).toBe(false);
  });
});
