import { AUDIT_KINDS, type AuditKind, type AuditQueryInput, MAX_AUDIT_DAYS } from "@tableorder/domain/contracts/audit";
import { checkDayRange, type DayRangeError, isDay } from "../../lib/day-range.ts";

/** The audit screen's filters, kept in the URL so a filtered view can be reloaded or shared. */
export interface AuditFilters {
  /** Athens calendar days, YYYY-MM-DD. */
  from: string;
  to: string;
  actorUserId: number | null;
  kind: AuditKind | null;
  page: number;
}

/** The filters a URL names; what it leaves out (or garbles) is today, everyone, every kind, page 1. */
export function auditFiltersFromSearch(search: URLSearchParams, today: string): AuditFilters {
  const from = isDay(search.get("from")) ? (search.get("from") as string) : today;
  const to = isDay(search.get("to")) ? (search.get("to") as string) : from;
  const actor = Number(search.get("staff"));
  const kind = search.get("kind");
  const page = Number(search.get("page"));
  return {
    from,
    to,
    actorUserId: Number.isInteger(actor) && actor > 0 ? actor : null,
    kind: AUDIT_KINDS.includes(kind as AuditKind) ? (kind as AuditKind) : null,
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The URL query of a set of filters; the defaults stay out of it. */
export function auditFiltersToSearch(filters: AuditFilters, today: string): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.from !== today || filters.to !== today) search.set("from", filters.from);
  if (filters.to !== filters.from) search.set("to", filters.to);
  if (filters.actorUserId != null) search.set("staff", String(filters.actorUserId));
  if (filters.kind) search.set("kind", filters.kind);
  if (filters.page > 0) search.set("page", String(filters.page + 1));
  return search;
}

/** Why the range cannot be asked for, or null (the server refuses the same, over MAX_AUDIT_DAYS). */
export const checkAuditRange = (filters: Pick<AuditFilters, "from" | "to">, today: string): DayRangeError | null =>
  checkDayRange(filters, today, MAX_AUDIT_DAYS);

/** The API's query for the filters (GET api/crm/audit and api/crm/audit.csv). */
export function auditApiQuery(filters: AuditFilters): URLSearchParams {
  const query: Record<keyof AuditQueryInput, string | undefined> = {
    from: filters.from,
    to: filters.to,
    actorUserId: filters.actorUserId == null ? undefined : String(filters.actorUserId),
    kind: filters.kind ?? undefined,
    page: String(filters.page),
  };
  return new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
