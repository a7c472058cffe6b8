import type { TableFeedItem } from "@tableorder/domain/contracts/table";
import { describe, expect, it } from "vitest";
import {
  decodeSelection,
  encodeSelection,
  payableLines,
  payableTotalCents,
  resolveSelection,
  toItemsCount,
} from "./selection.ts";

const line = (id: string, quantity: number, price: number, orderProductIds = [1, 2, 3].slice(0, quantity)): TableFeedItem => ({
  id,
  productId: 1,
  name: id,
  orderProductIds,
  quantity,
  price,
  status: "SENT",
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
  timestamp: "2026-01-01T10:00:00.000Z",
});

describe("payment selection", () => {
  it("round-trips through the address and drops zero quantities", () => {
    const encoded = encodeSelection([
      { itemId: "a:1", quantity: 2 },
      { itemId: "b", quantity: 0 },
    ]);
    expect(decodeSelection(encoded)).toEqual([{ itemId: "a:1", quantity: 2 }]);
    expect(decodeSelection("not json")).toBeNull();
    expect(decodeSelection('[["a",0]]')).toBeNull();
    expect(decodeSelection(null)).toBeNull();
  });

  it("pays everything unpaid without a selection", () => {
    const resolved = resolveSelection([line("a", 2, 450), line("b", 1, 300)], null);
    expect(resolved.count).toBe(3);
    expect(resolved.totalCents).toBe(1200);
    expect(resolved.changed).toBe(false);
  });

  it("caps a selection at what is still unpaid and says so", () => {
    const resolved = resolveSelection(
      [line("a", 1, 450)],
      [
        { itemId: "a", quantity: 2 },
        { itemId: "gone", quantity: 1 },
      ],
    );
    expect(resolved.lines.map((l) => [l.item.id, l.quantity])).toEqual([["a", 1]]);
    expect(resolved.totalCents).toBe(450);
    expect(resolved.changed).toBe(true);
  });

  it("names each line by its first unit, and refuses a line without units", () => {
    expect(toItemsCount([{ item: line("a", 3, 100, [7, 8, 9]), quantity: 2 }])).toEqual([{ orderProductId: 7, quantity: 2 }]);
    expect(() => toItemsCount([{ item: line("x", 1, 100, []), quantity: 1 }])).toThrow("No orderProductId found for itemId x");
  });

  it("leaves out pieces another payment in progress holds, so paying everything takes only what is free", () => {
    const unpaid = [line("a", 3, 500, [1, 2, 3]), line("b", 1, 200, [4])];
    const held = [{ paymentId: 9, heldBy: "ONLINE" as const, orderProductIds: [1, 4] }];
    const payable = payableLines(unpaid, held);
    expect(payable.map((l) => [l.id, l.quantity, l.orderProductIds])).toEqual([["a", 2, [2, 3]]]);
    const all = resolveSelection(payable, null);
    expect(all.totalCents).toBe(1000);
    expect(toItemsCount(all.lines)).toEqual([{ orderProductId: 2, quantity: 2 }]);
  });

  it("the Pay button's amount leaves out what another phone is paying for", () => {
    const unpaid = [line("a", 3, 500, [1, 2, 3]), line("b", 1, 200, [4])];
    expect(payableTotalCents(unpaid, [])).toBe(1700);
    expect(payableTotalCents(unpaid, [{ paymentId: 9, heldBy: "ONLINE", orderProductIds: [1, 4] }])).toBe(1000);
    expect(payableTotalCents(unpaid, [{ paymentId: 9, heldBy: "TERMINAL", orderProductIds: [1, 2, 3, 4] }])).toBe(0);
  });
});
