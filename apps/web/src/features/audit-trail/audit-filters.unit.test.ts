import { describe, expect, it } from "vitest";
import { auditApiQuery, auditFiltersFromSearch, auditFiltersToSearch, checkAuditRange } from "./audit-filters.ts";

const today = "2026-11-25";

describe("the audit screen's filters in the URL", () => {
  it("default to today, everyone, every kind, the first page", () => {
    expect(auditFiltersFromSearch(new URLSearchParams(), today)).toEqual({
      from: today,
      to: today,
      actorUserId: null,
      kind: null,
      page: 0,
    });
  });

  it("read what the URL names and ignore what is garbled", () => {
    const read = auditFiltersFromSearch(new URLSearchParams("from=2026-11-01&to=2026-11-03&staff=12&kind=GIFT&page=3"), today);
    expect(read).toEqual({ from: "2026-11-01", to: "2026-11-03", actorUserId: 12, kind: "GIFT", page: 2 });
    const garbled = auditFiltersFromSearch(new URLSearchParams("from=yesterday&staff=-1&kind=BRIBE&page=x"), today);
    expect(garbled).toEqual({ from: today, to: today, actorUserId: null, kind: null, page: 0 });
    // One day alone is that day.
    expect(auditFiltersFromSearch(new URLSearchParams("from=2026-11-01"), today).to).toBe("2026-11-01");
  });

  it("round-trip, leaving the defaults out", () => {
    const filters = { from: "2026-11-01", to: "2026-11-03", actorUserId: 12, kind: "DISCOUNT" as const, page: 1 };
    const search = auditFiltersToSearch(filters, today);
    expect(search.toString()).toBe("from=2026-11-01&to=2026-11-03&staff=12&kind=DISCOUNT&page=2");
    expect(auditFiltersFromSearch(search, today)).toEqual(filters);
    expect(auditFiltersToSearch({ from: today, to: today, actorUserId: null, kind: null, page: 0 }, today).toString()).toBe("");
  });

  it("ask the API with its own names, pages from 0", () => {
    const query = auditApiQuery({ from: "2026-11-01", to: "2026-11-03", actorUserId: null, kind: "GIFT", page: 0 });
    expect(query.toString()).toBe("from=2026-11-01&to=2026-11-03&kind=GIFT&page=0");
  });
});

describe("checkAuditRange", () => {
  it("refuses what the server refuses", () => {
    expect(checkAuditRange({ from: "2026-11-01", to: "2026-11-25" }, today)).toBeNull();
    expect(checkAuditRange({ from: "", to: today }, today)).toBe("required");
    expect(checkAuditRange({ from: today, to: "2026-11-26" }, today)).toBe("future");
    expect(checkAuditRange({ from: "2026-11-03", to: "2026-11-01" }, today)).toBe("endBeforeStart");
    expect(checkAuditRange({ from: "2026-08-25", to: "2026-11-24" }, today)).toBeNull();
    expect(checkAuditRange({ from: "2026-08-24", to: "2026-11-24" }, today)).toBe("tooLong");
  });
});
