import { describe, expect, it } from "vitest";
import { isPaymentScreen } from "./waiter-context.ts";

describe("isPaymentScreen", () => {
  it("is a step under a table's feed or a request, not the feed, the table or the task itself", () => {
    expect(isPaymentScreen("/service/wait/request/7/choose-payment-type")).toBe(true);
    expect(isPaymentScreen("/service/wait/request/7/full-payment/cash-payment/finalize-payment")).toBe(true);
    expect(isPaymentScreen("/service/wait/5/%CE%A41/feed/partial-payment/select-products")).toBe(true);
    expect(isPaymentScreen("/service/wait/5/T1/feed/table-transfer")).toBe(true);
    expect(isPaymentScreen("/service/wait")).toBe(false);
    expect(isPaymentScreen("/service/wait/request/7")).toBe(false);
    expect(isPaymentScreen("/service/wait/5/T1/feed")).toBe(false);
    expect(isPaymentScreen("/service/wait/5/T1/order")).toBe(false);
    expect(isPaymentScreen("/service/wait/settings")).toBe(false);
  });
});
