import { describe, expect, it } from "vitest";
import { staffActionNameKey, staffActionPieceIds, staffActionTableId, staffActionTicketId } from "./staff-action-names.ts";

const action = (path: string, body?: unknown) => ({ method: "POST" as const, path, body, idempotencyKey: "k" });

describe("a kept action, as the screens name and place it", () => {
  it("is named by its call, a collection by what it records", () => {
    expect(staffActionNameKey(action("/api/orders/6", []))).toBe("outbox.action.order");
    expect(staffActionNameKey(action("/api/feed/table/6/complete-orders", { cashAmount: 550 }))).toBe("outbox.action.collect");
    expect(staffActionNameKey(action("/api/feed/table/6/complete-orders", { isGift: true }))).toBe("outbox.action.gift");
    expect(staffActionNameKey(action("/api/feed/table/6/complete-orders", { onCreditAmount: 900 }))).toBe("outbox.action.credit");
    expect(staffActionNameKey(action("/api/feed/kitchen/ticket/4/prepare", {}))).toBe("outbox.action.prepare");
    expect(staffActionNameKey(action("/api/feed/kitchen/ticket/4/undo", {}))).toBe("outbox.action.revert");
    expect(staffActionNameKey(action("/api/feed/something-new", {}))).toBe("outbox.action.other");
  });

  it("finds its table, ticket or pieces in its call", () => {
    expect(staffActionTableId(action("/api/orders/6", []))).toBe(6);
    expect(staffActionTableId(action("/api/feed/table/7/remove-products", {}))).toBe(7);
    expect(staffActionTableId(action("/api/feed/transfer-table", { tableId: 8, targetTableId: 9 }))).toBe(8);
    expect(staffActionTableId(action("/api/feed/kitchen/ticket/4/prepare", {}))).toBeNull();
    expect(staffActionTicketId(action("/api/feed/kitchen/ticket/4/prepare-products", { orderProductIds: [1] }))).toBe(4);
    expect(staffActionPieceIds(action("/api/feed/next-status", [3, 5]))).toEqual([3, 5]);
    expect(staffActionPieceIds(action("/api/feed/undo-status", { orderProductIds: [3] }))).toEqual([3]);
  });
});
