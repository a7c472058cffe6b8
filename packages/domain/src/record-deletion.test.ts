import { describe, expect, it } from "vitest";
import { mayDeleteRecords } from "./record-deletion.ts";

describe("mayDeleteRecords", () => {
  it("lets the administrator delete and not the cash desk or anyone else", () => {
    expect(mayDeleteRecords(["ROLE_ADMIN"])).toBe(true);
    expect(mayDeleteRecords(["ROLE_CASH_DESK"])).toBe(false);
    expect(mayDeleteRecords(["ROLE_EMPLOYEE"])).toBe(false);
    expect(mayDeleteRecords([])).toBe(false);
  });
});
