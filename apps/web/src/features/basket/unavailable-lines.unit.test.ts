import { addToBasket, type BasketLine, type BasketLineInput } from "@tableorder/domain/basket";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { refusedProductId, unavailableLineKeys } from "./unavailable-lines.ts";

const line = (productId: number, name: string): BasketLineInput => ({
  productId,
  name,
  preparationWayId: null,
  basicIngredientIds: [],
  extraIngredientIds: [],
  notes: "",
  quantity: 1,
  unitPriceCents: 500,
});

describe("a basket's unavailable lines", () => {
  const lines: BasketLine[] = addToBasket(addToBasket([], line(1, "Χωριάτικη")), line(2, "Τζατζίκι"));

  it("marks a line whose product left the menu, once the menu is read", () => {
    expect([...unavailableLineKeys(lines, new Set([2]), new Set())]).toEqual([lines[0].key]);
    expect(unavailableLineKeys(lines, undefined, new Set()).size).toBe(0);
  });

  it("marks a line the server refused, even while the menu still lists it", () => {
    expect([...unavailableLineKeys(lines, new Set([1, 2]), new Set([2]))]).toEqual([lines[1].key]);
  });
});

describe("the product an order was refused for", () => {
  const refusal = (headers: Record<string, string>, body: unknown) =>
    new ApiError(400, body, new Headers(headers), ["Η παραγγελία μπλοκαρίστηκε"]);

  it("reads productId from X-App-Params", () => {
    const params = encodeURIComponent(JSON.stringify({ productId: 7 }));
    expect(refusedProductId(refusal({ "X-App-Error": "error.inactive_product", "X-App-Params": params }, null))).toBe(7);
  });

  it("reads it from the body when the header is missing", () => {
    expect(refusedProductId(refusal({}, { message: "error.inactive_product", params: { productId: 9 } }))).toBe(9);
  });

  it("names nothing for another refusal or a failure that is not an answer", () => {
    expect(refusedProductId(refusal({ "X-App-Error": "error.table_not_in_service" }, null))).toBeNull();
    expect(refusedProductId(new Error("offline"))).toBeNull();
  });
});
