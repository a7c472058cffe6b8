import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inVenueOrder } from "./send-order.ts";

describe("inVenueOrder", () => {
  it("writes the orders by ascending venue, each venue's in arrival order, and answers in the callers' order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 40 }), async (venueIds) => {
        const orders = venueIds.map((retailerId, arrival) => ({ retailerId, arrival }));
        let written: typeof orders = [];
        const answers = await inVenueOrder(orders, async (sorted) => {
          written = sorted;
          return sorted.map((order) => `row of ${order.arrival}`);
        });
        for (let i = 1; i < written.length; i++) {
          const [before, after] = [written[i - 1], written[i]];
          expect(
            before.retailerId < after.retailerId || (before.retailerId === after.retailerId && before.arrival < after.arrival),
          ).toBe(true);
        }
        expect(answers).toEqual(orders.map((order) => `row of ${order.arrival}`));
      }),
    );
  });
});
