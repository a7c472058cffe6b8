import { describe, expect, it } from "vitest";
import { tipMethodOf, tipOfCollection, tipOffered } from "./collected-tip.ts";
import { flowQuery, PAYMENT_METHOD_OF_ROUTE, PAYMENT_TYPE_OF_ROUTE } from "./payment-flow.ts";
import { paymentStatus, paymentUpdateDestination } from "./pending-pos-payment.tsx";
import { cashDeskServicePaths, waiterServicePaths } from "./service-paths.tsx";
import { chosenTerminal } from "./terminal-choice.ts";

describe("the payment flow's routes and parameters", () => {
  it("names the types and methods as the spec's routes do", () => {
    expect(PAYMENT_TYPE_OF_ROUTE["gift-payment"]).toBe("gift");
    expect(PAYMENT_METHOD_OF_ROUTE["no-payment"]).toBe("none");
    expect(PAYMENT_TYPE_OF_ROUTE["table-transfer"]).toBeUndefined();
  });

  it("hangs a table's screens under the waiter's app or the cash desk's modal", () => {
    expect(waiterServicePaths.feedPath(12, "A 1")).toBe("/service/wait/12/A%201/feed");
    expect(waiterServicePaths.tablePath(12, "A 1", "order")).toBe("/service/wait/12/A%201/order");
    expect(waiterServicePaths.afterOrderSent(12, "A 1")).toBe("/service/wait/select-table/order");
    const desk = cashDeskServicePaths({ tabPath: "/service/admin/cash-desk/tables", mode: "table" });
    expect(desk.feedPath(3, "3")).toBe("/service/admin/cash-desk/tables/table/3/3");
    expect(desk.tablePath(3, "3", "menu-categories")).toBe("/service/admin/cash-desk/tables/table/3/3/menu-categories");
    expect(desk.afterOrderSent(3, "3")).toBe("/service/admin/cash-desk/tables/table/3/3");
    expect(desk.serviceMode).toBe("DINE_IN");
    const takeAway = cashDeskServicePaths({ tabPath: "/service/admin/cash-desk/take-away", mode: "take-away" });
    expect(takeAway.feedPath(40, "Π-1")).toBe("/service/admin/cash-desk/take-away/take-away/40/%CE%A0-1");
    expect(takeAway.serviceMode).toBe("TAKE_AWAY");
    expect(takeAway.canTransfer).toBe(false);
    expect(takeAway.basketCode(40)).not.toBe(desk.basketCode(40));
  });

  it("carries only the spec's parameters forward, with changes and removals", () => {
    const current = new URLSearchParams("selectedProducts=x&totalPrice=550&other=1&returnTo=%2Fback");
    expect(flowQuery(current)).toBe("?selectedProducts=x&totalPrice=550&returnTo=%2Fback");
    expect(flowQuery(current, { selectedProducts: null, totalCount: "2" })).toBe("?totalPrice=550&totalCount=2&returnTo=%2Fback");
    expect(flowQuery(new URLSearchParams())).toBe("");
  });
});

describe("the terminal's pending screen", () => {
  it("listens on the table's topic, or on the cashier's own queue for a sale without a table", () => {
    expect(paymentUpdateDestination(7)).toBe("/topic/payment-update/7");
    expect(paymentUpdateDestination(null)).toBe("/user/queue/admin/payment-update");
    expect(paymentUpdateDestination(0)).toBe("/user/queue/admin/payment-update");
  });

  it("takes only its own sale's answer", () => {
    expect(paymentStatus({ status: "SUCCESS", paymentId: 5 }, 5)).toBe("SUCCESS");
    expect(paymentStatus({ status: "FAILED", paymentId: 6 }, 5)).toBeNull();
    expect(paymentStatus({ status: "FAILED" }, 5)).toBe("FAILED");
    expect(paymentStatus({ status: "PENDING", paymentId: 5 }, 5)).toBeNull();
    expect(paymentStatus(null, null)).toBeNull();
  });
});

describe("the terminal a card part goes to", () => {
  const list = [{ id: 4 }, { id: 7 }];
  it("is the one tapped, else the last one this device used, else the only one", () => {
    expect(chosenTerminal(list, 4, 7)?.id).toBe(4);
    expect(chosenTerminal(list, null, 7)?.id).toBe(7);
    expect(chosenTerminal(list, null, null)).toBeNull();
    // A last terminal since removed asks for a choice among the rest.
    expect(chosenTerminal(list, null, 9)).toBeNull();
    expect(chosenTerminal([{ id: 9 }], null, null)?.id).toBe(9);
    expect(chosenTerminal([], 4, 4)).toBeNull();
  });
});

describe("the tip a collection takes (issue 32)", () => {
  const cashOnly = { payable: 2000, cash: 2000, card: 0, onCredit: 0, gift: false };
  const cardOnly = { payable: 2000, cash: 0, card: 2000, onCredit: 0, gift: false };
  const split = { payable: 2000, cash: 500, card: 1500, onCredit: 0, gift: false };

  it("is offered for cash and card collections only, never on a gift or on credit", () => {
    expect(tipOffered(cashOnly)).toBe(true);
    expect(tipOffered(cardOnly)).toBe(true);
    expect(tipOffered({ ...cashOnly, cash: 0, onCredit: 2000 })).toBe(false);
    expect(tipOffered({ payable: 0, cash: 0, card: 0, onCredit: 0, gift: true })).toBe(false);
    expect(tipOfCollection({ ...cashOnly, cash: 0, onCredit: 2000 }, 300, null)).toMatchObject({ tipAmount: 0, tipMethod: null });
  });

  it("goes the way the guest paid, and for a split the way picked (the card by default when it carries more)", () => {
    expect(tipOfCollection(cashOnly, 200, "CARD").tipMethod).toBe("CASH");
    expect(tipOfCollection(cardOnly, 200, "CASH").tipMethod).toBe("CARD");
    expect(tipOfCollection(split, 200, null).tipMethod).toBe("CARD");
    expect(tipOfCollection(split, 200, "CASH").tipMethod).toBe("CASH");
    expect(tipMethodOf(split, null)).toBe("CARD");
    expect(tipOfCollection(cashOnly, 0, null)).toMatchObject({ tipAmount: 0, tipMethod: null, needsConfirmation: false });
  });

  it("charges the terminal the card part plus a card tip, never a cash tip", () => {
    expect(tipOfCollection(cardOnly, 250, null).terminalCharge).toBe(2250);
    expect(tipOfCollection(split, 250, "CARD").terminalCharge).toBe(1750);
    expect(tipOfCollection(split, 250, "CASH").terminalCharge).toBe(1500);
    expect(tipOfCollection(cashOnly, 250, null).terminalCharge).toBe(0);
  });

  it("asks to confirm a tip over the bill or over 50 €", () => {
    expect(tipOfCollection(cashOnly, 2000, null).needsConfirmation).toBe(false);
    expect(tipOfCollection(cashOnly, 2001, null).needsConfirmation).toBe(true);
    expect(tipOfCollection({ ...cashOnly, payable: 20000, cash: 20000 }, 5000, null).needsConfirmation).toBe(false);
    expect(tipOfCollection({ ...cashOnly, payable: 20000, cash: 20000 }, 5001, null).needsConfirmation).toBe(true);
  });
});
