import { describe, expect, it } from "vitest";
import { changedSettings, describeUnits, staffDisplayName } from "./audit-trail.ts";

describe("staffDisplayName", () => {
  it("is the full name, or the login when the account has no name", () => {
    expect(staffDisplayName({ firstName: "Νίκος", lastName: "Παππάς", login: "nikos" })).toBe("Νίκος Παππάς");
    expect(staffDisplayName({ firstName: "Κουζίνα", lastName: null, login: "kitchen" })).toBe("Κουζίνα");
    expect(staffDisplayName({ firstName: null, lastName: null, login: "kitchen" })).toBe("kitchen");
    expect(staffDisplayName({ firstName: "", lastName: " ", login: "bar" })).toBe("bar");
  });
});

describe("describeUnits", () => {
  it("counts pieces by name in the order first met", () => {
    const units = ["Νερό", "Χωριάτικη", "Νερό", "Νερό"].map((productName) => ({ productName }));
    expect(describeUnits(units)).toBe("3× Νερό, 1× Χωριάτικη");
    expect(describeUnits([])).toBe("");
  });
});

describe("changedSettings", () => {
  it("keeps only what changed, with its value before and after, comparing lists by content", () => {
    const before = { name: "Στέκι", printerIp: null, secondaryCuisine: [1, 3], autoPrintActive: true, untouched: "x" };
    const after = { name: "Νέο Στέκι", printerIp: "192.168.1.80", secondaryCuisine: [1, 3], autoPrintActive: true };
    expect(changedSettings(before, after)).toEqual({
      name: { before: "Στέκι", after: "Νέο Στέκι" },
      printerIp: { before: null, after: "192.168.1.80" },
    });
  });

  it("treats a missing value as empty", () => {
    expect(changedSettings({}, { tin: undefined, zip: "10431" })).toEqual({ zip: { before: null, after: "10431" } });
  });
});
