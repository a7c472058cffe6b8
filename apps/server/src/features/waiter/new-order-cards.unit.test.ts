import { describe, expect, it } from "vitest";
import { deriveNewOrderCards } from "./new-order-cards.ts";

const labels = new Map([
  [1, "T1"],
  [2, "T2"],
]);
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
const unit = (over: Partial<Parameters<typeof deriveNewOrderCards>[0][number]> = {}) => ({
  orderId: 10,
  tableId: 1,
  preparationAreaId: 5,
  status: "SENT",
  paymentStatus: "UNPAID",
  createdAt: at(0),
  ...over,
});

describe("deriveNewOrderCards", () => {
  it("is one card per order, counting its pieces still at an area, as old as the oldest", () => {
    const cards = deriveNewOrderCards(
      [
        unit({ createdAt: at(3) }),
        unit({ createdAt: at(1), preparationAreaId: 6 }),
        unit({ orderId: 11, tableId: 2, createdAt: at(0) }),
      ],
      labels,
    );
    expect(cards).toEqual([
      { orderId: 11, placement: "T2", placementId: 2, pieceCount: 1, timestamp: at(0).toISOString() },
      { orderId: 10, placement: "T1", placementId: 1, pieceCount: 2, timestamp: at(1).toISOString() },
    ]);
  });

  it("leaves out prepared, delivered, cancelled and waiter-served pieces", () => {
    const cards = deriveNewOrderCards(
      [
        unit({ status: "PREPARED" }),
        unit({ status: "COMPLETE" }),
        unit({ paymentStatus: "CANCELLED" }),
        unit({ preparationAreaId: null }),
        unit({ createdAt: at(7) }),
      ],
      labels,
    );
    expect(cards).toEqual([{ orderId: 10, placement: "T1", placementId: 1, pieceCount: 1, timestamp: at(7).toISOString() }]);
  });

  it("has no card once the order is all prepared, and none for a table it cannot name", () => {
    expect(deriveNewOrderCards([unit({ status: "PREPARED" }), unit({ status: "PREPARED" })], labels)).toEqual([]);
    expect(deriveNewOrderCards([unit({ tableId: 3 })], labels)).toEqual([]);
  });
});
