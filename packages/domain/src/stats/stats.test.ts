import { describe, expect, it } from "vitest";
import { statsRequest } from "../contracts/stats.ts";
import { HOUR_CHOICES, MINUTE_CHOICES, monthGrid, monthRange, yearChoices, yearRange } from "./stats-calendar.ts";
import { groupStats, nextSort, sortProductCounts } from "./stats-groups.ts";
import { daysBetween, isUnfiltered, resolveStatsPeriod } from "./stats-period.ts";

const today = "2026-11-25";

describe("the stats period", () => {
  it("no filter is today, live", () => {
    expect(resolveStatsPeriod({}, today)).toEqual({
      startDate: today,
      endDate: today,
      startMinute: null,
      endMinute: null,
      live: true,
    });
    expect(isUnfiltered({ orderSourceFilters: [], tableFilters: [] })).toBe(true);
    expect(isUnfiltered({ tableFilters: [3] })).toBe(false);
  });
  it("a start alone is that day; times are inclusive minutes", () => {
    const period = resolveStatsPeriod(
      { dateFilters: { startDate: "2026-03-29" }, timeFilters: { startTime: "08:05", endTime: "23:59" } },
      today,
    );
    expect(period).toEqual({ startDate: "2026-03-29", endDate: "2026-03-29", startMinute: 485, endMinute: 1439, live: false });
  });
  it("an end before its start, or a future day, is refused with its key", () => {
    expect(resolveStatsPeriod({ dateFilters: { startDate: "2026-05-02", endDate: "2026-05-01" } }, today)).toBe(
      "stats_end_before_start",
    );
    expect(resolveStatsPeriod({ timeFilters: { startTime: "10:00", endTime: "09:55" } }, today)).toBe("stats_end_before_start");
    expect(resolveStatsPeriod({ dateFilters: { startDate: "2026-11-26" } }, today)).toBe("future_date");
    expect(resolveStatsPeriod({ dateFilters: { startDate: "2026-11-01", endDate: "2026-12-01" } }, today)).toBe("future_date");
  });
  it("the request's shape refuses hour 24, minute 60, unknown sources and impossible days", () => {
    const bad = [
      { timeFilters: { startTime: "24:00", endTime: "23:00" } },
      { timeFilters: { startTime: "10:60", endTime: "11:00" } },
      { timeFilters: { startTime: "9:00", endTime: "11:00" } },
      { orderSourceFilters: ["ROOM_SERVICE"] },
      { dateFilters: { startDate: "2026-02-30" } },
      { tableFilters: [0] },
    ];
    for (const body of bad) expect(statsRequest.safeParse(body).success, JSON.stringify(body)).toBe(false);
    expect(statsRequest.safeParse({ orderSourceFilters: ["DELIVERY"], dateFilters: { startDate: "2024-02-29" } }).success).toBe(
      true,
    );
  });
  it("counts calendar days across DST changes", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
    expect(daysBetween("2026-10-25", "2026-10-25")).toEqual(["2026-10-25"]);
  });
});

describe("the spec's groups and the consumption sort", () => {
  it("total income and uncollected add the right totals", () => {
    const groups = groupStats({
      cashTotal: 2200,
      posTotal: 2550,
      onlineTotal: 700,
      onCreditTotal: 300,
      giftsTotal: 100,
      cancelledTotal: 950,
      discountsTotal: 450,
      tablesTotal: 4,
    });
    expect(groups).toEqual({ totalIncome: 5750, uncollected: 1500, tableServices: 4 });
  });
  it("cycles NONE → DESC → ASC → NONE", () => {
    expect(nextSort("NONE")).toBe("DESC");
    expect(nextSort("DESC")).toBe("ASC");
    expect(nextSort("ASC")).toBe("NONE");
    const lines = [
      { name: "Νερό", amount: 300, count: 3 },
      { name: "Freddo", amount: 700, count: 2 },
      { name: "Χωριάτικη", amount: 1900, count: 2 },
    ];
    expect(sortProductCounts(lines, "amount", "DESC").map((l) => l.amount)).toEqual([1900, 700, 300]);
    expect(sortProductCounts(lines, "count", "ASC").map((l) => l.count)).toEqual([2, 2, 3]);
    expect(sortProductCounts(lines, "amount", "NONE")).toEqual(lines);
  });
});

describe("the pickers", () => {
  it("a month grid has 42 days and starts on a Monday", () => {
    const grid = monthGrid(2026, 2);
    expect(grid).toHaveLength(42);
    expect(grid[0]).toEqual({ date: "2026-01-26", day: 26, inMonth: false });
    expect(new Date(`${grid[0].date}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(grid.filter((c) => c.inMonth)).toHaveLength(28);
    // A month starting on a Monday starts on its first cell.
    expect(monthGrid(2026, 6)[0]).toEqual({ date: "2026-06-01", day: 1, inMonth: true });
  });
  it("years run from this year down to 2000; hours 00-23, minutes in steps of 5", () => {
    const years = yearChoices(2026);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2000);
    expect(years).toHaveLength(27);
    expect(HOUR_CHOICES).toHaveLength(24);
    expect(HOUR_CHOICES.at(-1)).toBe("23");
    expect(MINUTE_CHOICES).toEqual(["00", "05", "10", "15", "20", "25", "30", "35", "40", "45", "50", "55"]);
  });
  it("a month or a year never reaches past today", () => {
    expect(monthRange(2026, 11, today)).toEqual({ startDate: "2026-11-01", endDate: today });
    expect(monthRange(2024, 2, today)).toEqual({ startDate: "2024-02-01", endDate: "2024-02-29" });
    expect(yearRange(2025, today)).toEqual({ startDate: "2025-01-01", endDate: "2025-12-31" });
    expect(yearRange(2026, today).endDate).toBe(today);
  });
});
