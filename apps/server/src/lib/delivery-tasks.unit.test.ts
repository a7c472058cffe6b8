import { describe, expect, it } from "vitest";
import type { orderProducts } from "../db/schema.ts";
import { groupForDelivery, withItems } from "./delivery-tasks.ts";

type UnitRow = typeof orderProducts.$inferSelect;
const unit = (id: number, tableId: number, sessionId: number, preparationAreaId: number | null) =>
  ({ id, tableId, sessionId, preparationAreaId }) as UnitRow;

describe("groupForDelivery", () => {
  it("puts the pieces of one table session, table and area on one card, whatever ticket they came from", () => {
    const groups = groupForDelivery([unit(1, 5, 50, 2), unit(2, 5, 50, 3), unit(3, 5, 50, 2), unit(4, 5, 50, null)]);
    expect(groups.map((g) => [g.key, g.units.map((u) => u.id)])).toEqual([
      [{ tableId: 5, sessionId: 50, preparationAreaId: 2 }, [1, 3]],
      [{ tableId: 5, sessionId: 50, preparationAreaId: 3 }, [2]],
      [{ tableId: 5, sessionId: 50, preparationAreaId: null }, [4]],
    ]);
  });

  it("keeps apart a paid piece left at another table or bill by a transfer", () => {
    const groups = groupForDelivery([unit(1, 5, 50, 2), unit(2, 6, 50, 2), unit(3, 5, 51, 2)]);
    expect(groups.map((g) => g.units.map((u) => u.id))).toEqual([[1], [2], [3]]);
  });
});

describe("withItems", () => {
  it("adds each piece once and keeps the card's items in unit order", () => {
    const items = [
      { orderProductId: 7, quantity: 1 },
      { orderProductId: 3, quantity: 1 },
    ];
    expect(withItems(items, [5, 3, 9, 5])).toEqual([3, 5, 7, 9].map((orderProductId) => ({ orderProductId, quantity: 1 })));
    expect(withItems([], [])).toEqual([]);
  });
});
