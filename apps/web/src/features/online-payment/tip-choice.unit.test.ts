import { describe, expect, it } from "vitest";
import { chosenTip, NO_TIP, typedTipCents } from "./tip-choice.ts";

describe("the guest's tip choice on a card payment", () => {
  it("leaves no tip by default: the charge is the bill", () => {
    expect(chosenTip(NO_TIP, 3350)).toEqual({ tip: 0, charge: 3350, needsConfirmation: false });
  });

  it("works the options out on the bill: round up, 5 %, 10 %", () => {
    expect(chosenTip({ option: "round_up", typed: "" }, 3350)).toEqual({ tip: 50, charge: 3400, needsConfirmation: false });
    expect(chosenTip({ option: "percent_5", typed: "" }, 3350)).toEqual({ tip: 168, charge: 3518, needsConfirmation: false });
    expect(chosenTip({ option: "percent_10", typed: "" }, 2200)).toEqual({ tip: 220, charge: 2420, needsConfirmation: false });
  });

  it("takes a typed amount in either decimal mark; what is typed counts only for the custom option", () => {
    expect(chosenTip({ option: "custom", typed: "2,5" }, 2200)).toMatchObject({ tip: 250, charge: 2450 });
    expect(chosenTip({ option: "custom", typed: "3.10" }, 2200)).toMatchObject({ tip: 310, charge: 2510 });
    expect(chosenTip({ option: "percent_10", typed: "9" }, 2200)).toMatchObject({ tip: 220 });
  });

  it("reads empty, unreadable or negative text as no tip", () => {
    expect(typedTipCents("")).toBe(0);
    expect(typedTipCents("abc")).toBe(0);
    expect(typedTipCents("-4")).toBe(0);
    expect(chosenTip({ option: "custom", typed: "" }, 2200)).toEqual({ tip: 0, charge: 2200, needsConfirmation: false });
  });

  it("asks the guest to confirm a tip over the bill or over 50 €, not one equal to them", () => {
    expect(chosenTip({ option: "custom", typed: "22" }, 2200).needsConfirmation).toBe(false);
    expect(chosenTip({ option: "custom", typed: "22,01" }, 2200).needsConfirmation).toBe(true);
    expect(chosenTip({ option: "custom", typed: "50" }, 20_000).needsConfirmation).toBe(false);
    expect(chosenTip({ option: "custom", typed: "50,50" }, 20_000).needsConfirmation).toBe(true);
  });
});
