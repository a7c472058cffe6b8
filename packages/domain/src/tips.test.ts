import { describe, expect, it } from "vitest";
import { checkTip, defaultTipMethod, tipChoices, tipNeedsConfirmation, tipOfOption } from "./tips.ts";

describe("tip choices", () => {
  it("leaves nothing by default", () => {
    expect(tipOfOption("none", 2350)).toBe(0);
  });

  it("rounds the charge up to the next whole euro, a whole-euro bill by a euro", () => {
    expect(tipOfOption("round_up", 2350)).toBe(50);
    expect(tipOfOption("round_up", 2301)).toBe(99);
    expect(tipOfOption("round_up", 2300)).toBe(100);
    expect(tipOfOption("round_up", 0)).toBe(0);
  });

  it("takes 5 % and 10 % of the bill, rounded to the cent", () => {
    expect(tipOfOption("percent_5", 2350)).toBe(118); // 117.5 → 118
    expect(tipOfOption("percent_10", 2350)).toBe(235);
    expect(tipOfOption("percent_10", 1999)).toBe(200); // 199.9 → 200
  });

  it("keeps a typed amount, never below zero", () => {
    expect(tipOfOption("custom", 2350, 300)).toBe(300);
    expect(tipOfOption("custom", 2350, -300)).toBe(0);
    expect(tipOfOption("custom", 2350, Number.NaN)).toBe(0);
  });

  it("lists every choice with the card charge it makes (bill + tip)", () => {
    expect(tipChoices(2350, 400)).toEqual([
      { option: "none", tip: 0, charge: 2350 },
      { option: "round_up", tip: 50, charge: 2400 },
      { option: "percent_5", tip: 118, charge: 2468 },
      { option: "percent_10", tip: 235, charge: 2585 },
      { option: "custom", tip: 400, charge: 2750 },
    ]);
  });
});

describe("tip limits", () => {
  const collection = { method: "CASH" as const, confirmed: false, bill: 2000, cash: 2000, card: 0, onCredit: 0, isGift: false };

  it("accepts no tip and an ordinary one", () => {
    expect(checkTip({ ...collection, amount: 0 })).toBeNull();
    expect(checkTip({ ...collection, amount: 200 })).toBeNull();
  });

  it("refuses a negative tip", () => {
    expect(checkTip({ ...collection, amount: -1 })).toBe("tip_negative");
    expect(checkTip({ ...collection, amount: 1.5 })).toBe("tip_negative");
  });

  it("refuses a tip on a gift or on credit", () => {
    expect(checkTip({ ...collection, amount: 100, isGift: true })).toBe("tip_not_allowed");
    expect(checkTip({ ...collection, amount: 100, cash: 1000, onCredit: 1000 })).toBe("tip_not_allowed");
  });

  it("takes a tip only with a part paid its way (declared inside that part)", () => {
    expect(checkTip({ ...collection, amount: 100, method: "CARD" })).toBe("tip_method_not_in_payment");
    expect(checkTip({ ...collection, amount: 100, method: "CARD", cash: 0, card: 2000 })).toBeNull();
    expect(checkTip({ ...collection, amount: 100, method: "CASH", cash: 0, card: 2000 })).toBe("tip_method_not_in_payment");
  });

  it("asks to confirm a tip over the bill or over 50 €", () => {
    expect(tipNeedsConfirmation(2000, 2000)).toBe(false);
    expect(tipNeedsConfirmation(2001, 2000)).toBe(true);
    expect(tipNeedsConfirmation(5001, 100_000)).toBe(true);
    expect(tipNeedsConfirmation(5000, 100_000)).toBe(false);
    expect(checkTip({ ...collection, amount: 2500 })).toBe("tip_needs_confirmation");
    expect(checkTip({ ...collection, amount: 2500, confirmed: true })).toBeNull();
  });

  it("goes with the card when the card carries the payment, else with cash", () => {
    expect(defaultTipMethod({ cash: 0, card: 1000 })).toBe("CARD");
    expect(defaultTipMethod({ cash: 1000, card: 0 })).toBe("CASH");
    expect(defaultTipMethod({ cash: 500, card: 500 })).toBe("CASH");
  });
});
