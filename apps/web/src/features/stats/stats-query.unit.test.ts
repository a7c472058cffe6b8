import { describe, expect, it } from "vitest";
import { filtersFromQuery, filtersToQuery, filtersToRequest, NO_FILTERS } from "./stats-query.ts";

describe("stats filters in the URL", () => {
  it("no filter is a bare URL and a live request", () => {
    expect(filtersToQuery(NO_FILTERS).toString()).toBe("");
    expect(filtersToRequest(filtersFromQuery(new URLSearchParams()))).toEqual({ live: true });
  });
  it("round-trips every filter", () => {
    const filters = {
      mode: "CUSTOM" as const,
      startDate: "2026-03-01",
      endDate: "2026-03-29",
      startTime: "08:05",
      endTime: "23:55",
      sources: ["DINE_IN" as const, "DELIVERY" as const],
      tableIds: [3, 7],
      areaIds: [2],
    };
    const query = filtersToQuery(filters);
    expect(query.toString()).toBe(
      "mode=CUSTOM&from=2026-03-01&to=2026-03-29&tf=08%3A05&tt=23%3A55&src=DINE_IN%2CDELIVERY&tables=3%2C7&areas=2",
    );
    expect(filtersFromQuery(new URLSearchParams(query.toString()))).toEqual(filters);
    expect(filtersToRequest(filters)).toEqual({
      live: false,
      dateFilters: { startDate: "2026-03-01", endDate: "2026-03-29" },
      timeFilters: { startTime: "08:05", endTime: "23:55" },
      orderSourceFilters: ["DINE_IN", "DELIVERY"],
      tableFilters: [3, 7],
      prepAreaFilters: [2],
    });
  });
  it("leaves out what is malformed", () => {
    const read = filtersFromQuery(
      new URLSearchParams("mode=WEEK&from=26-1-1&tf=24:00&tt=10:00&src=ROOM,TAKE_AWAY&tables=x,4,-1"),
    );
    expect(read).toEqual({ ...NO_FILTERS, sources: ["TAKE_AWAY"], tableIds: [4] });
  });
});
