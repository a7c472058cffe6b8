import type { NewOrderCard, WaiterFeedItem } from "@tableorder/domain/contracts/waiter";
import { describe, expect, it } from "vitest";
import {
  applyNewOrdersMessage,
  applyWaiterMessage,
  isWaiterFeedMessage,
  taskAction,
  taskOrderProductIds,
} from "./apply-waiter-message.ts";

const task = (id: number, tableId: number, timestamp: string, ids: number[] = []): WaiterFeedItem => ({
  id,
  requestId: id,
  type: "PREPARATION_AREA_PICKUP",
  timestamp,
  placement: `T${tableId}`,
  placementId: tableId,
  preparationArea: "Kitchen",
  preparationAreaId: 1,
  items: ids.length
    ? [
        {
          id: `line-${id}`,
          productId: 1,
          name: "Τζατζίκι",
          orderProductIds: ids,
          quantity: ids.length,
          price: 550,
          status: "PREPARED",
          paymentStatus: "UNPAID",
          onCredit: false,
          creditDebtor: null,
          hasDiscount: false,
          billed: false,
          notes: "",
          preparationWay: null,
          preparationWayPrice: 0,
          basicIngredientIds: [],
          extraIngredientIds: [],
          removedIngredients: [],
          timestamp,
        },
      ]
    : [],
  sum: 550 * ids.length,
  itemCount: ids.length,
});

describe("waiter feed pushes", () => {
  const feed = [task(1, 10, "2026-01-01T10:00:00Z"), task(2, 20, "2026-01-01T10:01:00Z")];

  it("replaces the table's tasks and keeps the others, each kind oldest first", () => {
    const next = applyWaiterMessage(feed, {
      type: "TABLE_TASKS",
      tableId: 10,
      items: [task(3, 10, "2026-01-01T10:02:00Z")],
    });
    expect(next.map((item) => item.id)).toEqual([2, 3]);
  });

  it("a guest's call lands above older pickups, with the guests already waiting (compareTasksByUrgency)", () => {
    const olderCall = { ...task(3, 30, "2026-01-01T10:02:00Z"), type: "WAITER_CALL" as const };
    const withCall = applyWaiterMessage(feed, { type: "TABLE_TASKS", tableId: 30, items: [olderCall] });
    const newPayment = { ...task(4, 40, "2026-01-01T10:05:00Z"), type: "PAYMENT" as const };
    const next = applyWaiterMessage(withCall, { type: "TABLE_TASKS", tableId: 40, items: [newPayment] });
    expect(next.map((item) => item.id)).toEqual([3, 4, 1, 2]);
  });

  it("an empty list clears the table", () => {
    expect(applyWaiterMessage(feed, { type: "TABLE_TASKS", tableId: 20, items: [] }).map((item) => item.id)).toEqual([1]);
  });

  it("recognises only TABLE_TASKS messages", () => {
    expect(isWaiterFeedMessage({ type: "TABLE_TASKS", tableId: 1, items: [] })).toBe(true);
    expect(isWaiterFeedMessage({ type: "TICKET_UPSERT" })).toBe(false);
    expect(isWaiterFeedMessage(null)).toBe(false);
  });

  it("maps each task type to its action and collects its pieces", () => {
    expect(taskAction("SERVICE")).toBe("deliver");
    expect(taskAction("WAITER_CALL")).toBe("complete");
    expect(taskAction("PAYMENT_NOTIFICATION")).toBe("check");
    expect(taskAction("PARTIAL_PAYMENT_WITH_POS")).toBe("open");
    expect(taskOrderProductIds(task(4, 1, "2026-01-01T10:00:00Z", [7, 8]))).toEqual([7, 8]);
  });
});

describe("new-order cards in pushes", () => {
  const card = (orderId: number, tableId: number, timestamp: string): NewOrderCard => ({
    orderId,
    placement: `T${tableId}`,
    placementId: tableId,
    pieceCount: 2,
    timestamp,
  });
  const held = [card(1, 1, "2026-01-01T12:00:00Z"), card(2, 2, "2026-01-01T12:05:00Z")];

  it("replaces the table's cards, keeps the others, oldest first", () => {
    const next = applyNewOrdersMessage(held, {
      type: "TABLE_TASKS",
      tableId: 1,
      items: [],
      newOrders: [card(3, 1, "2026-01-01T12:07:00Z")],
    });
    expect(next.map((c) => c.orderId)).toEqual([2, 3]);
  });

  it("an empty list clears the table; a message without cards leaves them", () => {
    expect(applyNewOrdersMessage(held, { type: "TABLE_TASKS", tableId: 2, items: [], newOrders: [] })).toEqual([held[0]]);
    expect(applyNewOrdersMessage(held, { type: "TABLE_TASKS", tableId: 2, items: [] })).toEqual(held);
  });
});
