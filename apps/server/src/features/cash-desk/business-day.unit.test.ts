import { describe, expect, it } from "vitest";
import type { AppError } from "../../lib/app-error.ts";
import { historyRange, todayInAthens } from "./business-day.ts";

describe("the venue's calendar days", () => {
  it("today is the Athens day, which starts before UTC's", () => {
    expect(todayInAthens(new Date("2024-01-15T21:59:00Z"))).toBe("2024-01-15");
    expect(todayInAthens(new Date("2024-01-15T22:00:00Z"))).toBe("2024-01-16");
    // Summer time: UTC+3.
    expect(todayInAthens(new Date("2024-07-15T21:00:00Z"))).toBe("2024-07-16");
  });

  it("the history's range defaults to today and takes up to 92 days, the end not before the start", () => {
    const now = new Date("2024-03-10T10:00:00Z");
    expect(historyRange({}, now)).toEqual({ startDate: "2024-03-10", endDate: "2024-03-10" });
    expect(historyRange({ startDate: "2024-03-01" }, now)).toEqual({ startDate: "2024-03-01", endDate: "2024-03-10" });
    expect(historyRange({ endDate: "2024-02-01" }, now)).toEqual({ startDate: "2024-02-01", endDate: "2024-02-01" });
    expect(historyRange({ startDate: "2024-01-01", endDate: "2024-04-01" }, now).endDate).toBe("2024-04-01");
    const refused = (query: { startDate?: string; endDate?: string }) => {
      try {
        historyRange(query, now);
        return null;
      } catch (error) {
        return (error as AppError).key;
      }
    };
    expect(refused({ startDate: "2024-03-05", endDate: "2024-03-04" })).toBe("invalid_date_range");
    expect(refused({ startDate: "2024-01-01", endDate: "2024-04-02" })).toBe("invalid_date_range");
    expect(refused({ startDate: "2024-03-05", endDate: "2024-03-05" })).toBeNull();
  });
});
