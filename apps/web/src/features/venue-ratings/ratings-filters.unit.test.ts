import { describe, expect, it } from "vitest";
import { checkRatingsRange, ratingsApiQuery, ratingsFiltersFromSearch, ratingsFiltersToSearch } from "./ratings-filters.ts";

const today = "2026-11-29";

describe("ratings filters", () => {
  it("default to the last week, every star, and leave the defaults out of the URL", () => {
    const filters = ratingsFiltersFromSearch(new URLSearchParams(), today);
    expect(filters).toEqual({ from: "2026-11-23", to: today, stars: null });
    expect(ratingsFiltersToSearch(filters, today).toString()).toBe("");
  });

  it("read a day and stars back from the URL, and ignore garbled stars", () => {
    const search = ratingsFiltersToSearch({ from: "2026-11-02", to: "2026-11-02", stars: 5 }, today);
    expect(ratingsFiltersFromSearch(search, today)).toEqual({ from: "2026-11-02", to: "2026-11-02", stars: 5 });
    expect(ratingsFiltersFromSearch(new URLSearchParams("stars=9"), today).stars).toBeNull();
    expect(ratingsApiQuery({ from: "2026-11-02", to: "2026-11-03", stars: null }).toString()).toBe(
      "from=2026-11-02&to=2026-11-03",
    );
  });

  it("refuse what the server refuses", () => {
    expect(checkRatingsRange({ from: "", to: today }, today)).toBe("required");
    expect(checkRatingsRange({ from: today, to: "2026-11-30" }, today)).toBe("future");
    expect(checkRatingsRange({ from: today, to: "2026-11-01" }, today)).toBe("endBeforeStart");
    expect(checkRatingsRange({ from: "2026-01-01", to: today }, today)).toBe("tooLong");
    expect(checkRatingsRange({ from: "2026-11-01", to: today }, today)).toBeNull();
  });
});
