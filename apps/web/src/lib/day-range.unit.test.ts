import { describe, expect, it } from "vitest";
import { checkDayRange, daysBefore, isDay } from "./day-range.ts";

const today = "2026-03-30";

describe("a range of days an admin screen asks for", () => {
  it("reads only YYYY-MM-DD as a day", () => {
    expect(isDay("2026-03-01")).toBe(true);
    expect(isDay("2026-3-1")).toBe(false);
    expect(isDay(null)).toBe(false);
  });

  it("counts back whole days across the change to summer time and a month's end", () => {
    expect(daysBefore("2026-03-30", 1)).toBe("2026-03-29");
    expect(daysBefore("2026-03-01", 1)).toBe("2026-02-28");
  });

  it("refuses a missing day, a future day, an end before the start, and more than the longest range", () => {
    expect(checkDayRange({ from: "", to: today }, today, 7)).toBe("required");
    expect(checkDayRange({ from: today, to: "2026-03-31" }, today, 7)).toBe("future");
    expect(checkDayRange({ from: "2026-03-29", to: "2026-03-28" }, today, 7)).toBe("endBeforeStart");
    expect(checkDayRange({ from: "2026-03-24", to: today }, today, 7)).toBeNull();
    expect(checkDayRange({ from: "2026-03-23", to: today }, today, 7)).toBe("tooLong");
  });
});
