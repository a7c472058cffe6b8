import { describe, expect, it } from "vitest";
import { heldPiecesOf } from "./held-pieces.ts";

describe("heldPiecesOf", () => {
  it("counts a line's pieces held by payments in progress, naming the first holder", () => {
    const held = [
      { paymentId: 1, heldBy: "TERMINAL" as const, orderProductIds: [7] },
      { paymentId: 2, heldBy: "ONLINE" as const, orderProductIds: [3, 4, 9] },
    ];
    expect(heldPiecesOf({ orderProductIds: [3, 4, 5] }, held)).toEqual({ count: 2, heldBy: "ONLINE" });
    expect(heldPiecesOf({ orderProductIds: [5, 6] }, held)).toEqual({ count: 0, heldBy: null });
  });
});
