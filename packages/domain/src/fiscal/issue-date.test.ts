import { describe, expect, it } from "vitest";
import { fiscalIssueDate } from "./issue-date.ts";

describe("fiscalIssueDate", () => {
  it("is the calendar day in Athens, in winter (UTC+2) and summer (UTC+3)", () => {
    expect(fiscalIssueDate(new Date("2025-01-14T21:59:59Z"))).toBe("2025-01-14");
    expect(fiscalIssueDate(new Date("2025-01-14T22:00:00Z"))).toBe("2025-01-15");
    expect(fiscalIssueDate(new Date("2025-06-14T20:59:59Z"))).toBe("2025-06-14");
    expect(fiscalIssueDate(new Date("2025-06-14T21:00:00Z"))).toBe("2025-06-15");
  });
  it("refuses an invalid date", () => {
    expect(() => fiscalIssueDate(new Date("nope"))).toThrow(RangeError);
  });
});
