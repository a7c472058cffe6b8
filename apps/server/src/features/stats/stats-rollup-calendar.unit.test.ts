import { describe, expect, it } from "vitest";
import { athensMidnight, dayAfter, lastFinishedDay, nextDayFinishedAt } from "./stats-rollup-calendar.ts";

const at = (iso: string) => new Date(iso);

describe("the roll-up's calendar", () => {
  it("finishes a day 15 minutes after the Athens midnight that ends it, winter and summer", () => {
    // Winter: Athens is UTC+2, so its midnight of 26 November is 22:00 UTC.
    expect(lastFinishedDay(at("2026-11-25T22:14:59Z"))).toBe("2026-11-24");
    expect(lastFinishedDay(at("2026-11-25T22:15:00Z"))).toBe("2026-11-25");
    // Summer: UTC+3.
    expect(lastFinishedDay(at("2026-07-14T21:14:00Z"))).toBe("2026-07-13");
    expect(lastFinishedDay(at("2026-07-14T21:20:00Z"))).toBe("2026-07-14");
  });

  it("finds Athens midnight on the days the clocks change and around them", () => {
    expect(athensMidnight("2026-03-29").toISOString()).toBe("2026-03-28T22:00:00.000Z");
    expect(athensMidnight("2026-03-30").toISOString()).toBe("2026-03-29T21:00:00.000Z");
    expect(athensMidnight("2026-10-25").toISOString()).toBe("2026-10-24T21:00:00.000Z");
    expect(athensMidnight("2026-10-26").toISOString()).toBe("2026-10-25T22:00:00.000Z");
  });

  it("schedules the next run when the next day is finished, the same night before 00:15", () => {
    expect(nextDayFinishedAt(at("2026-11-25T12:00:00Z")).toISOString()).toBe("2026-11-25T22:15:00.000Z");
    expect(nextDayFinishedAt(at("2026-11-25T22:10:00Z")).toISOString()).toBe("2026-11-25T22:15:00.000Z");
    expect(nextDayFinishedAt(at("2026-11-25T22:15:00Z")).toISOString()).toBe("2026-11-26T22:15:00.000Z");
    // The 23-hour day the clocks go forward, and the 25-hour day they go back.
    expect(nextDayFinishedAt(at("2026-03-29T10:00:00Z")).toISOString()).toBe("2026-03-29T21:15:00.000Z");
    expect(nextDayFinishedAt(at("2026-10-25T10:00:00Z")).toISOString()).toBe("2026-10-25T22:15:00.000Z");
  });

  it("finishes exactly one more day at each scheduled moment, at every hour of the day through a year", () => {
    for (let t = Date.parse("2026-01-01T00:30:00Z"); t < Date.parse("2027-01-01T00:00:00Z"); t += 5 * 3_600_000) {
      const next = nextDayFinishedAt(new Date(t));
      expect(next.getTime()).toBeGreaterThan(t);
      expect(lastFinishedDay(new Date(next.getTime() - 1))).toBe(lastFinishedDay(new Date(t)));
      expect(lastFinishedDay(next)).toBe(dayAfter(lastFinishedDay(new Date(t))));
    }
  });
});
